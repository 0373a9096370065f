// Every effective option compared with the definitions version's defaults, so a
// report lists exactly what the template (or its pruning mode) changed.
export {effectiveOptions} from '../options/index.js'
import type {SourceLocation} from '../errors.js'
import {effectiveOptions, Options, type OptionOrigin} from '../options/index.js'
import type {ReportOption} from './types.js'

/** Options whose value differs from what the same definitions version gives a template without options. */
export function differingOptions(o: Options): ReportOption[] {
    const defaults = new Map(effectiveOptions(new Options({}, o.version)))
    return effectiveOptions(o)
        .filter(([name, r]) => JSON.stringify(r.value) !== JSON.stringify(defaults.get(name)?.value))
        .map(([name, r]) => ({name, value: r.value, default: defaults.get(name)?.value ?? null, origin: describeOrigin(r.origin, r.option, name)}))
}

const at = (l: SourceLocation | undefined) => (l ? ` (${l.file}:${l.line}:${l.column})` : '')

export function describeOrigin(origin: OptionOrigin, option: string, asked: string): string {
    switch (origin.kind) {
        case 'template':
            return `${option === asked ? 'template' : `template option ${option}`}${at(origin.location)}`
        case 'mode':
            return `pruning mode ${origin.mode}`
        case 'version':
            return `default of ${origin.version}`
        case 'builtin':
            return 'default'
    }
}
