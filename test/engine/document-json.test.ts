// The explanation document's elements are written field by field (document-json.ts); what a
// script reads must stay what JSON.stringify(document, null, 2) writes, whatever the strings hold.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {elementJson, nestedJson} from '../../src/engine/explain/document-json.js'
import type {DocumentBecause, DocumentElement} from '../../src/engine/explain/types.js'

/** Strings a template can put into an explanation: quotes, backslashes, control characters, lone surrogates, any Unicode. */
const text = fc.oneof(fc.string(), fc.string({unit: 'binary', maxLength: 12}), fc.constantFrom('', '"', '\\', '\n', '\u2028', '\ud800', 'Node "a" is present'))
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, {nil: undefined})

/** A reason with chains at most `levels` deep. */
const reason = (levels: number): fc.Arbitrary<DocumentBecause> =>
    fc.record({
        kind: text,
        code: text,
        text,
        condition: maybe(text),
        value: maybe(fc.boolean()),
        location: maybe(text),
        refs: fc.array(text, {maxLength: 3}),
        because: levels === 0 ? fc.constant([]) : fc.array(reason(levels - 1), {maxLength: 2}),
    })
const because = reason(3)

const element: fc.Arbitrary<DocumentElement> = fc.record({
    id: text,
    display: text,
    kind: text,
    present: fc.boolean(),
    code: text,
    reason: text,
    decidedBy: fc.constantFrom('conditions', 'solver', 'optimization', 'specification'),
    dependsOnInputs: fc.boolean(),
    location: maybe(text),
    because: fc.array(because, {maxLength: 3}),
    whatIf: maybe(
        fc.array(fc.record({changes: fc.dictionary(text, fc.jsonValue({maxDepth: 2})), presets: fc.array(text, {maxLength: 2}), verified: fc.constant(true as const)}), {
            maxLength: 2,
        }),
    ),
}) as fc.Arbitrary<DocumentElement>

describe('an element of the explanation document as JSON', () => {
    it('is the text JSON.stringify writes for it at its depth in the document, whatever its strings hold', () => {
        fc.assert(
            fc.property(element, fc.integer({min: 0, max: 3}), (e, depth) => {
                expect(elementJson(e, depth)).toBe(nestedJson(e, depth))
            }),
            {numRuns: 500},
        )
    })

    it('reads back as the element', () => {
        const e: DocumentElement = {
            id: 'node."db"',
            display: 'Node "db\\n"',
            kind: 'node',
            present: false,
            code: 'manual-condition-false',
            reason: 'line\nbreak \u0007 and \ud83d',
            decidedBy: 'conditions',
            dependsOnInputs: true,
            because: [{kind: 'manual', code: 'manual-condition-false', text: 'its condition does not hold', condition: '{x: "y"}', value: false, refs: ['input.x'], because: []}],
        }
        expect(JSON.parse(`[[${elementJson(e, 2)}]]`)).toEqual([[e]])
    })
})
