export {persistentCheck} from './persistent.js'
export {CHECK_LIST, enabledChecks, runChecks} from './catalogue.js'
