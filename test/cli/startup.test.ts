// Start-up cost of the command line: `trellis resolve` in CI must not pay for
// the wizard (Ink and React take most of a second to load), the profile store
// (conf), MiniSat (logic-solver builds it on load) or the `yaml` package (40 ms; resolving a plain
// block template needs neither the exact reader nor a position). Those load on demand, so
// nothing reachable from the entry point through static imports may pull them in.
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {describe, expect, it} from 'vitest'
import {isModule, staticImports} from '../helpers/imports.js'

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src')
const ON_DEMAND = ['ink', 'react', 'conf', '@inquirer/prompts', 'logic-solver', 'yaml']

/** Every package loaded with `from`, following relative static imports; with the chain that reaches it. */
function packagesReachable(entry: string): Map<string, string[]> {
    const found = new Map<string, string[]>()
    const seen = new Set<string>()
    const visit = (file: string, chain: string[]) => {
        if (seen.has(file)) return
        seen.add(file)
        for (const specifier of staticImports(fs.readFileSync(file, 'utf8'))) {
            if (specifier.startsWith('.')) {
                const target = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '')
                const source = ['.ts', '.tsx'].map(ext => target + ext).find(f => fs.existsSync(f))
                if (source) visit(source, [...chain, path.relative(SRC, source)])
            } else if (!found.has(specifier)) found.set(specifier, chain)
        }
    }
    visit(entry, [path.relative(SRC, entry)])
    return found
}

describe('command-line start-up', () => {
    it('loads no wizard, profile store or SAT solver before a command asks for one', () => {
        const reachable = packagesReachable(path.join(SRC, 'cli/main.ts'))
        const offenders = [...reachable].filter(([specifier]) => ON_DEMAND.some(p => isModule(specifier, p))).map(([specifier, chain]) => `${specifier} via ${chain.join(' → ')}`)
        expect(offenders).toEqual([])
        // the walk itself works: the engine and commander are reached
        expect(reachable.has('commander')).toBe(true)
        expect(reachable.has('js-yaml')).toBe(true)
    })
})
