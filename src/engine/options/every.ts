// Every option a template can write, read through Options: for the report's list
// of what differs from the defaults, and to check all of them in one pass before
// resolving instead of when each is first read.
import {collectErrors, TrellisError} from '../errors.js'
import {CHECK_GROUP, CONSTRAINT_OPTIONS, Options, type CheckOption, type Resolved} from './options.js'
import {OPTION_KINDS} from './modes.js'

const MODE_KINDS = ['node', 'relation', 'artifact', 'property', 'technology'] as const

/** Every option by the name a template would write it, with how to read its effective value. */
function readers(o: Options): [string, () => Resolved<unknown>][] {
    const out: [string, () => Resolved<unknown>][] = [['mode', () => o.mode]]
    for (const k of OPTION_KINDS)
        out.push(
            [`${k}_default_condition`, () => o.defaultCondition(k)],
            [`${k}_default_consistency_condition`, () => o.defaultConsistency(k)],
            [`${k}_default_semantic_condition`, () => o.defaultSemantic(k)],
            [`${k}_pruning`, () => o.pruning(k)],
            [`${k}_consistency_pruning`, () => o.consistencyPruning(k)],
            [`${k}_semantic_pruning`, () => o.semanticPruning(k)],
        )
    for (const k of MODE_KINDS) out.push([`${k}_default_condition_mode`, () => o.defaultConditionMode(k)])
    out.push(['relation_default_implied', () => o.relationDefaultImplied()], ['checks', () => o.checks()])
    for (const c of Object.keys(CHECK_GROUP) as CheckOption[]) out.push([c, () => o.check(c)])
    out.push(
        ['optimization_topology', () => o.optimizationTopology()],
        ['optimization_topology_unique', () => o.optimizationTopologyUnique()],
        ['optimization_topology_mode', () => o.optimizationTopologyMode()],
        ['optimization_technologies', () => o.optimizationTechnologies()],
        ['optimization_technologies_unique', () => o.optimizationTechnologiesUnique()],
        ['optimization_technologies_mode', () => o.optimizationTechnologiesMode()],
    )
    for (const c of CONSTRAINT_OPTIONS) out.push([c, () => o.constraint(c)])
    out.push(
        ['enrich_input_condition', () => o.enrichInputCondition()],
        ['enrich_technologies', () => o.enrichTechnologies()],
        ['enrich_implementations', () => o.enrichImplementations()],
    )
    return out
}

/** Every option by the name a template would write it, with its effective value. */
export function effectiveOptions(o: Options): [string, Resolved<unknown>][] {
    return readers(o).map(([name, read]) => [name, read()])
}

/** Reads every option, so a mistyped or unknown value anywhere is an error now: all such mistakes at once. */
export function validateOptions(o: Options): void {
    // one mistake is read by every option that falls back on it: report it once
    const errors = new Map<string, TrellisError>()
    for (const [, read] of readers(o))
        try {
            read()
        } catch (e) {
            if (!(e instanceof TrellisError)) throw e
            if (!errors.has(e.describe())) errors.set(e.describe(), e)
        }
    if (errors.size) throw collectErrors([...errors.values()])
}
