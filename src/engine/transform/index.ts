export {checkTransform, transform} from './template.js'
export {stringifyTemplate, templateChunks} from './yaml.js'
