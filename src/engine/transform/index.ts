export {transform} from './template.js'
export {stringifyTemplate} from './yaml.js'
