// What a run writes: one output never replaces another or an input, however the paths are
// spelled (links to folders included).
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {removeWorkspaces, run, workspace} from './run.js'
import {TEMPLATE} from './helpers.js'

afterAll(removeWorkspaces)

const listing = (dir: string) => fs.readdirSync(dir).sort()

describe('outputs reached through a link to a folder', () => {
    it('two outputs naming one new file through a linked folder are refused before anything is written', async () => {
        for (const [output, report] of [
            ['out.md', 'here/out.md'],
            ['here/out.md', 'out.md'],
            ['there/out.md', 'here/out.md'],
        ]) {
            const dir = workspace({'t.yaml': TEMPLATE})
            fs.symlinkSync('.', path.join(dir, 'here'))
            fs.symlinkSync('here', path.join(dir, 'there'))
            const r = await run(['resolve', 't.yaml', '--set', 'mode=dev', '-o', output!, '--report', report!], {cwd: dir})
            expect(r.code).toBe(2)
            expect(r.stderr).toBe(`trellis: --output and --report name the same file (${report})\n`)
            expect(listing(dir)).toEqual(['here', 't.yaml', 'there'])
        }
    })

    it('an output naming an input through a linked folder is refused', async () => {
        const dir = workspace({'t.yaml': TEMPLATE})
        fs.symlinkSync('.', path.join(dir, 'here'))
        const r = await run(['resolve', 't.yaml', '--set', 'mode=dev', '-o', 'here/t.yaml'], {cwd: dir})
        expect(r.code).toBe(2)
        expect(r.stderr).toBe('trellis: --output here/t.yaml is an input of this run (t.yaml): it would be overwritten\n')
        expect(fs.readFileSync(path.join(dir, 't.yaml'), 'utf8')).toBe(TEMPLATE)
    })

    it('different files through a linked folder are both written', async () => {
        const dir = workspace({'t.yaml': TEMPLATE})
        fs.symlinkSync('.', path.join(dir, 'here'))
        const r = await run(['resolve', 't.yaml', '--set', 'mode=dev', '-o', 'out.yaml', '--report', 'here/out.md'], {cwd: dir})
        expect(r).toEqual({code: 0, stdout: '', stderr: ''})
        expect(listing(dir)).toEqual(['here', 'out.md', 'out.yaml', 't.yaml'])
    })
})
