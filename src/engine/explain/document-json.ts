// An element of the explanation document as JSON text, exactly as
// `JSON.stringify(…, null, 2)` writes it where it sits in the document: written
// field by field in the document's order, which is about a third quicker than
// JSON.stringify's walk over any value (an explanation of every element of a
// large template is a gigabyte of this text).
import type {DocumentBecause, DocumentElement} from './types.js'

/** An element of the document `depth` levels deep (2 in `elements`), as JSON.stringify with an indentation of 2 writes it there. */
export function elementJson(e: DocumentElement, depth: number): string {
    const field = indent(depth + 1)
    let text = `{${field}"id": ${quote(e.id)},${field}"display": ${quote(e.display)},${field}"kind": ${word(e.kind)},${field}"present": ${e.present}`
    text += `,${field}"code": ${word(e.code)},${field}"reason": ${quote(e.reason)},${field}"decidedBy": ${word(e.decidedBy)},${field}"dependsOnInputs": ${e.dependsOnInputs}`
    if (e.location !== undefined) text += `,${field}"location": ${quote(e.location)}`
    text += `,${field}"because": ${becauseJson(e.because, depth + 1)}`
    if (e.whatIf !== undefined) text += `,${field}"whatIf": ${nestedJson(e.whatIf, depth + 1)}`
    return `${text}${indent(depth)}}`
}

/** A list of reasons `depth` levels deep. */
export function becauseJson(list: readonly DocumentBecause[], depth: number): string {
    if (list.length === 0) return '[]'
    const item = indent(depth + 1)
    const field = indent(depth + 2)
    let text = '['
    for (let i = 0; i < list.length; i++) {
        const b = list[i]!
        text += `${i === 0 ? '' : ','}${item}{${field}"kind": ${word(b.kind)},${field}"code": ${word(b.code)},${field}"text": ${quote(b.text)}`
        if (b.condition !== undefined) text += `,${field}"condition": ${quote(b.condition)}`
        if (b.value !== undefined) text += `,${field}"value": ${b.value}`
        if (b.location !== undefined) text += `,${field}"location": ${quote(b.location)}`
        text += `,${field}"refs": ${stringsJson(b.refs, depth + 2)},${field}"because": ${becauseJson(b.because, depth + 2)}${item}}`
    }
    return `${text}${indent(depth)}]`
}

function stringsJson(list: readonly string[], depth: number): string {
    if (list.length === 0) return '[]'
    const item = indent(depth + 1)
    let text = '['
    for (let i = 0; i < list.length; i++) text += `${i === 0 ? '' : ','}${item}${quote(list[i]!)}`
    return `${text}${indent(depth)}]`
}

export const quote = (text: string): string => JSON.stringify(text)

/** A word of the document's vocabulary (a kind, a reason code), quoted once: a quarter of the strings written. */
function word(text: string): string {
    let quoted = WORDS.get(text)
    if (quoted === undefined) WORDS.set(text, (quoted = quote(text)))
    return quoted
}

const WORDS = new Map<string, string>()

/** A line break and the indentation of a value `depth` levels deep. */
function indent(depth: number): string {
    while (INDENTS.length <= depth) INDENTS.push(`${INDENTS[INDENTS.length - 1]!}  `)
    return INDENTS[depth]!
}

const INDENTS = ['\n']

/** Any value as JSON.stringify(…, null, 2) writes it `depth` levels into a document (it indents the value itself): its brackets cut off, cheaper than re-indenting its text. */
export function nestedJson(value: unknown, depth: number): string {
    let wrapped: unknown = value
    for (let i = 0; i < depth; i++) wrapped = [wrapped]
    const text = JSON.stringify(wrapped, null, 2)
    // level i (from 0) opens with "[", a line break and 2 (i + 1) spaces, and closes with a line break, 2 (depth - 1 - i) spaces and "]"
    return text.slice(depth * depth + 3 * depth, text.length - (depth * depth + depth))
}
