// Shared assertions for typed errors.
import {expect} from 'vitest'
import {TrellisError, type ErrorCode} from '../../src/engine/errors.js'

/** Runs fn and returns the TrellisError it throws; fails the test if it throws nothing or something else. */
export function failure(fn: () => unknown): TrellisError {
    try {
        fn()
    } catch (e) {
        expect(e).toBeInstanceOf(TrellisError)
        return e as TrellisError
    }
    throw new Error('expected a TrellisError, but nothing was thrown')
}

export function expectCode(fn: () => unknown, code: ErrorCode): TrellisError {
    const error = failure(fn)
    expect(error.code).toBe(code)
    return error
}

/** As expectCode, for work that completes later (loading a template: an archive is unpacked asynchronously). */
export async function expectRejection(fn: () => Promise<unknown>, code: ErrorCode): Promise<TrellisError> {
    try {
        await fn()
    } catch (e) {
        expect(e).toBeInstanceOf(TrellisError)
        expect((e as TrellisError).code).toBe(code)
        return e as TrellisError
    }
    throw new Error('expected a TrellisError, but nothing was thrown')
}

/** As failure, for work that completes later. */
export async function rejection(fn: () => Promise<unknown>): Promise<TrellisError> {
    try {
        await fn()
    } catch (e) {
        expect(e).toBeInstanceOf(TrellisError)
        return e as TrellisError
    }
    throw new Error('expected a TrellisError, but nothing was thrown')
}
