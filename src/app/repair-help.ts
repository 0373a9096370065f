// What to type instead, when resolving fails on the command line: the repairs the wizard offers
// (input changes or a preset after which the template resolves, each verified by resolving again,
// checks included), as help lines ready to paste. A failed resolve was a dead end everywhere but
// the wizard.
import {type LoadedTemplate, type Outcome, type Repair, type ResolveRequest, shellWord, startRepairs, typedText} from '../engine/index.js'

/** How long the search may take on a failure (wall clock): a few resolutions of a large template. */
const REPAIR_BUDGET_MS = 3000
const SHOWN_REPAIRS = 3

/** Help (verified repairs) for a failed outcome; none for a mistake in the template or request. */
export function repairHelp(template: LoadedTemplate, request: ResolveRequest, outcome: Outcome): string[] {
    return verifiedRepairs(template, request, outcome).map(r => `${repairWords(r)} resolves it (verified: ${r.present} elements present, ${r.pruned} pruned)`)
}

/** The repairs of a failed outcome, each verified by resolving again, the likeliest first; none for a mistake in the template or request. */
export function verifiedRepairs(template: LoadedTemplate, request: ResolveRequest, outcome: Outcome): Repair[] {
    if (outcome.kind === 'resolved' || outcome.kind === 'invalid') return []
    try {
        const search = startRepairs(template, request, {maxSuggestions: SHOWN_REPAIRS})
        const until = performance.now() + REPAIR_BUDGET_MS
        while (!search.step(Math.max(0, until - performance.now())) && performance.now() < until);
        // the likeliest first, as the wizard offers them (engine/explain/repairs.ts)
        return [...search.result().suggestions]
    } catch {
        // the search is a courtesy: a request it cannot vary is reported as it is
        return []
    }
}

/** A repair as flags to paste: `--preset cloud --set env=GCP`. */
export function repairWords(r: Repair): string {
    return [...(r.preset ? [`--preset ${shellWord(r.preset)}`] : []), ...r.changes.map(c => `--set ${shellWord(`${c.input}=${typedText(c.to)}`)}`)].join(' ')
}
