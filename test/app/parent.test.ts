// A process started by bin/trellis.js for a parent that is gone writes nothing, even when it gets
// as far as writing (the parent's SIGKILL reaches no handler, and the thread that ends such a
// child may come too late): no output is renamed into place, nothing more goes to standard output.
import fs from 'node:fs'
import path from 'node:path'
import {tempDir} from '../helpers/temp.js'
import {afterEach, beforeAll, describe, expect, it} from 'vitest'
import {writeFilesAtomic} from '../../src/app/io.js'
import {PARENT_VARIABLE} from '../../src/app/parent.js'
import {writeStandardOutput} from '../../src/app/standard-output.js'

// made when the tests start (not when the file is only listed), removed after them (test/helpers/setup.ts)
let dir = ''
beforeAll(() => {
    dir = tempDir('trellis-parent-')
})
afterEach(() => {
    delete process.env[PARENT_VARIABLE]
})

describe('a process whose parent is gone', () => {
    it('renames no output into place and leaves no temporary file', async () => {
        const out = path.join(dir, 'out.yaml')
        fs.writeFileSync(out, 'previous\n')
        // any process id but this process's parent
        process.env[PARENT_VARIABLE] = String(process.ppid + 1)
        await expect(writeFilesAtomic([{file: out, content: 'new\n'}])).rejects.toThrow(/is gone: nothing written/)
        expect(() => writeStandardOutput('document\n')).toThrow(/is gone: nothing written/)
        expect(fs.readFileSync(out, 'utf8')).toBe('previous\n')
        expect(fs.readdirSync(dir)).toEqual(['out.yaml'])
    })

    it('while its parent is there, writes as any other', async () => {
        const out = path.join(dir, 'kept.yaml')
        process.env[PARENT_VARIABLE] = String(process.ppid)
        await writeFilesAtomic([{file: out, content: 'new\n'}])
        expect(fs.readFileSync(out, 'utf8')).toBe('new\n')
    })
})
