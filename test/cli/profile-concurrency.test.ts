// Two `trellis profile save` commands started at the same moment both keep their profile.
import {spawn} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, expect, it} from 'vitest'
import {BIN, tempDir, writeTemplate, removeTempDirs} from './helpers.js'

afterAll(removeTempDirs)

it('two trellis processes saving different profiles at once both keep theirs', async () => {
    const work = tempDir('trellis-concurrent-')
    writeTemplate(work)
    const env = {...process.env, TRELLIS_CONFIG_DIR: path.join(work, 'config')}
    const save = (name: string, preset: string) =>
        new Promise<number>(resolve => {
            const p = spawn(process.execPath, [BIN, 'profile', 'save', name, '--template', 'template.yaml', '--preset', preset], {cwd: work, env, stdio: 'ignore'})
            p.on('close', code => resolve(code ?? -1))
        })
    for (let round = 0; round < 3; round++) {
        expect(await Promise.all([save(`a${round}`, 'dev'), save(`b${round}`, 'prod')])).toEqual([0, 0])
    }
    const stored = JSON.parse(fs.readFileSync(path.join(work, 'config', 'config.json'), 'utf8'))
    expect(Object.keys(stored.profiles).sort()).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'b2'])
})
