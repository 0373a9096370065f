export {candidates, type TechnologyCandidate} from './match.js'
export type {TechnologyPlugin, TechnologyPluginBuilder} from './plugins.js'
export {readRules, type TechnologyRule} from './rules.js'
export {TypeHierarchy} from './types.js'
