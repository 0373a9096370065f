// Shell completion and help examples: what a user gets from Tab and from --help.
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {Command} from 'commander'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {completions, registerCompletion, type CompletionSources} from '../../src/cli/commands/completion.js'
import {registerExplain} from '../../src/cli/commands/explain.js'
import {registerProfile} from '../../src/cli/commands/profile.js'
import {registerResolve} from '../../src/cli/commands/resolve.js'
import {registerTest} from '../../src/cli/commands/test.js'
import {registerWizard} from '../../src/cli/commands/wizard.js'
import {addExamples, commandPath} from '../../src/cli/examples.js'
import {skipNamed} from '../helpers/skip.js'
import {BIN, tempDir, TEMPLATE, removeTempDirs} from './helpers.js'

afterAll(removeTempDirs)

function program(): Command {
    const p = new Command().name('trellis').option('--debug')
    const none = () => undefined
    for (const register of [registerResolve, registerExplain, registerProfile, registerTest, registerWizard, registerCompletion]) register(p, none)
    addExamples(p)
    return p
}

// made when the tests start, not when the file is only listed
let dir = ''
beforeAll(() => {
    dir = tempDir('trellis-completion-')
    fs.writeFileSync(path.join(dir, 't.yaml'), TEMPLATE)
    fs.writeFileSync(path.join(dir, 'out.yaml'), 'not: a template\n')
})
const sources: CompletionSources = {presets: async () => ['dev', 'prod'], inputs: async () => ['mode', 'debug', 'replicas'], profiles: async () => ['staging', 'prod-eu']}
const complete = (...words: string[]) => {
    const cwd = process.cwd()
    process.chdir(dir)
    try {
        return completions(program(), words, sources)
    } finally {
        process.chdir(cwd)
    }
}

describe('completion candidates', () => {
    it.each([
        [[''], ['completion', 'explain', 'profile', 'resolve', 'test', 'wizard']],
        [['re'], ['resolve']],
        [['t.y'], []], // a template: the shell completes the file name
        [
            ['resolve', 't.yaml', '--preset', ''],
            ['dev', 'prod'],
        ],
        [['resolve', 't.yaml', '-p', 'p'], ['prod']],
        [['t.yaml', '--set', 're'], ['replicas=']],
        [
            ['explain', 't.yaml', '--profile', ''],
            ['prod-eu', 'staging'],
        ],
        [['resolve', 't.yaml', '--out'], ['--output']],
        [['resolve', 't.yaml', '--output', ''], []], // a file name
        [
            ['profile', ''],
            ['delete', 'diff', 'export', 'import', 'list', 'rename', 'save', 'show', 'test'],
        ],
        [['profile', 'show', 's'], ['staging']],
        [['resolve', '--preset', ''], []], // no template named yet: nothing to read presets from
        [
            ['resolve', '--preset', 'test', 't.yaml', '-p', ''],
            ['dev', 'prod'],
        ], // a value named like a command is a value
        [['resolve', '-o', 'out.yaml', 't.yaml', '-p', 'd'], ['dev']], // an output file is not the template
    ])('%j', async (words, expected) => {
        expect(await complete(...words)).toEqual(expected)
    })

    it('offers no name from a template or a profile that the shell would read as more than a word', async () => {
        const hostile: CompletionSources = {
            presets: async () => ['prod;touch pwned;#', 'a b', '$(id)', 'x`id`', 'line\nbreak', 'zero\u200bwidth', 'größe', 'eu-west_1.a'],
            inputs: async () => ['rm -rf', 'replicas'],
            profiles: async () => ['p|q', 'ok@2'],
        }
        const cwd = process.cwd()
        process.chdir(dir)
        try {
            expect(await completions(program(), ['resolve', 't.yaml', '--preset', ''], hostile)).toEqual(['eu-west_1.a', 'größe'])
            expect(await completions(program(), ['resolve', 't.yaml', '--set', ''], hostile)).toEqual(['replicas='])
            expect(await completions(program(), ['resolve', 't.yaml', '--profile', ''], hostile)).toEqual(['ok@2'])
        } finally {
            process.chdir(cwd)
        }
    })
})

const NO_BASH = spawnSync('bash', ['--version']).status !== 0
describe.skipIf(NO_BASH)(skipNamed('the bash script', NO_BASH && 'bash not found'), () => {
    it('completes presets through trellis __complete', () => {
        const bin = tempDir('trellis-completion-bin-')
        fs.writeFileSync(path.join(bin, 'trellis'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`, {mode: 0o755})
        const script = spawnSync(process.execPath, [BIN, 'completion', 'bash'], {encoding: 'utf8'}).stdout
        const r = spawnSync('bash', ['-c', `${script}\nCOMP_WORDS=(trellis resolve t.yaml --preset p); COMP_CWORD=4; _trellis; printf '%s\\n' "\${COMPREPLY[@]}"`], {
            cwd: dir,
            encoding: 'utf8',
            env: {...process.env, PATH: `${bin}:${process.env.PATH}`},
        })
        expect(r.stdout).toBe('prod\n')
    })
})

describe('help', () => {
    it('of every command ends with examples', () => {
        const missing: string[] = []
        const visit = (c: Command) => {
            if ((c as unknown as {_hidden?: boolean})._hidden) return
            let help = ''
            c.configureOutput({writeOut: s => (help += s)})
            c.outputHelp()
            // an example too wide for the width: its command wrapped, its comment on a line below, each indented further
            if (!/\nExamples:\n( {2}trellis .*\n?|.*trellis .*\n?| {6}.*\n?)+$/.test(help)) missing.push(commandPath(c) || 'trellis')
            c.commands.forEach(visit)
        }
        visit(program())
        expect(missing).toEqual([])
    })
})
