export {REASON_CODES} from './reason-codes.js'
export {renderExpression} from './render-expression.js'
export {BECAUSE_KINDS, type Because, type BecauseKind, type ElementRef, type Explanation, type InputCitation, type ReasonCode, type Term, type Verdict} from './types.js'
export {explainElement, verdictOf, type ExplainOptions} from './why.js'
export {freeChoiceOf, freeChoiceRuleText, freeChoices, type FreeChoice, type FreeChoiceRule} from './free-choice.js'
export {
    conflictHeadline,
    conflictInputs,
    conflictOf,
    describeConflictItem,
    errorSummary,
    failureSummary,
    minimalConflict,
    type ConflictItem,
    type Item as RecordItem,
} from './conflict.js'
export {startWhatIf, whatIf, type Suggestion, type WhatIf, type WhatIfOptions} from './what-if.js'
export {repairs, startRepairs, type Repair, type RepairOptions, type Repairs} from './repairs.js'
export {inputChoices, sameValue} from './input-choices.js'
export type {InputChange, SearchLimits, SearchProgress, StepwiseSearch} from './search.js'
export {
    DocumentExplainer,
    explanationDocument,
    explanationJson,
    nestedJson,
    type DocumentBecause,
    type DocumentElement,
    type DocumentOptions,
    type ExplanationDocument,
} from './document.js'
export {explanationLines, renderSummaryLine, type ExplanationLine} from './lines.js'
