// The atomic writer on the paths a run can end by: an interrupt while staging, and a temporary
// file left by a process that was killed outright.
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {describe, expect, it} from 'vitest'
import {writeFilesAtomic} from '../../src/app/io.js'
import {ROOT, tempDir} from './helpers.js'

const IO = pathToFileURL(path.join(ROOT, 'dist/app/io.js')).href
const temps = (dir: string) => fs.readdirSync(dir).filter(name => name.includes('.trellis-tmp-'))

describe('writeFilesAtomic', () => {
    it.each(['SIGTERM', 'SIGINT', 'SIGHUP'])('a %s while staging takes effect once every file is in place, leaving no temporary file', signal => {
        const dir = tempDir('trellis-io-')
        // the signal is sent while the second file is being staged, after the first one was written
        const script = `
            import {writeFilesAtomic} from ${JSON.stringify(IO)}
            writeFilesAtomic([
                {file: 'a.yaml', content: 'a: 1\\n'},
                {file: 'b.yaml', get content() { process.kill(process.pid, ${JSON.stringify(signal)}); return 'b: 2\\n' }},
            ])
            console.log('written')
            setTimeout(() => console.log('not reached: the signal ends the process'), 5000)`
        const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {cwd: dir, encoding: 'utf8'})
        expect(r.signal).toBe(signal)
        expect(r.stdout).toBe('written\n')
        expect(fs.readdirSync(dir).sort()).toEqual(['a.yaml', 'b.yaml'])
        expect(fs.readFileSync(path.join(dir, 'b.yaml'), 'utf8')).toBe('b: 2\n')
    })

    it('removes a temporary file left by a process that no longer runs, and keeps a running one', () => {
        const dir = tempDir('trellis-io-')
        const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {encoding: 'utf8'}).stdout.trim()
        fs.writeFileSync(path.join(dir, `.out.yaml.trellis-tmp-${dead}-abc`), 'half')
        fs.writeFileSync(path.join(dir, `.out.yaml.trellis-tmp-${process.ppid}-abc`), 'in progress')
        fs.writeFileSync(path.join(dir, `.other.yaml.trellis-tmp-${dead}-abc`), 'another target')
        writeFilesAtomic([{file: path.join(dir, 'out.yaml'), content: 'x: 1\n'}])
        expect(temps(dir).sort()).toEqual([`.other.yaml.trellis-tmp-${dead}-abc`, `.out.yaml.trellis-tmp-${process.ppid}-abc`])
        expect(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')).toBe('x: 1\n')
    })
})
