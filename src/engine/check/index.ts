export {CHECK_LIST, enabledChecks, runChecks, type CheckInfo} from './catalogue.js'
