// The engine is a library: no terminal UI, no command line, no stored
// settings, and only the loader touches the file system.
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {describe, expect, it} from 'vitest'
import {importedModules, isModule, typescriptFiles} from '../helpers/imports.js'

const ENGINE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/engine')
const LOADER = path.join(ENGINE, 'load')

const SHELL_PACKAGES = ['ink', 'react', 'commander', 'conf', '@inkjs/ui', '@inquirer/prompts']
const FS_MODULES = ['fs', 'node:fs']

const files = typescriptFiles(ENGINE)
const relative = (file: string) => path.relative(path.resolve(ENGINE, '../..'), file)

describe('the import scanner', () => {
    it('finds every form of import', () => {
        const source = [
            "import React from 'react'",
            "import {render} from 'ink'",
            "import type {Command} from 'commander'",
            "import * as fs from 'node:fs'",
            "import 'conf'",
            "export {x} from '@inkjs/ui'",
            "const p = await import('@inquirer/prompts')",
            "const f = require('fs/promises')",
            'import {\n    a,\n    b,\n} from "multi-line"',
        ].join('\n')
        expect(importedModules(source)).toEqual(
            expect.arrayContaining(['react', 'ink', 'commander', 'node:fs', 'conf', '@inkjs/ui', '@inquirer/prompts', 'fs/promises', 'multi-line']),
        )
    })

    it('ignores commented-out imports and look-alike names', () => {
        const source = "// import x from 'ink'\n/* import y from 'react' */\nimport z from 'inkwell'\nimport w from './fs.js'"
        const found = importedModules(source)
        expect(found.some(s => SHELL_PACKAGES.some(p => isModule(s, p)))).toBe(false)
        expect(found.some(s => FS_MODULES.some(p => isModule(s, p)))).toBe(false)
    })

    it('sees the engine sources', () => {
        expect(files.length).toBeGreaterThan(10)
        expect(files.some(f => f.startsWith(LOADER + path.sep))).toBe(true)
    })
})

describe('engine boundaries', () => {
    it('no engine file imports a terminal UI, command-line or settings package', () => {
        const offenders = files.flatMap(file =>
            importedModules(fs.readFileSync(file, 'utf8'))
                .filter(s => SHELL_PACKAGES.some(p => isModule(s, p)))
                .map(s => `${relative(file)} imports '${s}'`),
        )
        expect(offenders).toEqual([])
    })

    it('only src/engine/load/ touches the file system', () => {
        const offenders = files
            .filter(file => !file.startsWith(LOADER + path.sep))
            .flatMap(file =>
                importedModules(fs.readFileSync(file, 'utf8'))
                    .filter(s => FS_MODULES.some(p => isModule(s, p)))
                    .map(s => `${relative(file)} imports '${s}'`),
            )
        expect(offenders).toEqual([])
    })
})
