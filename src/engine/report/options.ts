// Every effective option compared with the definitions version's defaults, so a
// report lists exactly what the template (or its pruning mode) changed.
import type {SourceLocation} from '../errors.js'
import {CHECK_GROUP, CONSTRAINT_OPTIONS, OPTION_KINDS, Options, type CheckOption, type OptionOrigin, type Resolved} from '../options/index.js'
import type {ReportOption} from './types.js'

const MODE_KINDS = ['node', 'relation', 'artifact', 'property', 'technology'] as const

/** Every option by the name a template would write it, with its effective value. */
export function effectiveOptions(o: Options): [string, Resolved<unknown>][] {
    const out: [string, Resolved<unknown>][] = [['mode', o.mode]]
    for (const k of OPTION_KINDS)
        out.push(
            [`${k}_default_condition`, o.defaultCondition(k)],
            [`${k}_default_consistency_condition`, o.defaultConsistency(k)],
            [`${k}_default_semantic_condition`, o.defaultSemantic(k)],
            [`${k}_pruning`, o.pruning(k)],
            [`${k}_consistency_pruning`, o.consistencyPruning(k)],
            [`${k}_semantic_pruning`, o.semanticPruning(k)],
        )
    for (const k of MODE_KINDS) out.push([`${k}_default_condition_mode`, o.defaultConditionMode(k)])
    out.push(['relation_default_implied', o.relationDefaultImplied()], ['checks', o.checks()])
    for (const c of Object.keys(CHECK_GROUP) as CheckOption[]) out.push([c, o.check(c)])
    out.push(
        ['optimization_topology', o.optimizationTopology()],
        ['optimization_topology_unique', o.optimizationTopologyUnique()],
        ['optimization_topology_mode', o.optimizationTopologyMode()],
        ['optimization_technologies', o.optimizationTechnologies()],
        ['optimization_technologies_unique', o.optimizationTechnologiesUnique()],
        ['optimization_technologies_mode', o.optimizationTechnologiesMode()],
    )
    for (const c of CONSTRAINT_OPTIONS) out.push([c, o.constraint(c)])
    out.push(['enrich_input_condition', o.enrichInputCondition()], ['enrich_technologies', o.enrichTechnologies()], ['enrich_implementations', o.enrichImplementations()])
    return out
}

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
