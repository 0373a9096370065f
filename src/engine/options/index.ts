// Effective variability options: what each option is for a template, and where its value came from.
export * from './options.js'
export {OPTION_KINDS, type OptionKind} from './modes.js'
export {effectiveOptions, validateOptions} from './every.js'
