// Effective variability options: what each option is for a template, and where its value came from.
export * from './options.js'
export {OPTION_KINDS, PRUNING_MODES, type OptionKind, type PruningMode} from './modes.js'
export {effectiveOptions, validateOptions} from './every.js'
