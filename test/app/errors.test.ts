// A failed file operation said as one sentence naming the user's path, and what to do.
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {describeSystemError} from '../../src/app/errors.js'

const failure = (code: string, syscall: string, path = 'out/shop.yaml') => Object.assign(new Error(`${code}: x, ${syscall} '${path}.tmp'`), {code, syscall, path})

describe('describeSystemError', () => {
    it.each([
        [failure('EACCES', 'open'), 'cannot open out/shop.yaml: permission denied; choose a file in a folder you may write to'],
        [failure('EACCES', 'read'), 'cannot read out/shop.yaml: permission denied'],
        [failure('ENOSPC', 'write'), 'cannot write out/shop.yaml: the disk is full (or the quota used up); free some space or choose another disk'],
        [failure('EROFS', 'open'), 'cannot write out/shop.yaml: the file system is read-only; choose another place'],
        [failure('EISDIR', 'rename'), 'out/shop.yaml is a folder: name a file inside it instead'],
        [failure('ENOENT', 'open', '/no/such/folder/shop.yaml'), 'cannot write /no/such/folder/shop.yaml: its folder does not exist'],
        // a folder that exists but takes no files (/proc on Linux) answers ENOENT too: it is not said to be missing
        [
            failure('ENOENT', 'open', path.join(os.tmpdir(), 'x.yaml')),
            `cannot write ${path.join(os.tmpdir(), 'x.yaml')}: its folder ${os.tmpdir()} takes no new files (not a regular file system, as /proc or /sys); choose another place`,
        ],
        [failure('EBUSY', 'rename'), 'cannot rename out/shop.yaml: EBUSY'],
    ])('%s', (error, sentence) => {
        expect(describeSystemError(error)).toBe(sentence)
    })

    it('leaves anything but a system error alone', () => {
        expect(describeSystemError(new Error('plain'))).toBeUndefined()
        expect(describeSystemError(undefined)).toBeUndefined()
    })
})
