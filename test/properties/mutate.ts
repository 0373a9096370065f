// Mutants of real templates, for robustness tests: a seeded walk picks places in a
// parsed template and changes them the way careless edits and hostile input do —
// a value of another kind, a JavaScript built-in name, a removed or duplicated
// entry, a very long or control-character string (names too: escape sequences, a C1 control, a
// bidirectional override), a deep reference chain.
import {stringify} from 'yaml'
import {random} from '../../scripts/differential/random.mjs'

const NAMES = [
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'valueOf',
    'SELF',
    'CONTAINER',
    'SOURCE',
    'TARGET',
    '',
    'x'.repeat(300),
    'clip\u001b]52;c;aGk=\u0007',
    'clear\u001b[2J\u009b2J',
    'rtl\u202eoverride',
]
const SCALARS: unknown[] = [null, true, false, 0, -1, 1.5, 1e308, 'text', '\u001b[31m\n', [], {}, [[]], {a: {b: {}}}, ...NAMES]

/** The seeded generator, with picks copied: the same object placed twice in a mutant could become a cycle in a later edit. */
function generator(seed: number) {
    const r = random(seed)
    return {next: r.next, int: (n: number) => r.int(0, n - 1), pick: <T>(list: readonly T[]): T => structuredClone(r.pick(list))}
}

type Container = Record<string, unknown> | unknown[]

/** Sets a map entry as YAML would, even under a name such as __proto__ (a plain assignment would set the prototype). */
function put(map: Record<string, unknown>, key: string, value: unknown): void {
    Object.defineProperty(map, key, {value, enumerable: true, writable: true, configurable: true})
}

/** Every map and list in the data, with the path to it. */
function containers(data: unknown, out: Container[] = []): Container[] {
    if (data !== null && typeof data === 'object') {
        out.push(data as Container)
        for (const value of Object.values(data)) containers(value, out)
    }
    return out
}

function mutateOnce(data: Record<string, unknown>, r: ReturnType<typeof generator>): void {
    const all = containers(data)
    const target = all[r.int(all.length)]!
    const keys = Object.keys(target)
    const key = keys.length ? r.pick(keys) : undefined
    const set = (value: unknown) => {
        if (Array.isArray(target)) target[key === undefined ? 0 : Number(key)] = value
        else put(target, key ?? r.pick(NAMES), value)
    }
    const kind = r.int(8)
    if (kind === 0 && key !== undefined) {
        // remove an entry
        if (Array.isArray(target)) target.splice(Number(key), 1)
        else delete target[key]
    } else if (kind === 1 && key !== undefined) {
        // duplicate an entry (lists) or copy a value under a built-in name (maps)
        const value = (target as Record<string, unknown>)[key]
        if (Array.isArray(target)) target.push(structuredClone(value))
        else put(target, r.pick(NAMES), structuredClone(value))
    } else if (kind === 2) set(r.pick(SCALARS))
    else if (kind === 3 && key !== undefined && !Array.isArray(target)) {
        // rename a key
        const value = target[key]
        delete target[key]
        put(target, r.pick(NAMES), value)
    } else if (kind === 4) {
        // an operator where a value was
        set({
            [r.pick([
                'and',
                'or',
                'not',
                'node_presence',
                'logic_expression',
                'value_expression',
                'variability_input',
                'concat',
                'add',
                'polynomial_regression',
                'equal',
                ...NAMES,
            ])]: r.pick(SCALARS),
        })
    } else if (kind === 5 && all.length > 1) {
        // move a subtree elsewhere (what copy-paste does)
        set(structuredClone(r.pick(all)))
    } else if (kind === 6) set(r.pick(NAMES))
    else set([r.pick(SCALARS), r.pick(SCALARS)])
}

/** The `n`-th mutant of a parsed template, as YAML text; `edits` changes per mutant (1 to 3). */
export function mutant(data: Record<string, unknown>, n: number): string {
    const r = generator(n * 7919 + 17)
    const copy = structuredClone(data)
    for (let i = 1 + r.int(3); i > 0; i--) mutateOnce(copy, r)
    // the definitions version stays most of the time: otherwise most mutants stop at the first line
    if (r.next() < 0.9) copy.tosca_definitions_version = data.tosca_definitions_version
    return stringify(copy, {aliasDuplicateObjects: false})
}
