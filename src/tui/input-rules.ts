// The engine's rules for variability inputs, as the wizard's state asks for them (state/rules.ts):
// the state folder imports none of the engine's code, the wizard hands these in with its key context.
import {parse as parseYaml} from 'yaml'
import {checkNesting, checkType, conflictHeadline, definedInputValues, describeSource, isTrellisError, renderExpression, sameValue} from '../engine/index.js'
import type {InputRules, TypedValue} from './state/rules.js'

/** A typed value read as YAML and checked against the input's type (the wizard's editor and line mode). */
export function typedValue(type: string | undefined, text: string): TypedValue {
    let value: unknown
    try {
        // a value nested too deep for the parser is refused first, with the same message as in a template
        checkNesting(text, 'the value')
        value = text.trim() === '' ? '' : parseYaml(text)
    } catch (e) {
        if (isTrellisError(e)) return {ok: false, error: e.message}
        // the first line says what and where; the excerpt under it (after its colon) repeats the typed line
        return {ok: false, error: `not valid YAML: ${(e as Error).message.split('\n')[0]!.replace(/:$/, '')}`}
    }
    const check = checkType(type, value, true)
    return check.ok ? {ok: true, value: check.value} : {ok: false, error: `expects ${check.expected}`}
}

export const inputRules: InputRules = {
    values(definition, request) {
        try {
            return definedInputValues(definition, request.presets ?? [], request.assignments ?? [])
        } catch (e) {
            if (isTrellisError(e)) return []
            throw e
        }
    },
    typed: typedValue,
    source: value => describeSource(value.source),
    same: sameValue,
    render: renderExpression,
    conflictHeadline,
}
