// Deep nesting never overflows the stack: YAML nested deeper than MAX_YAML_NESTING is
// refused before any parser reads it, and conditions and value expressions nested deeper
// than MAX_NESTING (operators and references to expressions and input defaults counted)
// are refused where they cross the limit, each with one too-deep error and its location.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {Parser, stringify} from 'yaml'
import {evaluateValue, MAX_NESTING, type Nesting, type ValueScope} from '../../src/engine/expressions/index.js'
import {MAX_YAML_NESTING, templateFromData, templateFromText} from '../../src/engine/load/index.js'
import {nestingBound} from '../../src/engine/load/yaml/nesting.js'
import {expectCode} from '../helpers/errors.js'
import {resolved} from '../helpers/v4t.js'

const HEAD = 'tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n'
/** A property value written at the fifth level of nesting (document, topology_template, node_templates, n, properties). */
const property = (value: string) => `${HEAD}    node_templates:\n        n:\n            type: n\n            properties:\n                - p: ${value}\n`
const resolveText = (text: string) => {
    const resolution = resolved(templateFromText(text, 't.yaml'), {assignments: []})
    stringify(resolution.output)
    return resolution
}
const resolveData = (data: Record<string, unknown>) => resolved(templateFromData(data), {assignments: []})
const tooDeep = (fn: () => unknown) => expectCode(fn, 'too-deep')

/** Lists nested `depth` deep in flow style, around the number 1. */
const flowList = (depth: number) => '['.repeat(depth) + '1' + ']'.repeat(depth)

describe(`YAML nested deeper than ${MAX_YAML_NESTING} levels`, () => {
    // the property's list item map is level 6: a flow list of depth d reaches level 6 + d
    it('resolves at the limit, and is refused one level deeper, at the list that crosses it', () => {
        expect(resolveText(property(flowList(MAX_YAML_NESTING - 6))).output).toBeDefined()
        const error = tooDeep(() => resolveText(property(flowList(MAX_YAML_NESTING - 5))))
        expect(error.message).toBe('maps and lists nested deeper than 500 levels')
        // line 7 is the property's line; its value starts at column 22; the 495th "[" crosses the limit
        expect(error.location).toEqual({file: 't.yaml', line: 7, column: 22 + MAX_YAML_NESTING - 6})
    })

    it('in block style, at the map that crosses it', () => {
        const lines = Array.from({length: 2000}, (_, i) => `${' '.repeat(20 + 2 * i)}k:`)
        const text = `${HEAD}    node_templates:\n        n:\n            type: n\n            properties:\n                - p:\n${lines.join('\n')} 1\n`
        // the first "k:" (line 8) holds the map at level 7; the map at level 501 is the 495th
        expect(tooDeep(() => templateFromText(text, 't.yaml')).location).toEqual({file: 't.yaml', line: 8 + 494, column: 21 + 2 * 494})
    })

    it('in block style followed by a line indented less (closing 2,000 maps at once overflows the syntax tree parser)', () => {
        const lines = Array.from({length: 2000}, (_, i) => `${' '.repeat(2 * i)}k:`)
        const text = `${lines.join('\n')} 1\nz: 2\n`
        for (let i = 0; i < 3; i++) expect(tooDeep(() => templateFromText(text, 't.yaml')).location).toEqual({file: 't.yaml', line: 501, column: 1001})
    })

    it('2,000 nested operators are refused as YAML before they are compiled', () => {
        let not = 'true'
        for (let i = 0; i < 2000; i++) not = `{not: ${not}}`
        expect(tooDeep(() => templateFromText(`${HEAD}    node_templates:\n        n: {type: n, conditions: ${not}}\n`)).message).toContain('500')
    })

    it('a document that is a flow list continued at column 0 (which never ends a flow list at the top)', () => {
        const text = `${'['.repeat(300)}\n${'['.repeat(300)}\n1${']'.repeat(600)}\n`
        expect(tooDeep(() => templateFromText(text, 't.yaml')).location).toEqual({file: 't.yaml', line: 2, column: MAX_YAML_NESTING - 300 + 1})
    })

    it('several deep documents in one process (after one overflow, `yaml` could abort the next parse)', () => {
        for (let i = 0; i < 3; i++) tooDeep(() => templateFromText(property(flowList(5000 + i))))
    })

    it('costs no exact measure for ordinary nesting', () => {
        expect(nestingBound(property(flowList(20)))).toBeLessThan(MAX_YAML_NESTING)
    })

    it('a document that is a flow map opened after a space, continued at column 0', () => {
        // found by the property below: the document's first line of content opens the document itself
        // whatever its indentation, so its openers never expire
        const text = ' { a: [[\n{ a: [[\n- k: k: '
        expect(syntaxTreeDepth(text)).toBe(9)
        expect(nestingBound(text, 0)).toBeGreaterThanOrEqual(9)
        const deep = ` ${'['.repeat(300)}\n${'['.repeat(300)}\n1${']'.repeat(600)}\n`
        expect(tooDeep(() => templateFromText(deep, 't.yaml')).location).toMatchObject({file: 't.yaml', line: 2})
        // after a document marker, the next document's first line counts the same way
        expect(tooDeep(() => templateFromText(`a: 1\n---\n${deep}`, 't.yaml')).location).toMatchObject({file: 't.yaml', line: 4})
    })

    it('the bound is never below the depth the parser builds', () => {
        const piece = fc.constantFrom(
            '[',
            '[',
            '{',
            ']',
            '}',
            ', ',
            'a',
            'k: ',
            '- ',
            '- k: ',
            '? ',
            ': ',
            '"',
            "'",
            '"]"',
            "'}'",
            ' # ',
            '|',
            '\t',
            '&x: ',
            '!t ',
            '---',
            "it's",
            '{ a: [',
        )
        const line = fc.tuple(fc.constantFrom(0, 0, 1, 2, 4, 6), fc.array(piece, {maxLength: 12})).map(([indent, parts]) => ' '.repeat(indent) + parts.join(''))
        fc.assert(
            fc.property(fc.array(line, {minLength: 1, maxLength: 10}), lines => {
                const text = lines.join('\n')
                expect(nestingBound(text, 0)).toBeGreaterThanOrEqual(syntaxTreeDepth(text))
            }),
            {numRuns: 3000},
        )
    })
})

/** The deepest collection of `yaml`'s concrete syntax tree (no recursion). */
function syntaxTreeDepth(text: string): number {
    let deepest = 0
    for (const token of new Parser().parse(text)) {
        const pending: [unknown, number][] = [[token, 0]]
        while (pending.length > 0) {
            const [t, depth] = pending.pop() as [{type: string; value?: unknown; items?: {key?: unknown; value?: unknown}[]}, number]
            if (t.type === 'document' && t.value) pending.push([t.value, depth])
            if (t.items && (t.type === 'block-map' || t.type === 'block-seq' || t.type === 'flow-collection')) {
                deepest = Math.max(deepest, depth + 1)
                for (const item of t.items) for (const part of [item.key, item.value]) if (part) pending.push([part, depth + 1])
            }
        }
    }
    return deepest
}

/** A variability template from data (no YAML limit): nodes a and b exclude each other, the fewest nodes keep a, n has `conditions`. */
function template(conditions: unknown, variability: Record<string, unknown> = {}): Record<string, unknown> {
    return {
        tosca_definitions_version: 'tosca_variability_1_0',
        topology_template: {
            variability: {options: {optimization_topology: true, type_default_condition: true}, ...variability},
            node_templates: {
                a: {type: 'a', conditions: {not: {node_presence: 'b'}}},
                b: {type: 'b', conditions: {not: {node_presence: 'a'}}},
                // b brings c and d along, so the smallest variant keeps a
                c: {type: 'c', conditions: {node_presence: 'b'}},
                d: {type: 'd', conditions: {node_presence: 'b'}},
                n: {type: 'n', conditions},
            },
        },
    }
}

/** Alternating and/or, `depth` deep, over the presence of a and b: a formula the solver has to take. */
function andOr(depth: number): unknown {
    let f: unknown = {node_presence: 'a'}
    for (let i = 0; i < depth; i++) f = {[i % 2 ? 'and' : 'or']: [{node_presence: i % 3 ? 'a' : 'b'}, f]}
    return f
}

/** e0 … e<length>, each referring to the one before: `{logic_expression: e<length>}` nests length + 1 deep. */
function chain(length: number, wrap = (inner: unknown): unknown => inner): Record<string, unknown> {
    const expressions: Record<string, unknown> = {e0: {node_presence: 'a'}}
    for (let i = 1; i <= length; i++) expressions[`e${i}`] = wrap({logic_expression: `e${i - 1}`})
    return {expressions}
}

const nodes = (resolution: ReturnType<typeof resolved>) => Object.keys((resolution.output.topology_template as {node_templates: object}).node_templates)

describe(`conditions nested deeper than ${MAX_NESTING} levels`, () => {
    it('deep operators: solved at the limit, refused beyond it', () => {
        expect(nodes(resolveData(template(andOr(MAX_NESTING))))).toEqual(['a', 'n'])
        tooDeep(() => resolveData(template(andOr(MAX_NESTING + 1))))
        tooDeep(() => resolveData(template(andOr(2000))))
        let not: unknown = true
        for (let i = 0; i < 2000; i++) not = {not: not}
        tooDeep(() => resolveData(template(not)))
    })

    it('a chain of logic expressions counts each reference', () => {
        expect(nodes(resolveData(template({logic_expression: `e${MAX_NESTING - 1}`}, chain(MAX_NESTING - 1))))).toEqual(['a', 'n'])
        tooDeep(() => resolveData(template({logic_expression: `e${MAX_NESTING}`}, chain(MAX_NESTING))))
        tooDeep(() => resolveData(template({logic_expression: 'e2000'}, chain(2000))))
    })

    it('operators and references count together', () => {
        const twoLevels = (inner: unknown) => ({and: [{node_presence: 'a'}, inner]})
        tooDeep(() => resolveData(template({logic_expression: 'e300'}, chain(300, twoLevels))))
    })

    it('a chain of expressions in YAML is refused at the reference that crosses the limit', () => {
        const entries = Array.from({length: 2000}, (_, i) => `            e${i + 1}: {logic_expression: e${i}}\n`).join('')
        const text = `${HEAD}    variability:\n        expressions:\n            e0: true\n${entries}    node_templates:\n        n: {type: n, conditions: {logic_expression: e2000}}\n`
        const error = tooDeep(() => resolveText(text))
        expect(error.message).toMatch(/^expression nested deeper than 500 levels/)
        // n's condition is level 0, e2000 level 1, …: e1500's definition is level 501, on line 5 + 1500
        expect(error.location).toMatchObject({file: 't.yaml', line: 1505, column: 20})
    })

    it('a logic expression compiled once and reused deeper still counts its depth', () => {
        // e<k> = 200 levels of and/or around e<k-1>; node n<k> refers to e<k>, so each compile finds e<k-1> compiled already
        const expressions: Record<string, unknown> = {e0: {node_presence: 'a'}}
        const nodeTemplates: Record<string, unknown> = {}
        for (let k = 1; k <= 8; k++) {
            let f: unknown = {logic_expression: `e${k - 1}`}
            for (let i = 0; i < 100; i++) f = {and: [{node_presence: 'a'}, {or: [{node_presence: 'b'}, f]}]}
            expressions[`e${k}`] = f
            nodeTemplates[`n${k}`] = {type: 'n', conditions: {logic_expression: `e${k}`}}
        }
        const data = template(true, {expressions})
        Object.assign((data.topology_template as {node_templates: object}).node_templates, nodeTemplates)
        tooDeep(() => resolveData(data))
    })
})

describe(`value expressions nested deeper than ${MAX_NESTING} levels`, () => {
    /** A scope whose inputs' defaults are evaluated each in a scope of its own, all counting levels on `nesting`. */
    const scope = (defaults: Record<string, unknown> = {}, nesting: Nesting = {levels: 0}): ValueScope => {
        const stack: string[] = []
        return {
            input: (name: string) => evaluateValue(defaults[name], scope(defaults, nesting)),
            expression: () => undefined,
            guard: <T>(what: string, _reference: unknown, fn: () => T): T => {
                stack.push(what)
                try {
                    return fn()
                } finally {
                    stack.pop()
                }
            },
            locate: () => undefined,
            nesting,
        }
    }
    const adds = (depth: number, inner: unknown = 1) => {
        let e: unknown = inner
        for (let i = 0; i < depth; i++) e = {add: [e, 1]}
        return e
    }

    it('evaluate at the limit and fail beyond it', () => {
        expect(evaluateValue(adds(MAX_NESTING), scope())).toBe(MAX_NESTING + 1)
        tooDeep(() => evaluateValue(adds(MAX_NESTING + 1), scope()))
    })

    it('count the default expressions of inputs read inside one another', () => {
        const defaults: Record<string, unknown> = {i0: 1}
        for (let i = 1; i <= 1000; i++) defaults[`i${i}`] = {add: [{variability_input: `i${i - 1}`}, 1]}
        tooDeep(() => evaluateValue({variability_input: 'i1000'}, scope(defaults)))
    })

    it('leave nothing counted after a failure: the full depth is available again', () => {
        // failing 400 levels down, inside the defaults of inputs read inside one another (each in a scope of its own, all on one count)
        const defaults: Record<string, unknown> = {i0: adds(300, {mul: ['no number', 2]})}
        for (let i = 1; i <= 49; i++) defaults[`i${i}`] = {add: [{variability_input: `i${i - 1}`}, 1]}
        const nesting = {levels: 0}
        const s = scope(defaults, nesting)
        for (let i = 0; i < 3; i++) {
            tooDeep(() => evaluateValue(adds(2000), s))
            expectCode(() => evaluateValue({variability_input: 'i49'}, s), 'operand-type')
            expect(nesting.levels).toBe(0)
        }
        expect(evaluateValue(adds(MAX_NESTING), s)).toBe(MAX_NESTING + 1)
        tooDeep(() => evaluateValue(adds(MAX_NESTING + 1), s))
    })

    it('an input default chain in a template is refused at the default that crosses the limit', () => {
        const inputs = Array.from({length: 2000}, (_, i) => `            i${i + 1}: {type: integer, default_expression: {variability_input: i${i}}}\n`).join('')
        const text = `${HEAD}    variability:\n        inputs:\n            i0: {type: integer, default: 1}\n${inputs}    node_templates:\n        n: {type: n, conditions: {equal: [{variability_input: i2000}, 1]}}\n`
        const error = tooDeep(() => resolveText(text))
        // equal is level 1, reading i2000 level 2, its default level 3, …: i1502's default is level 501, on line 5 + 1502
        expect(error.location).toMatchObject({file: 't.yaml', line: 1507, column: 56})
    })
})
