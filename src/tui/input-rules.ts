// The engine's rules for variability inputs, as the wizard's state asks for them (state/rules.ts):
// the state folder imports none of the engine's code, the wizard hands these in with its key context.
import {conflictHeadline, definedInputValues, describeSource, isTrellisError, readTypedText, renderExpression, sameValue} from '../engine/index.js'
import type {InputRules} from './state/rules.js'

export const inputRules: InputRules = {
    values(definition, request) {
        try {
            return definedInputValues(definition, request.presets ?? [], request.assignments ?? [])
        } catch (e) {
            if (isTrellisError(e)) return []
            throw e
        }
    },
    // the one rule for typed text, as --set and TRELLIS_INPUT_ read it too
    typed: readTypedText,
    source: value => describeSource(value.source),
    same: sameValue,
    render: renderExpression,
    conflictHeadline,
}
