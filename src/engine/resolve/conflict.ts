// Why is there no variant? Shrinks the conditions and constraints to a minimal
// set that still cannot hold together (an item stays only if the rest becomes
// solvable without it), so every item shown is needed. The set is found by
// QuickXplain, about k·log(n/k) solver runs for k items needed out of n (trying
// each item in turn took n: 12,800 nodes, minutes); past MAX_CHECKS runs the
// search stops and says that the set shown may hold more than is needed.
import {and, TRUE, variables, type Formula} from '../conditions/index.js'
import type {ConditionRecord, ConstraintRecord} from '../conditions/index.js'
import {formatLocation, type SourceLocation, type TrellisError} from '../errors.js'
import {describeSource, inputText} from '../inputs/index.js'
import {quickXplain, satisfiable as hasVariant} from '../solve/index.js'
import {count} from '../plural.js'
import {renderExpression} from '../text.js'
import {ResolutionError, type ResolutionFailure} from './decide.js'
import type {PreparedModel} from './prepare.js'

/** Solver runs a conflict's search may take (each one a resolution of the whole template). */
const MAX_CHECKS = 400

export interface ConflictItem {
    readonly kind: 'condition' | 'constraint'
    readonly text: string
    readonly condition: string
    readonly location?: string
    readonly element?: string
    /** Variability inputs the condition read, with their values and sources. */
    readonly inputs: readonly string[]
}

/**
 * The sentence before a minimal conflict, counted by kind: "this condition cannot hold …",
 * "this condition and these 2 constraints cannot all hold …". Shells add "No variant exists: ".
 */
export function conflictHeadline(items: readonly Pick<ConflictItem, 'kind'>[]): string {
    if (items.length === 0) return 'no variant satisfies every condition and constraint'
    const conditions = items.filter(i => i.kind === 'condition').length
    const constraints = items.length - conditions
    const these = (n: number, what: string) => (n === 0 ? [] : [n === 1 ? `this ${what}` : `these ${count(n, what)}`])
    const subject = [...these(conditions, 'condition'), ...these(constraints, 'constraint')].join(' and ')
    if (items.length === 1) return `${subject} cannot hold (removing it makes the template resolvable)`
    const two = items.length === 2
    return `${subject} cannot ${two ? 'both' : 'all'} hold (removing ${two ? 'either of them' : 'any one of them'} makes the template resolvable)`
}

/** The minimal conflict of a failed resolution, searched from the failing part and the violated constraint; made once per failure. */
export function conflictOf(f: ResolutionFailure): ConflictItem[] {
    if (f.failure.kind !== 'unsatisfiable') return []
    let found = conflicts.get(f)
    if (!found) {
        const start = [...f.failure.variables]
        if (f.failure.constraint !== undefined) start.push(...variables(f.prepared.constraints[f.failure.constraint]!.formula))
        conflicts.set(f, (found = minimalConflict(f.prepared, start)))
    }
    return found
}
/**
 * The conflict as documents keep it (explain --json, the report): an inputs file named as the user
 * gave it, where the shells' text (conflictOf) names it as they name every file.
 */
export function documentedConflict(f: ResolutionFailure): ConflictItem[] {
    return conflictOf(f).map(item => ({...item, inputs: (citedNames.get(item) ?? []).map(name => inputText(name, f.prepared.inputs.value(name), 'as given'))}))
}

// found once per failure and gone with it (a ResolutionFailure is plain data: no field of its own)
const conflicts = new WeakMap<ResolutionFailure, ConflictItem[]>()
/** Where each item of a conflict is written (kept beside the items, which are plain data for reports). */
const sources = new WeakMap<ConflictItem, SourceLocation>()

/**
 * Where a failure with no variant is best located: the first item of its conflict that reads an
 * input (what the user can change), else its first item. The solver's own location is the
 * constraint it found broken, which may take no part in the conflict shown below the line.
 */
export function conflictLocation(e: TrellisError): SourceLocation | undefined {
    if (!(e instanceof ResolutionError) || e.resolution.failure.kind !== 'unsatisfiable') return undefined
    const items = conflictOf(e.resolution)
    const item = items.find(i => i.inputs.length > 0) ?? items[0]
    return item && sources.get(item)
}

/** How many conflict items or differing elements a one-line summary names. */
const SUMMARY_ITEMS = 3

/**
 * What failed, in one sentence a template author can act on: the minimal conflict (its first items,
 * each with its condition and location), or the elements two equally good variants disagree on.
 */
export function failureSummary(f: ResolutionFailure): string | undefined {
    const more = (n: number, what: string) => (n > SUMMARY_ITEMS ? `; and ${count(n - SUMMARY_ITEMS, what)} more` : '')
    if (f.failure.kind === 'ambiguous') {
        const {chosen, alternative} = f.failure
        const differing = f.failure.variables.filter(v => chosen.get(v) !== alternative.get(v))
        const names = [...new Set(differing.map(v => f.prepared.variables.owner(v).element.display))]
        if (names.length === 0) return undefined
        return `two variants are equally good and differ in ${names.slice(0, SUMMARY_ITEMS).join(', ')}${more(names.length, 'element')}; a condition or an optimization option can decide between them`
    }
    // no variant: the headline alone, the conflict's items and inputs below it (failureNotes)
    const items = conflictOf(f)
    return items.length === 0 ? undefined : conflictHeadline(items)
}

/** What follows a failure's first line: when no variant exists, the input values the conflict read (unless `inputs` is false: a headline named them), then each of its items. */
export function failureNotes(f: ResolutionFailure, {inputs: withInputs = true} = {}): string[] {
    if (f.failure.kind === 'ambiguous') return []
    const items = conflictOf(f)
    const inputs = withInputs ? conflictInputs(items) : []
    return [
        ...(inputs.length ? [`with the input ${inputs.length === 1 ? 'value' : 'values'} ${inputs.join('; ')}`] : []),
        ...items.map(i => `${i.text}: ${i.condition}${i.location ? ` (${i.location})` : ''}`),
        ...(partialConflicts.has(items) ? [PARTIAL_NOTE] : []),
    ]
}

/** The summary of an error thrown by resolving (see resolve/decide.ts), if it failed to find one variant. */
export function errorSummary(e: TrellisError): string | undefined {
    return e instanceof ResolutionError ? failureSummary(e.resolution) : undefined
}

/** The notes below an error thrown by resolving: the conflict's inputs and items (failureNotes). */
export function errorNotes(e: TrellisError, options: {inputs?: boolean} = {}): string[] {
    return e instanceof ResolutionError ? failureNotes(e.resolution, options) : []
}

export type Item = {readonly kind: 'condition'; readonly record: ConditionRecord} | {readonly kind: 'constraint'; readonly record: ConstraintRecord}

/** Said below a conflict whose search ran out of checks. */
export const PARTIAL_NOTE = `the search for the smallest such set stopped after ${MAX_CHECKS} checks: some of these may not be needed`

/** Conflicts whose search stopped before every item was known to be needed. */
const partialConflicts = new WeakSet<readonly ConflictItem[]>()

/** Whether a conflict's search stopped early (its items may not all be needed). */
export function isPartialConflict(items: readonly ConflictItem[]): boolean {
    return partialConflicts.has(items)
}

class OutOfChecks extends Error {}

/** `maxChecks`: the solver runs the search may take (tests give fewer). */
export function minimalConflict(p: PreparedModel, start?: readonly number[], maxChecks = MAX_CHECKS): ConflictItem[] {
    const describe = (item: Item) => {
        const described = describeItem(item, p)
        const at = item.kind === 'constraint' ? item.record.location : (item.record.location ?? item.record.element.location)
        if (at) sources.set(described, at)
        return described
    }
    const all = allItems(p)
    let items = relevantItems(p, all, start)
    // the items that cannot matter stay in force: taken away, their elements would be present and could
    // break a constraint that holds in the template (two properties of one name, each under its own condition)
    let fixed = all.filter(i => !items.includes(i))
    let checks = 0
    const satisfiable = (active: readonly Item[]) => {
        if (++checks > maxChecks) throw new OutOfChecks()
        return hasVariant(relaxed(p, new Set(active)))
    }
    if (satisfiable(all)) return []
    // those conflict on their own (taking items away made elements present that break them): every item is searched
    if (fixed.length > 0 && !satisfiable(fixed)) {
        items = all
        fixed = []
    }
    // of several conflicts, the one shown is made of the items given up last: the conditions that read
    // the user's inputs (what the user can change), not a constraint that only fails once every other
    // condition is taken away (removing a condition makes its element present). QuickXplain keeps the
    // items listed first, so it is given them in the reverse order.
    const giveUp = [...items].sort((a, b) => keepLate(a) - keepLate(b))
    const order = [...giveUp].reverse()
    const conflicts = (subset: Iterable<Item>) => !satisfiable([...fixed, ...subset])
    try {
        // nothing in force conflicts on its own: no item is needed
        if (fixed.length === 0 && !satisfiable(fixed)) return []
        let found = quickXplain(
            order.map((_, i) => i),
            subset => conflicts(subset.map(i => order[i]!)),
        ).map(i => order[i]!)
        // QuickXplain takes for granted that more items never make a conflict go away; taking a
        // condition away makes its element present, which can. So what it found is checked: it must
        // conflict (else every item is searched, one by one), and each of its items must be needed
        if (!conflicts(found)) found = giveUp
        const kept = new Set(found)
        for (const item of giveUp) {
            if (!kept.has(item)) continue
            kept.delete(item)
            if (!conflicts(kept)) kept.add(item)
        }
        return items.filter(i => kept.has(i)).map(describe)
    } catch (e) {
        if (!(e instanceof OutOfChecks)) throw e
        const shown = items.map(describe)
        partialConflicts.add(shown)
        return shown
    }
}

/** The order in which the search tries to drop items: constraints, generated conditions, written ones, then any that reads an input. */
function keepLate(item: Item): number {
    const inputs = readsInputs(item.record.formula) ? 3 : 0
    if (item.kind === 'constraint') return inputs
    return inputs + (item.record.generated ? 1 : 2)
}

function readsInputs(f: Formula): boolean {
    if (f.op === 'note') return (f.kind === 'value' && f.inputs.length > 0) || readsInputs(f.arg)
    if (f.op === 'not') return readsInputs(f.arg)
    if (f.op === 'const' || f.op === 'var') return false
    return f.args.some(readsInputs)
}

function allItems(p: PreparedModel): Item[] {
    return [
        ...[...p.conditions].flatMap(c => c.records.map(record => ({kind: 'condition', record}) as Item)),
        ...p.constraints.map(record => ({kind: 'constraint', record}) as Item),
    ]
}

/** Items that can matter: those over variables the failing part depends on (all, when the part is unknown). */
function relevantItems(p: PreparedModel, all: readonly Item[], start?: readonly number[]): readonly Item[] {
    if (!start || start.length === 0) return all
    const reach = new Set<number>(start)
    const queue = [...start]
    while (queue.length) {
        const v = queue.pop()!
        const f = p.problem.definitions[v]
        if (f)
            for (const u of variables(f))
                if (!reach.has(u)) {
                    reach.add(u)
                    queue.push(u)
                }
    }
    const n = p.graph.elements.length
    const touches = (f: Formula) => variables(f).some(v => reach.has(v))
    return all.filter(i => (i.kind === 'condition' ? reach.has(i.record.element.seq) || reach.has(n + i.record.element.seq) : touches(i.record.formula)))
}

function relaxed(p: PreparedModel, active: ReadonlySet<Item>) {
    const keep = new Set<unknown>([...active].map(i => i.record))
    const n = p.graph.elements.length
    const definitions = [...p.problem.definitions]
    for (const c of p.conditions) {
        const records = c.records.filter(r => keep.has(r))
        definitions[c.element.seq] = records.length ? and(records.map(r => r.formula)) : TRUE
        if (definitions[n + c.element.seq] !== undefined) {
            const manual = records.filter(r => !r.generated)
            definitions[n + c.element.seq] = manual.length ? and(manual.map(r => r.formula)) : TRUE
        }
    }
    return {...p.problem, definitions, constraints: p.constraints.filter(c => keep.has(c)).map(c => c.formula), objectives: []}
}

function originLabel(r: ConditionRecord): string {
    const o = r.origin
    switch (o.kind) {
        case 'manual':
            return 'condition'
        case 'group':
            return `group condition (${o.group.display})`
        case 'default-alternative':
            return 'default alternative'
        case 'input-condition':
            return `input condition (${o.input})`
        case 'technology-rule':
        case 'technology-plugin':
            return 'technology rule condition'
        case 'default':
        case 'pruning':
            return `${o.kind === 'pruning' ? 'pruning' : 'default'} condition (${o.wrapper.typeSpecific ? `type-specific for ${o.wrapper.typeSpecific}` : o.wrapper.token})`
    }
}

/** `mode: prod — --set` for every input a formula's value expressions read. */
function citedInputs(f: Formula, p: PreparedModel): string[] {
    return citedInputNames(f).map(name => inputText(name, p.inputs.value(name)))
}

function citedInputNames(f: Formula): string[] {
    const names = new Set<string>()
    const walk = (g: Formula): void => {
        if (g.op === 'note') {
            if (g.kind === 'value') g.inputs.forEach(n => names.add(n))
            walk(g.arg)
        } else if (g.op === 'not') walk(g.arg)
        else if (g.op !== 'const' && g.op !== 'var') g.args.forEach(walk)
    }
    walk(f)
    return [...names]
}

/** The input values the items of a conflict read, each once, in the order first read: what the user could change. */
export function conflictInputs(items: readonly Pick<ConflictItem, 'inputs'>[]): string[] {
    return [...new Set(items.flatMap(i => i.inputs))]
}

function describeItem(item: Item, p: PreparedModel): ConflictItem {
    const described = {...describeConflictItem(item), inputs: citedInputs(item.record.formula, p)}
    citedNames.set(described, citedInputNames(item.record.formula))
    return described
}

/** The names of the inputs each conflict item reads (kept beside the items, which are plain data). */
const citedNames = new WeakMap<ConflictItem, string[]>()

/**
 * What a failure with no variant comes down to, in the user's words: the input values its conflict
 * reads that were chosen (not defaults) — `env = gcp (from --set) leaves no variant` — or, when
 * none was chosen, the defaults it reads; undefined when the conflict reads no input (a template's
 * own contradiction).
 */
export function choiceHeadline(e: TrellisError): string | undefined {
    if (!(e instanceof ResolutionError) || e.resolution.failure.kind !== 'unsatisfiable') return undefined
    const inputs = e.resolution.prepared.inputs
    const names = [...new Set(conflictOf(e.resolution).flatMap(i => citedNames.get(i) ?? []))]
    const values = names.map(name => ({name, input: inputs.value(name)}))
    const chosen = values.filter(v => !['default', 'default_expression', 'unset'].includes(v.input.source.kind))
    const shown = chosen.length ? chosen : values
    if (shown.length === 0) return undefined
    const words = shown.map(
        ({name, input}) => `${name} = ${renderExpression(input.value)} (${chosen.length ? `from ${describeSource(input.source)}` : describeSource(input.source)})`,
    )
    const listed = words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
    return `${listed} ${words.length === 1 ? 'leaves' : 'leave'} no variant`
}

/** A condition or constraint as a conflict (or an analysis finding) names it, without the input values it read. */
export function describeConflictItem(item: Item): Omit<ConflictItem, 'inputs'> {
    if (item.kind === 'constraint') {
        const r = item.record
        return {kind: 'constraint', text: r.description, condition: renderExpression(r.expression), location: r.location && formatLocation(r.location)}
    }
    const r = item.record
    const at = r.location ?? r.element.location
    return {
        kind: 'condition',
        text: `${r.element.display} is present only if its ${originLabel(r)} holds`,
        condition: renderExpression(r.expression),
        location: at && formatLocation(at),
        element: r.element.id,
    }
}
