// Why a template could not be read, across the thread boundary: an error's
// class and own fields do not survive it, so the resolver sends what the
// command line needs to report it as if it had read the template itself
// (file:line:col, the places, notes and help below it, the mistakes found beside
// the first, a system error's path).
import {describeSystemError} from '../../app/errors.js'
import {isTrellisError, TrellisError} from '../../engine/index.js'
import type {LoadFailure} from './protocol.js'

export function failureOf(e: unknown): LoadFailure {
    if (isTrellisError(e)) return {kind: 'template', errorClass: e.errorClass, diagnostics: e.diagnostics()}
    const system = e as NodeJS.ErrnoException | undefined
    if (typeof system?.code === 'string' && typeof system.syscall === 'string')
        return {kind: 'system', message: system.message, code: system.code, syscall: system.syscall, ...(system.path === undefined ? {} : {path: system.path})}
    return {kind: 'other', message: e instanceof Error ? e.message : String(e)}
}

/** The error again, as the command line reports errors (see report-error.ts). */
export function errorOf(failure: LoadFailure): Error {
    switch (failure.kind) {
        case 'template': {
            const [first, ...more] = failure.diagnostics.map(d => new TrellisError(d.code, d.message, d.location, {...d, errorClass: failure.errorClass}))
            first!.more = more
            return first!
        }
        case 'system':
            return Object.assign(new Error(failure.message), {code: failure.code, syscall: failure.syscall, path: failure.path})
        case 'other':
            return new Error(failure.message)
    }
}

/** One line for the wizard's message line: where and what. */
export function failureLine(failure: LoadFailure): string {
    const error = errorOf(failure)
    return (isTrellisError(error) ? error.describe() : (describeSystemError(error) ?? error.message)).split('\n')[0]!
}
