// Why a template could not be read, across the thread boundary: an error's
// class and own fields do not survive it, so the resolver sends what the
// command line needs to report it as if it had read the template itself
// (file:line:col, the places, notes and help below it, the mistakes found beside
// the first, a system error's path).
import {describeSystemError} from '../../app/errors.js'
import {isTrellisError, type SourceLocation, TrellisError} from '../../engine/index.js'
import type {LoadFailure} from './protocol.js'

export function failureOf(e: unknown): LoadFailure {
    if (isTrellisError(e)) return {...mistake(e), more: e.more.map(mistake)}
    const system = e as NodeJS.ErrnoException | undefined
    if (typeof system?.code === 'string' && typeof system.syscall === 'string')
        return {kind: 'system', message: system.message, code: system.code, syscall: system.syscall, ...(system.path === undefined ? {} : {path: system.path})}
    return {kind: 'other', message: e instanceof Error ? e.message : String(e)}
}

function mistake(e: TrellisError): Omit<Extract<LoadFailure, {kind: 'template'}>, 'more'> {
    return {
        kind: 'template',
        code: e.code,
        errorClass: e.errorClass,
        message: e.message,
        ...(e.location ? {location: located(e.location)} : {}),
        related: e.related.map(r => ({location: located(r.location), label: r.label})),
        notes: e.notes,
        help: e.help,
    }
}

/** A location found on first read (see engine/load/yaml/positions/source-map.ts) becomes plain data. */
function located(location: SourceLocation): SourceLocation {
    return {file: location.file, line: location.line, column: location.column}
}

/** The error again, as the command line reports errors (see report-error.ts). */
export function errorOf(failure: LoadFailure): Error {
    switch (failure.kind) {
        case 'template': {
            const error = new TrellisError(failure.code, failure.message, failure.location, failure)
            error.more = failure.more.map(m => new TrellisError(m.code, m.message, m.location, m))
            return error
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
