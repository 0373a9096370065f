// The checks in the order the reference runs them (notes §10): the first
// failure wins, so the order decides which message a user sees.
import {CHECK_GROUP, type CheckOption, type Options} from '../options/index.js'
import {TrellisError} from '../errors.js'
import type {Element, Graph} from '../model/index.js'
import * as consistency from './consistency.js'
import type {Failure, Finder, Present} from './find.js'
import * as semantic from './semantic.js'

export interface CheckInfo {
    readonly name: string
    /** The option that switches the check (see Options#check). */
    readonly option: CheckOption
    readonly kind: 'consistency' | 'semantic'
}

interface Check extends CheckInfo {
    readonly find: Finder
}

function check(name: string, option: CheckOption, find: Finder): Check {
    return {name, option, kind: CHECK_GROUP[option], find}
}

const CHECKS: readonly Check[] = [
    check('relation source', 'relation_source_check', consistency.relationSource),
    check('relation target', 'relation_target_check', consistency.relationTarget),
    check('missing artifact container', 'missing_artifact_container_check', consistency.missingArtifactContainer),
    check('ambiguous artifact', 'ambiguous_artifact_check', consistency.ambiguousArtifact),
    check('missing property container', 'missing_property_container_check', consistency.missingPropertyContainer),
    check('ambiguous property', 'ambiguous_property_check', consistency.ambiguousProperty),
    check('missing type container', 'missing_type_container_check', consistency.missingTypeContainer),
    check('ambiguous type', 'ambiguous_type_check', consistency.ambiguousType),
    check('ambiguous hosting', 'ambiguous_hosting_check', consistency.ambiguousHosting),
    check('expected hosting', 'expected_hosting_check', semantic.expectedHosting),
    check('expected incoming relation', 'expected_incoming_relation_check', semantic.expectedIncomingRelation),
    check('expected artifact', 'expected_artifact_check', semantic.expectedArtifact),
    check('expected technology', 'expected_technology_check', semantic.expectedTechnology),
    check('missing technology container', 'missing_technology_container_check', consistency.missingTechnologyContainer),
    check('ambiguous technology', 'ambiguous_technology_check', consistency.ambiguousTechnology),
    check('ambiguous input', 'ambiguous_input_check', consistency.ambiguousInput),
    // The reference gates this one with the unproduced-output option by mistake; we use its own option.
    check('unconsumed input', 'unconsumed_input_check', semantic.unconsumedInput),
    check('ambiguous output', 'ambiguous_output_check', consistency.ambiguousOutput),
    check('unproduced output', 'unproduced_output_check', consistency.unproducedOutput),
    check('ambiguous relation', 'ambiguous_relation_check', consistency.ambiguousRelation),
]

/** The checks as data, in running order, for reports. */
export const CHECK_LIST: readonly CheckInfo[] = CHECKS.map(({name, option, kind}) => ({name, option, kind}))

/** The checks the options switch on, in running order. */
export function enabledChecks(options: Options): CheckInfo[] {
    return CHECK_LIST.filter(c => options.check(c.option).value)
}

/** Runs the enabled checks on the solved presence; throws `check-failed` at the first failure. */
export function runChecks(graph: Graph, present: (e: Element) => boolean, options: Options): void {
    let byNode: Map<Check, Failure> | undefined
    // options are read in running order, up to the first failure: a malformed option of a later check is
    // reported only when no earlier check fails, as when each check ran on its own
    for (let i = 0; i < CHECKS.length; i++) {
        const c = CHECKS[i]!
        if (!options.check(c.option).value) continue
        // the checks of single nodes from here on share one pass (a switched-off one is tested too, unread)
        if (c.find.node) byNode ??= nodeFailures(graph, present, CHECKS.slice(i))
        const failure = c.find.node ? (byNode!.get(c) ?? c.find.rest?.(graph, present)) : c.find(graph, present)
        if (failure) throw new TrellisError('check-failed', failure.message, failure.element.location)
    }
}

/** The first failing node of each per-node check among `checks`, all tested in one pass over the present nodes. */
function nodeFailures(graph: Graph, present: Present, checks: readonly Check[]): Map<Check, Failure> {
    const failed = new Map<Check, Failure>()
    const open = checks.filter(c => c.find.node)
    for (let i = 0; i < graph.nodes.length && open.length > 0; i++) {
        const node = graph.nodes[i]!
        if (!present(node)) continue
        for (let j = 0; j < open.length; j++) {
            const failure = open[j]!.find.node!(node, present)
            if (!failure) continue
            // a check reports its first failure only: it is done
            failed.set(open[j]!, failure)
            open.splice(j--, 1)
        }
    }
    return failed
}
