// Turns what the SAT problem, the enumeration and the preset trials established
// into findings: one sentence each, with the reason and where it is written.
import {isDeepStrictEqual} from 'node:util'
import {variables} from '../conditions/index.js'
import {conflictHeadline, describeConflictItem} from '../resolve/index.js'
import {renderExpression} from '../text.js'
import {formatLocation} from '../errors.js'
import {count} from '../plural.js'
import {INPUT_CONSTRAINT_KEYS, type VariabilityDefinition} from '../inputs/index.js'
import type {Element} from '../model/index.js'
import type {PreparedModel} from '../resolve/index.js'
import {inputsRead, type Atom} from './atoms.js'
import type {InputDomain} from './domains.js'
import type {PresetTrials, Trial} from './presets.js'
import type {ReasonItem} from './symbolic.js'
import {FINDING_SEVERITY, type Finding, type FindingCode, type ReasonLine} from './types.js'
import type {Enumeration} from './variants.js'

const finding = (code: FindingCode, message: string, more: Omit<Finding, 'code' | 'severity' | 'message'> = {}): Finding => ({
    code,
    severity: FINDING_SEVERITY[code],
    message,
    ...more,
})

/** Inputs that carry or are named by an input constraint (requires, excludes, …). */
export function constrainedInputs(definition: VariabilityDefinition): Set<string> {
    const out = new Set<string>()
    for (const d of definition.inputs.values())
        for (const key of INPUT_CONSTRAINT_KEYS) {
            const targets = d.raw[key]
            if (targets === undefined || targets === null) continue
            out.add(d.name)
            for (const t of Array.isArray(targets) ? targets : [targets]) if (typeof t === 'string') out.add(t)
        }
    return out
}

/** The inputs whose value can change presence: read by a condition, by the default expression of such an input, or by an input constraint. */
export function decidingInputs(definition: VariabilityDefinition, atoms: readonly Atom[], domains: readonly InputDomain[]): InputDomain[] {
    const names = new Set([...atoms.flatMap(a => a.inputs), ...constrainedInputs(definition)])
    const queue = [...names]
    while (queue.length) {
        const d = definition.inputs.get(queue.pop()!)
        if (d?.defaultExpression === undefined) continue
        for (const name of inputsRead(d.defaultExpression, definition.expressions))
            if (!names.has(name)) {
                names.add(name)
                queue.push(name)
            }
    }
    return domains.filter(d => names.has(d.name))
}

/** Inputs whose values can be written into the output (expressions of properties not dead), with the inputs their defaults read. */
function valueInputs(definition: VariabilityDefinition, prepared: PreparedModel, dead: ReadonlyMap<string, unknown>): Set<string> {
    const names = new Set<string>()
    for (const e of prepared.graph.elements)
        if (e.kind === 'property' && e.expression !== undefined && !dead.has(e.id)) inputsRead(e.expression, definition.expressions).forEach(n => names.add(n))
    for (const name of [...names]) {
        const d = definition.inputs.get(name)
        if (d?.defaultExpression !== undefined) inputsRead(d.defaultExpression, definition.expressions).forEach(n => names.add(n))
    }
    return names
}

/** Values presets set and values constraints compare inputs with: each is tried alone. */
export function namedValues(definition: VariabilityDefinition, prepared: PreparedModel, atoms: readonly Atom[]): {input: string; value: unknown}[] {
    const out: {input: string; value: unknown}[] = []
    const add = (input: string, value: unknown) => {
        const d = definition.inputs.get(input)
        if (!d || value === undefined || value === null || isDeepStrictEqual(d.default, value)) return
        if (!out.some(o => o.input === input && isDeepStrictEqual(o.value, value))) out.push({input, value})
    }
    for (const preset of definition.presets.values()) for (const [input, value] of Object.entries(preset.inputs)) add(input, value)
    const inConstraints = new Set(prepared.constraints.filter(c => c.origin.kind === 'constraint').flatMap(c => variables(c.formula)))
    for (const atom of atoms) if (inConstraints.has(atom.v) && atom.shape === 'equality') for (const c of atom.constants) add(atom.inputs[0]!, c)
    return out
}

export function reasonLines(items: readonly ReasonItem[]): ReasonLine[] {
    // an input's fact names only the atoms the other items of the reason use
    const used = new Set(items.flatMap(i => (i.kind === 'domain' ? [] : variables(i.record.formula))))
    return items.map(item => {
        if (item.kind === 'domain') {
            const atoms = item.fact.atoms.filter(a => used.has(a.v))
            return {text: `variability input "${item.fact.domain.name}" has one value at a time`, condition: atoms.map(a => renderExpression(a.raw)).join('; ')}
        }
        const {text, condition, location} = describeConflictItem(item)
        return {text, condition, location}
    })
}

export function elementFindings(prepared: PreparedModel, dead: ReadonlyMap<string, readonly ReasonLine[]>, core: ReadonlyMap<string, readonly ReasonLine[]>): Finding[] {
    const out: Finding[] = []
    const where = (e: Element) => (e.location ? formatLocation(e.location) : undefined)
    // dead elements of one kind in one container for one and the same reason are one finding
    const groups = new Map<string, Element[]>()
    const groupOf = (e: Element) => `${e.container?.id ?? ''}\u0000${e.kind}\u0000${JSON.stringify(dead.get(e.id))}`
    for (const e of prepared.graph.elements) if (dead.has(e.id) && !(e.container && dead.has(e.container.id))) groups.set(groupOf(e), [...(groups.get(groupOf(e)) ?? []), e])
    for (const e of prepared.graph.elements) {
        // what a dead element contains goes with it
        if (e.container && dead.has(e.container.id)) continue
        const d = dead.get(e.id)
        const group = d ? groups.get(groupOf(e))! : []
        if (d && group.length === 1) out.push(finding('dead-element', `${e.display} can never be present`, {element: e.id, location: where(e), reason: d}))
        else if (d && group[0] === e) out.push(groupFinding(group, d, where))
        const c = core.get(e.id)
        if (c) out.push(finding('core-element', `${e.display} is present in every variant: its conditions decide nothing`, {element: e.id, location: where(e), reason: c}))
    }
    return out
}

const PLURALS: Readonly<Partial<Record<Element['kind'], string>>> = {property: 'properties', policy: 'policies'}

/** "Node "shop": 8 technology candidates are never chosen: ansible@0, …", with each member and where it is written. */
function groupFinding(group: readonly Element[], reason: readonly ReasonLine[], where: (e: Element) => string | undefined): Finding {
    const first = group[0]!
    const names = group.map(e => (e.index === undefined ? e.name : `${e.name}@${e.index}`)).join(', ')
    const what =
        first.kind === 'technology' ? `${group.length} technology candidates are never chosen` : `${group.length} ${PLURALS[first.kind] ?? `${first.kind}s`} can never be present`
    const owner = first.container ? `${first.container.display}: ` : ''
    return finding('dead-element', `${owner}${what}: ${names}`, {
        location: where(first),
        reason,
        members: group.map(e => ({element: e.id, location: where(e)})),
    })
}

export function inputFindings(
    definition: VariabilityDefinition,
    prepared: PreparedModel,
    atoms: readonly Atom[],
    deciding: readonly InputDomain[],
    enumeration: Enumeration,
    dead: ReadonlyMap<string, unknown>,
): Finding[] {
    const values = valueInputs(definition, prepared, dead)
    const decidingNames = new Set(deciding.map(d => d.name))
    const out: Finding[] = []
    for (const d of definition.inputs.values()) {
        if (values.has(d.name)) continue
        const location = d.location ? formatLocation(d.location) : undefined
        if (!decidingNames.has(d.name))
            out.push(
                finding('input-decides-nothing', `variability input "${d.name}" decides nothing: no condition, constraint or value that can be present reads it`, {
                    input: d.name,
                    location,
                }),
            )
        else if (enumeration.exact && enumeration.resolved > 0 && enumeration.decidesNothing.includes(d.name))
            out.push(
                finding(
                    'input-decides-nothing',
                    `variability input "${d.name}" decides nothing: whatever the other inputs, changing it alone never changes the resolved template`,
                    {
                        input: d.name,
                        location,
                        reason: [
                            {
                                text: `all ${enumeration.explored} combinations of input values resolved; read by ${atoms.filter(a => a.inputs.includes(d.name)).length} condition(s)`,
                            },
                        ],
                    },
                ),
            )
    }
    return out
}

export function presetFindings(trials: PresetTrials, definition: VariabilityDefinition): Finding[] {
    const out: Finding[] = []
    const at = (preset: string) => {
        const location = definition.presets.get(preset)?.location
        return location ? formatLocation(location) : undefined
    }
    const failure = (t: Trial): ReasonLine[] => [
        {text: t.conflict?.length ? `no variant exists: ${conflictHeadline(t.conflict)}` : (t.message ?? t.kind)},
        ...(t.conflict ?? []).map(c => ({text: c.text, condition: c.condition, location: c.location})),
    ]
    const named = (presets: readonly string[]) => `[${presets.join(', ')}]`
    // a template may leave an input to the user (no default): the defaults alone then say nothing
    const required = (t: Trial) => t.code === 'input-missing'
    if (trials.defaults.kind !== 'resolved' && !required(trials.defaults))
        out.push(finding('defaults-unresolvable', `the template does not resolve with every input at its default`, {reason: failure(trials.defaults)}))
    for (const t of trials.presets)
        if (t.kind !== 'resolved')
            out.push(finding('preset-unresolvable', `preset "${t.presets[0]}" does not resolve (${t.kind})`, {presets: t.presets, location: at(t.presets[0]!), reason: failure(t)}))
    const byOutput = new Map<string, string[]>()
    for (const t of trials.presets) if (t.output !== undefined) byOutput.set(t.output, [...(byOutput.get(t.output) ?? []), t.presets[0]!])
    for (const group of byOutput.values())
        if (group.length > 1)
            out.push(finding('equivalent-presets', `presets ${group.map(p => `"${p}"`).join(', ')} give the same variant`, {presets: group, location: at(group[1]!)}))
    const failsAlone = new Set(trials.presets.filter(t => t.kind !== 'resolved').map(t => t.presets[0]!))
    const ordered: string[] = []
    for (const [ab, ba] of trials.pairs) {
        if (ab.presets.some(p => failsAlone.has(p))) continue
        for (const t of [ab, ba])
            if (t.kind !== 'resolved')
                out.push(finding('preset-pair-unresolvable', `presets ${named(t.presets)} together do not resolve (${t.kind})`, {presets: t.presets, reason: failure(t)}))
        if (ab.kind === 'resolved' && ba.kind === 'resolved' && ab.output !== ba.output) ordered.push(ab.presets.join(' and '))
    }
    if (ordered.length)
        out.push(
            finding(
                'preset-order',
                `the order of ${count(ordered.length, 'pair')} of presets decides the variant (the later preset wins where both set an input): ${ordered.join(', ')}`,
            ),
        )
    for (const t of trials.values)
        if (t.kind !== 'resolved' && t.value && !required(t))
            out.push(
                finding('value-unresolvable', `${t.value.input}: ${JSON.stringify(t.value.value)} with every other input at its default does not resolve (${t.kind})`, {
                    input: t.value.input,
                    reason: failure(t),
                }),
            )
    return out
}
