// Type checks for variability input values against their declared TOSCA type.
// Values typed on a command line are text first: they are converted where the
// declared type says how (a number given for a string input becomes its text,
// yes/no/on/off a boolean); a value written in a file is checked as it was read.
import {isValueExpression} from '../expressions/index.js'

const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = {true: true, false: false, yes: true, no: false, on: true, off: false}

export type TypeCheck = {ok: true; value: unknown} | {ok: false; expected: string}

export function checkType(type: string | undefined, value: unknown, fromText: boolean): TypeCheck {
    switch (type) {
        case undefined:
            return {ok: true, value}
        case 'string':
            if (typeof value === 'string') return {ok: true, value}
            if (fromText && (typeof value === 'number' || typeof value === 'boolean')) return {ok: true, value: String(value)}
            return {ok: false, expected: 'a string'}
        case 'integer':
            return Number.isInteger(value) ? {ok: true, value} : {ok: false, expected: 'an integer'}
        case 'float':
            return typeof value === 'number' ? {ok: true, value} : {ok: false, expected: 'a number'}
        case 'boolean': {
            if (typeof value === 'boolean') return {ok: true, value}
            // typed text (--set, the environment) in any usual spelling; a string in a file stays a
            // string, as the reference reads it ("yes" and "true" are no booleans in YAML 1.2)
            const word = fromText && typeof value === 'string' ? BOOLEAN_WORDS[value.toLowerCase()] : undefined
            return word === undefined ? {ok: false, expected: 'a boolean'} : {ok: true, value: word}
        }
        case 'list':
            return Array.isArray(value) ? {ok: true, value} : {ok: false, expected: 'a list'}
        case 'map':
            return value !== null && typeof value === 'object' && !Array.isArray(value) ? {ok: true, value} : {ok: false, expected: 'a map'}
        default:
            // timestamps, versions, ranges, scalar units and data types: not checked here
            return {ok: true, value}
    }
}

/**
 * A value assigned to an input of `type` (by a preset, a file, typed text): checked as checkType
 * checks it, except that a value expression (`{concat: …}`) passes as written: its result counts.
 */
export function checkAssigned(type: string | undefined, value: unknown, fromText: boolean): TypeCheck {
    const check = checkType(type, value, fromText)
    return check.ok || !isValueExpression(value) ? check : {ok: true, value}
}
