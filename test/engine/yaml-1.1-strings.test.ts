// Resolved templates are read by YAML 1.2 tools and by YAML 1.1 ones (PyYAML behind xOpera and
// Unfurl): every string the writer writes reads back as that same string under both, as a value
// and as a key, and a string no reader re-types is written plain, as before.
import {spawnSync} from 'node:child_process'
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {stringifyTemplate} from '../../src/engine/transform/yaml.js'

const RUNS = Number(process.env.YAML_FUZZ_RUNS ?? 400)

/** Strings YAML 1.1 reads as booleans, null, integers, floats, dates, merge and value keys. */
const RETYPED_BY_1_1 = [
    ...['y', 'Y', 'n', 'N', 'yes', 'Yes', 'YES', 'no', 'NO', 'on', 'On', 'ON', 'off', 'Off', 'OFF', 'yEs', 'oN'],
    ...['1_000', '+1_0', '0b101', '-0b1_0', '017', '0_7', '0x_1F', '1:20', '-3:25:45', '190:20:30.15', '1_0.5', '1.', '.5_0', '.', '+.', '1.0e+3', 'e5', '-E1'],
    ...['.INF', '-.Inf', '.NaN', '~', 'NULL', '<<', '='],
    ...['2020-01-02', '2020-13-45', '2001-12-14t21:59:43.10-05:00', '2001-12-14 21:59:43.10 -5', '2002-1-2 1:2:3', '2001-12-15T02:59:43.1Z'],
]
/** Strings no reader re-types: written plain before and after. */
const PLAIN = ['hello', 'yesterday', 'on_start', 'no-op', 'True story', '1.2.3', 'v1.0', '10.0.0.1', 'a:b', 'ubuntu:22.04', '2020-01', '_1', 'nan', 'inf', 'e', 'E5x', '0b2']

function readsBackAsWritten(value: Record<string, unknown>): void {
    const text = stringifyTemplate(value)
    expect(parse(text), text).toEqual(value)
    expect(parse(text, {version: '1.1'}), text).toEqual(value)
}

/**
 * Each string as a list item, a key and a value; with `sliced`, also in a topology collection
 * large enough to be written slice by slice, under collection names that are such strings too.
 */
function everyPlace(strings: readonly string[], sliced = false): Record<string, unknown> {
    const map = Object.create(null) as Record<string, unknown>
    for (const s of strings) map[s] = s
    const topology = Object.create(null) as Record<string, unknown>
    topology.node_templates = {node: {properties: map}}
    if (sliced) {
        // the strings as node names among more than a slice of others
        const many = Object.create(null) as Record<string, unknown>
        for (const s of strings) many[s] = {properties: {[s]: s}}
        for (let i = 0; i < 300; i++) many[`n${i}`] = null
        for (const collection of ['node_templates', 'yes', 'on', 'null', 'true']) topology[collection] = many
    }
    return {list: [...strings], map, topology_template: topology}
}

describe('strings in resolved templates', () => {
    it('each reads back as itself under YAML 1.1 and YAML 1.2, as key and value', () => {
        readsBackAsWritten(everyPlace(RETYPED_BY_1_1, true))
        readsBackAsWritten(everyPlace(PLAIN, true))
    })

    it('are quoted only where a YAML 1.1 or 1.2 reader would re-type them: other strings are written plain', () => {
        const text = stringifyTemplate({values: PLAIN, keys: Object.fromEntries(PLAIN.map(s => [s, 1]))})
        for (const s of PLAIN) {
            expect(text).toContain(`\n  - ${s}\n`)
            expect(text).toContain(`\n  ${s}: 1\n`)
        }
        for (const s of RETYPED_BY_1_1) expect(stringifyTemplate({[s]: s})).toBe(`"${s}": "${s}"\n`)
    })

    it('any string, and any string made of the characters of numbers, dates and booleans, reads back as itself', () => {
        // the alphabet YAML 1.1's implicit types are written in, so most samples come close to one
        const tricky = fc
            .array(fc.constantFrom(...'0123456789_:.-+eExXbBoO~<= tTZyesnoYESNOnulNULaf'), {maxLength: 12})
            .map(chars => chars.join('').trim())
            .filter(s => s !== '')
        const string = fc.oneof(tricky, fc.string(), fc.constantFrom(...RETYPED_BY_1_1))
        fc.assert(
            fc.property(fc.array(string, {minLength: 1, maxLength: 6}), strings => readsBackAsWritten(everyPlace(strings))),
            {numRuns: RUNS},
        )
    })

    const python = spawnSync('python3', ['-c', 'import yaml'], {encoding: 'utf8'})
    it.skipIf(python.status !== 0)(`each reads back as itself with PyYAML's safe loader${python.status === 0 ? '' : ' (skipped: python3 with PyYAML not found)'}`, () => {
        const value = everyPlace([...RETYPED_BY_1_1, ...PLAIN], true)
        const read = spawnSync('python3', ['-c', 'import sys, json, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'], {input: stringifyTemplate(value), encoding: 'utf8'})
        expect(read.stderr).toBe('')
        expect(JSON.parse(read.stdout)).toStrictEqual(JSON.parse(JSON.stringify(value)))
    })
})
