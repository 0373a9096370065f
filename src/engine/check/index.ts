export {persistentCheck} from './persistent.js'
export {CHECK_LIST, enabledChecks, runChecks, type CheckInfo} from './catalogue.js'
