export {buildGraph, type TechnologyEnrichment} from './build.js'
export {Graph} from './graph.js'
export {isMap, toList} from './collections.js'
export * from './elements.js'
