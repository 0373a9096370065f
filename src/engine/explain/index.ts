export {REASON_CODES} from './reason-codes.js'
export {namedCondition, type NamedCondition} from './codes.js'
export {renderExpression} from './render-expression.js'
export {BECAUSE_KINDS, type Because, type Explanation, type ReasonCode} from './types.js'
export {explainElement, verdictOf} from './why.js'
export {DecisiveInputs} from './decisive.js'
export {freeChoiceRuleText, freeChoices, type FreeChoiceRule} from './free-choice.js'
export {
    conflictHeadline,
    conflictInputs,
    conflictOf,
    describeConflictItem,
    conflictLocation,
    errorNotes,
    errorSummary,
    failureNotes,
    failureSummary,
    minimalConflict,
    type ConflictItem,
} from './conflict.js'
export {startWhatIf, whatIf, type WhatIf} from './what-if.js'
export {repairs, startRepairs, type Repair} from './repairs.js'
export {inputChoices, sameValue} from './input-choices.js'
export {withMissingInputs} from './missing-inputs.js'
export type {InputChange} from './search.js'
export {DocumentExplainer, explanationDocument, explanationJson, nestedJson, type DocumentBecause, type DocumentElement} from './document.js'
export {explanationLines, renderSummaryLine, type ExplanationLine} from './lines.js'
