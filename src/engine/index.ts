// The engine's one door: everything the shells (cli, tui) and the app layer may use.
// Stages import each other through their own index.ts; nothing outside src/engine
// imports past this file (test/engine/boundaries.test.ts checks it).

export {
    aboutChoices,
    type Diagnostic,
    ERROR_CODES,
    ERROR_MEANINGS,
    type ErrorCode,
    formatLocation,
    isTrellisError,
    MAX_ERRORS,
    type RelatedLocation,
    type SourceLocation,
    TrellisError,
} from './errors.js'
export {count, grouped} from './plural.js'
export {CONTROL_RANGES, escapedControl, renderExpression, textOf, typedText} from './text.js'
export {shellWord} from './shell-word.js'
export {closestName} from './names.js'
export {
    findTechnologyPlugins,
    isBelow,
    entryAt,
    isDirectory,
    type LoadedPlugin,
    type LoadedTemplate,
    loadTechnologyPlugins,
    loadTemplate,
    templateFromText,
    type PluginPolicy,
    type ReadOptions,
    readRegularFile,
    processRunning,
    batches,
    writeAll,
    entryNameProblem,
    MAX_ENTRY_DEPTH,
    readYamlFile,
    readYamlText,
    readValueText,
    ValueTextError,
    maxYamlBytes,
    realpath,
    setMaxYamlSize,
    DEFAULT_MAX_YAML_MB,
    type ParsedYaml,
    isArchiveName,
    releaseArchives,
    removeArchivesAtExit,
    removeThreadArchives,
    entryDefinitions,
    TOSCA_META,
    shownPath,
} from './load/index.js'
export {type Element, ELEMENT_KINDS, type Graph} from './model/index.js'
export {operatorNames} from './expressions/index.js'
export {type Measure, technologySteps} from './solve/index.js'
export {
    describeSource,
    type FileNaming,
    type InputAssignment,
    type InputSource,
    inputText,
    type InputValue,
    type PresetDefinition,
    readTypedText,
    type TypedText,
    type VariabilityDefinition,
    type VariabilityInputDefinition,
    VariabilityInputs,
} from './inputs/index.js'
export {stringifyTemplate, templateChunks} from './transform/index.js'
export {
    conflictHeadline,
    conflictInputs,
    type ConflictItem,
    choiceHeadline,
    conflictLocation,
    definedInputValues,
    documentedConflict,
    errorNotes,
    errorSummary,
    declaredConstraints,
    inputChoices,
    type Outcome,
    outputOf,
    readDefinitionOf,
    type ResolvedModel,
    type ResolveRequest,
    resolveTemplate,
    sameValue,
    variabilityInputNames,
} from './resolve/index.js'
export {
    DecisiveInputs,
    type DocumentBecause,
    explainElement,
    type Explanation,
    explanationJson,
    nestedJson,
    type ExplanationLine,
    explanationLines,
    freeChoiceRuleText,
    freeChoiceSituation,
    type InputChange,
    namedCondition,
    type NamedCondition,
    type ReasonCode,
    type Repair,
    REASON_CODES,
    renderSummaryLine,
    startRepairs,
    startWhatIf,
    verdictOf,
    whatIf,
    type WhatIf,
} from './explain/index.js'
export {
    elementSummary,
    PrunedElements,
    reportStream,
    type ReportData,
    type ReportDiagnostic,
    type ReportElement,
    type ReportOption,
    type ReportOutcome,
    type ReportStream,
    type ReportTopology,
} from './report/index.js'
export {analyzeTemplate, DEFAULT_COMBINATIONS, type Analysis, type Finding, type ReasonLine, type Severity} from './analyze/index.js'
export {fflatePackage, yamlPackage} from './yaml-package.js'
