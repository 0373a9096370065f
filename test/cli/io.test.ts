// The atomic writer on the paths a run can end by: an interrupt while staging, and a temporary
// file left by a process that was killed outright.
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'
import {afterAll, describe, expect, it, vi} from 'vitest'
import {writeFilesAtomic} from '../../src/app/io.js'
import {ROOT, tempDir, removeTempDirs} from './helpers.js'

afterAll(removeTempDirs)

const IO = pathToFileURL(path.join(ROOT, 'dist/app/io.js')).href
const temps = (dir: string) => fs.readdirSync(dir).filter(name => name.includes('.trellis-tmp-'))

describe('writeFilesAtomic', () => {
    it.each(['SIGTERM', 'SIGINT', 'SIGHUP'])('a %s while staging stops the write: no output is replaced, no temporary file is left, and the signal ends the process', signal => {
        const dir = tempDir('trellis-io-')
        fs.writeFileSync(path.join(dir, 'a.yaml'), 'previous a\n')
        fs.writeFileSync(path.join(dir, 'b.yaml'), 'previous b\n')
        // the signal is sent while the second file is being staged, after the first one was written
        // (as on a loaded machine, the process then computes for a while before the event loop turns)
        const script = `
            import {writeFilesAtomic} from ${JSON.stringify(IO)}
            await writeFilesAtomic([
                {file: 'a.yaml', content: 'a: 1\\n'},
                {file: 'b.yaml', get content() { process.kill(process.pid, ${JSON.stringify(signal)}); for (const busy = Date.now() + 300; Date.now() < busy; ); return 'b: 2\\n' }},
            ])
            console.log('not reached: the signal ends the process')`
        const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {cwd: dir, encoding: 'utf8'})
        expect(r.signal).toBe(signal)
        expect(r.stdout).toBe('')
        expect(fs.readdirSync(dir).sort()).toEqual(['a.yaml', 'b.yaml'])
        expect(fs.readFileSync(path.join(dir, 'a.yaml'), 'utf8')).toBe('previous a\n')
        expect(fs.readFileSync(path.join(dir, 'b.yaml'), 'utf8')).toBe('previous b\n')
    })

    it('a signal once every file is in place ends the process as usual, the files kept', () => {
        const dir = tempDir('trellis-io-')
        const script = `
        import {writeFilesAtomic} from ${JSON.stringify(IO)}
        await writeFilesAtomic([{file: 'a.yaml', content: 'a: 1\\n'}])
        console.log('written')
        process.kill(process.pid, 'SIGTERM')
        setTimeout(() => console.log('not reached'), 20_000)`
        const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {cwd: dir, encoding: 'utf8'})
        expect(r.signal).toBe('SIGTERM')
        expect(r.stdout).toBe('written\n')
        expect(fs.readFileSync(path.join(dir, 'a.yaml'), 'utf8')).toBe('a: 1\n')
    })

    it('writes a file whose name is as long as names may be (the temporary name beside it is shortened)', async () => {
        const dir = tempDir('trellis-io-')
        const long = path.join(dir, `${'n'.repeat(240)}.yaml`)
        const wide = path.join(dir, `${'é'.repeat(120)}.yaml`)
        await writeFilesAtomic([
            {file: long, content: 'a: 1\n'},
            {file: wide, content: 'b: 2\n'},
        ])
        expect(fs.readFileSync(long, 'utf8')).toBe('a: 1\n')
        expect(fs.readFileSync(wide, 'utf8')).toBe('b: 2\n')
        expect(temps(dir)).toEqual([])
    })

    it('removes a temporary file left by a process that no longer runs, and keeps a running one', async () => {
        const dir = tempDir('trellis-io-')
        const dead = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {encoding: 'utf8'}).stdout.trim()
        fs.writeFileSync(path.join(dir, `.out.yaml.trellis-tmp-${dead}-abc`), 'half')
        fs.writeFileSync(path.join(dir, `.out.yaml.trellis-tmp-${process.ppid}-abc`), 'in progress')
        fs.writeFileSync(path.join(dir, `.other.yaml.trellis-tmp-${dead}-abc`), 'another target')
        await writeFilesAtomic([{file: path.join(dir, 'out.yaml'), content: 'x: 1\n'}])
        expect(temps(dir).sort()).toEqual([`.other.yaml.trellis-tmp-${dead}-abc`, `.out.yaml.trellis-tmp-${process.ppid}-abc`])
        expect(fs.readFileSync(path.join(dir, 'out.yaml'), 'utf8')).toBe('x: 1\n')
    })

    it('a text made while it is written (the resolved template) that fails half way changes nothing', async () => {
        const dir = tempDir('trellis-io-')
        const out = path.join(dir, 'out.yaml')
        const report = path.join(dir, 'report.md')
        fs.writeFileSync(out, 'previous output\n')
        fs.writeFileSync(report, 'previous report\n')
        function* pieces() {
            // more than the writer holds back before its first write: part of it is on disk when it fails
            yield 'a: 1\n'.repeat(400_000)
            throw new Error('cannot write this value')
        }
        await expect(
            writeFilesAtomic([
                {file: report, content: 'new report\n'},
                {file: out, content: pieces()},
            ]),
        ).rejects.toThrow('cannot write this value')
        expect(fs.readFileSync(out, 'utf8')).toBe('previous output\n')
        expect(fs.readFileSync(report, 'utf8')).toBe('previous report\n')
        expect(temps(dir)).toEqual([])
    })

    it('a folder (a CSAR) is one more output: a later output failing half way leaves the old folder, and nothing staged', async () => {
        const dir = tempDir('trellis-io-')
        const csar = path.join(dir, 'csar')
        fs.mkdirSync(csar)
        fs.writeFileSync(path.join(csar, 'service.yaml'), 'previous\n')
        function* pieces() {
            yield 'a: 1\n'
            throw new Error('cannot write this value')
        }
        const folder = {
            folder: new Map([
                ['service.yaml', Buffer.from('new\n')],
                ['lib/types.yaml', Buffer.from('types\n')],
            ]),
        }
        await expect(
            writeFilesAtomic([
                {file: csar, content: folder},
                {file: path.join(dir, 'out.yaml'), content: pieces()},
            ]),
        ).rejects.toThrow('cannot write this value')
        expect(fs.readdirSync(csar)).toEqual(['service.yaml'])
        expect(fs.readFileSync(path.join(csar, 'service.yaml'), 'utf8')).toBe('previous\n')
        expect(fs.readdirSync(dir).sort()).toEqual(['csar'])
        // and a rename failing after the folder went into place puts the old folder back
        const rename = fs.renameSync
        const spy = vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
            if (String(from).endsWith('-1')) throw Object.assign(new Error('no space'), {code: 'ENOSPC'})
            rename(from, to)
        })
        try {
            await expect(
                writeFilesAtomic([
                    {file: csar, content: folder},
                    {file: path.join(dir, 'out.yaml'), content: 'a: 1\n'},
                ]),
            ).rejects.toThrow('no space')
        } finally {
            spy.mockRestore()
        }
        expect(fs.readdirSync(csar)).toEqual(['service.yaml'])
        expect(fs.readFileSync(path.join(csar, 'service.yaml'), 'utf8')).toBe('previous\n')
        expect(fs.readdirSync(dir).sort()).toEqual(['csar'])
        // with nothing failing, the new folder replaces the old one whole
        await writeFilesAtomic([{file: csar, content: folder}])
        expect(fs.readFileSync(path.join(csar, 'lib/types.yaml'), 'utf8')).toBe('types\n')
        expect(fs.readdirSync(dir).sort()).toEqual(['csar'])
    })

    it('an old output or a leftover that cannot be removed (a folder made read-only) is no failure once everything is in place', async () => {
        const dir = tempDir('trellis-io-')
        const csar = path.join(dir, 'csar')
        fs.mkdirSync(csar)
        fs.writeFileSync(path.join(csar, 'old.yaml'), 'old\n')
        const gone = spawnSync(process.execPath, ['-e', '']).pid!
        fs.mkdirSync(path.join(dir, `.csar.trellis-tmp-${gone}-x-0`))
        const rm = fs.rmSync
        const spy = vi.spyOn(fs, 'rmSync').mockImplementation((file, options) => {
            // the first removal of each fails as a read-only folder's would; the second, after chmod, works
            if (String(file).includes('.trellis-tmp-') && !failed.has(String(file))) {
                failed.add(String(file))
                throw Object.assign(new Error('permission denied'), {code: 'EACCES'})
            }
            rm(file, options)
        })
        const failed = new Set<string>()
        try {
            await writeFilesAtomic([{file: csar, content: {folder: new Map([['new.yaml', Buffer.from('new\n')]])}}])
        } finally {
            spy.mockRestore()
        }
        expect(fs.readdirSync(csar)).toEqual(['new.yaml'])
        expect(temps(dir)).toEqual([])
    })

    it('puts back the outputs already replaced when a later rename fails: all change or none', async () => {
        const dir = tempDir('trellis-io-')
        const first = path.join(dir, 'out.yaml')
        const second = path.join(dir, 'report.md')
        fs.writeFileSync(first, 'previous output\n')
        // a target that became a folder with something in it between the checks and the rename
        fs.mkdirSync(second)
        fs.writeFileSync(path.join(second, 'keep'), 'x')
        await expect(
            writeFilesAtomic([
                {file: first, content: 'new output\n'},
                {file: second, content: 'new report\n'},
            ]),
        ).rejects.toThrow()
        expect(fs.readFileSync(first, 'utf8')).toBe('previous output\n')
        expect(temps(dir)).toEqual([])
        // a rename that fails after the first one went through (the folder's table full, say)
        fs.rmSync(second, {recursive: true})
        fs.writeFileSync(second, 'previous report\n')
        const third = path.join(dir, 'new.json')
        const rename = fs.renameSync
        let renames = 0
        const spy = vi.spyOn(fs, 'renameSync').mockImplementation((from, to) => {
            if (String(from).includes('.trellis-tmp-') && !String(from).endsWith('.previous') && ++renames === 3) throw Object.assign(new Error('no space'), {code: 'ENOSPC'})
            rename(from, to)
        })
        try {
            await expect(
                writeFilesAtomic([
                    {file: first, content: 'new output\n'},
                    {file: third, content: '{}\n'},
                    {file: second, content: 'new report\n'},
                ]),
            ).rejects.toThrow(/no space/)
        } finally {
            spy.mockRestore()
        }
        expect(fs.readFileSync(first, 'utf8')).toBe('previous output\n')
        expect(fs.readFileSync(second, 'utf8')).toBe('previous report\n')
        // a target that did not exist before is removed again
        expect(fs.existsSync(third)).toBe(false)
        expect(temps(dir)).toEqual([])
    })
})
