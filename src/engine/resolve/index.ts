export {definedInputValues, readDefinitionOf, variabilityInputNames} from './definition.js'
export {EarlyCheckError, prepare, type PreparedModel, type PrepareHooks, type ReadModel, type ResolveRequest} from './prepare.js'
export {decide, ResolutionError, type ResolutionFailure, type ResolvedModel} from './decide.js'
export {checkResolution, finishResolution, type Resolution} from './finish.js'
export {
    conflictHeadline,
    conflictInputs,
    conflictOf,
    describeConflictItem,
    documentedConflict,
    choiceHeadline,
    conflictLocation,
    errorNotes,
    errorSummary,
    failureNotes,
    failureSummary,
    minimalConflict,
    type ConflictItem,
} from './conflict.js'
export {declaredConstraints, type DeclaredConstraints, inputChoices, sameValue} from './input-choices.js'
export {type Outcome, outputOf, resolveTemplate} from './outcome.js'
