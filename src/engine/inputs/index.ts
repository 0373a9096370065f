export {readVariabilityDefinition, type PresetDefinition, type VariabilityDefinition, type VariabilityInputDefinition} from './definitions.js'
export {VariabilityInputs} from './values.js'
export {checkInputConstraints, inputConstraintViolations, type InputConstraintViolation} from './constraints.js'
export {describeSource, type InputAssignment, type InputSource, type InputValue} from './types.js'
