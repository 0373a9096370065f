// The import graph of src/: data flows one way. Stages import only stages before them (and
// each other only through their index.ts), nothing outside the engine reaches past its facade
// (src/engine/index.ts), nothing outside the YAML readers past theirs (load/yaml/index.ts), the
// shells stand on the app layer and never the other way round, and no file imports itself
// through others. docs/architecture.md draws the same picture.
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {describe, expect, it} from 'vitest'
import {importedModules, staticImports, typescriptFiles} from '../helpers/imports.js'

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src')

/** Engine modules in the order data flows through them; a module may import only lower ranks. */
const ENGINE_RANK: Record<string, number> = {
    errors: 0,
    text: 0,
    keys: 0,
    names: 0,
    plural: 0,
    'yaml-package': 0,
    'shell-word': 1,
    load: 1,
    expressions: 1,
    options: 2,
    model: 3,
    inputs: 4,
    conditions: 5,
    solve: 6,
    check: 6,
    transform: 6,
    resolve: 7,
    explain: 8,
    report: 9,
    analyze: 10,
    index: 11,
}

/** Folders inside a stage that the rest of src/ sees through their index.ts alone. */
const FOLDERS_WITH_ONE_DOOR = ['engine/load/yaml']

/** The layers around the engine, lowest first; a layer may import only lower ones. */
const LAYER_RANK: Record<string, number> = {engine: 0, profiles: 1, app: 2, tui: 3, lsp: 3, cli: 4}

const files = typescriptFiles(SRC)
const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/')

/** Relative imports of every file, resolved to source files. */
const graph = new Map(
    files.map(file => [
        file,
        importedModules(fs.readFileSync(file, 'utf8'))
            .filter(s => s.startsWith('.'))
            .map(s => {
                const target = path.resolve(path.dirname(file), s).replace(/\.js$/, '')
                return ['.ts', '.tsx', '/index.ts'].map(ext => target + ext).find(f => fs.existsSync(f))
            })
            .filter((f): f is string => f !== undefined),
    ]),
)

/** `engine/model/build.ts` → model; `engine/pipeline.ts` → pipeline. */
const engineModule = (r: string) => r.split('/')[1]!.replace(/\.tsx?$/, '')
const isEngine = (r: string) => r.startsWith('engine/')
const isStageIndex = (r: string) => /^engine\/[^/]+\/index\.ts$/.test(r) || /^engine\/[^/]+\.ts$/.test(r)

function edges(): [string, string][] {
    return [...graph].flatMap(([from, to]) => to.map(t => [rel(from), rel(t)] as [string, string]))
}

/** Strongly connected groups of more than one file (Tarjan). */
function circles(): string[][] {
    let next = 0
    const index = new Map<string, number>()
    const low = new Map<string, number>()
    const stack: string[] = []
    const onStack = new Set<string>()
    const found: string[][] = []
    const visit = (v: string) => {
        index.set(v, next)
        low.set(v, next++)
        stack.push(v)
        onStack.add(v)
        for (const w of graph.get(v) ?? []) {
            if (!index.has(w)) {
                visit(w)
                low.set(v, Math.min(low.get(v)!, low.get(w)!))
            } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
        }
        if (low.get(v) === index.get(v)) {
            const group: string[] = []
            let w: string
            do {
                w = stack.pop()!
                onStack.delete(w)
                group.push(rel(w))
            } while (w !== v)
            if (group.length > 1) found.push(group.sort())
        }
    }
    for (const file of files) if (!index.has(file)) visit(file)
    return found
}

describe('the import graph of src/', () => {
    it('sees every file and import', () => {
        expect(files.length).toBeGreaterThan(100)
        expect(edges().length).toBeGreaterThan(300)
        expect(Object.keys(LAYER_RANK).sort()).toEqual(fs.readdirSync(SRC).sort())
    })

    it('has no circles', () => {
        expect(circles()).toEqual([])
    })

    it('every engine module is placed in the flow', () => {
        const modules = new Set(files.map(rel).filter(isEngine).map(engineModule))
        expect([...modules].filter(m => !(m in ENGINE_RANK))).toEqual([])
    })

    it('engine stages import only stages before them, each through its index.ts', () => {
        const upward = edges()
            .filter(([from, to]) => isEngine(from) && isEngine(to) && engineModule(from) !== engineModule(to))
            .filter(([from, to]) => ENGINE_RANK[engineModule(to)]! >= ENGINE_RANK[engineModule(from)]! || !isStageIndex(to))
            .map(([from, to]) => `${from} → ${to}`)
        expect(upward).toEqual([])
    })

    it.each(FOLDERS_WITH_ONE_DOOR)('outside src/%s/, only its index.ts is imported', folder => {
        expect(files.map(rel).some(r => r.startsWith(`${folder}/`) && r !== `${folder}/index.ts`)).toBe(true)
        const past = edges()
            .filter(([from, to]) => !from.startsWith(`${folder}/`) && to.startsWith(`${folder}/`) && to !== `${folder}/index.ts`)
            .map(([from, to]) => `${from} → ${to}`)
        expect(past).toEqual([])
    })

    it('outside the engine, only src/engine/index.ts is imported', () => {
        const past = edges()
            .filter(([from, to]) => !isEngine(from) && isEngine(to) && to !== 'engine/index.ts')
            .map(([from, to]) => `${from} → ${to}`)
        expect(past).toEqual([])
    })

    it('layers import only lower layers: the app layer never a shell, the wizard never the command line', () => {
        const layer = (r: string) => r.split('/')[0]!
        const upward = edges()
            .filter(([from, to]) => layer(from) !== layer(to) && LAYER_RANK[layer(to)]! > LAYER_RANK[layer(from)]!)
            .map(([from, to]) => `${from} → ${to}`)
        expect(upward).toEqual([])
    })

    it('the wizard and the language server, two shells side by side, never import each other', () => {
        const layer = (r: string) => r.split('/')[0]!
        const across = edges()
            .filter(([from, to]) => ['tui', 'lsp'].includes(layer(from)) && ['tui', 'lsp'].includes(layer(to)) && layer(from) !== layer(to))
            .map(([from, to]) => `${from} → ${to}`)
        expect(across).toEqual([])
    })

    it("the wizard's thread reaches the resolver only through its protocol and client", () => {
        // what runs where the engine runs (resolver/session.ts, write.ts, reasons.ts, the service) is
        // imported by the resolver itself and by the line mode, which has no second thread
        const door = new Set(['tui/resolver/protocol.ts', 'tui/resolver/client.ts'])
        const past = edges()
            .filter(([from]) => from.startsWith('tui/') && !from.startsWith('tui/resolver/') && from !== 'tui/line-mode.ts')
            .filter(([, to]) => to.startsWith('tui/resolver/') && !door.has(to))
            .map(([from, to]) => `${from} → ${to}`)
        expect(past).toEqual([])
        // and the resolver never imports the wizard's state, screens or hooks
        const back = edges()
            .filter(([from, to]) => from.startsWith('tui/resolver/') && to.startsWith('tui/') && !to.startsWith('tui/resolver/'))
            .map(([from, to]) => `${from} → ${to}`)
        expect(back).toEqual([])
    })

    it("the wizard's state loads no engine code: what it needs of input values comes with the key context", () => {
        // what loading a module loads: its imports that are not types only, followed through src/
        const runtime = (file: string) =>
            staticImports(fs.readFileSync(file, 'utf8'))
                .filter(s => s.startsWith('.'))
                .map(s => {
                    const target = path.resolve(path.dirname(file), s).replace(/\.js$/, '')
                    return ['.ts', '.tsx', '/index.ts'].map(ext => target + ext).find(f => fs.existsSync(f))
                })
                .filter((f): f is string => f !== undefined)
        const loaded = new Set(files.filter(f => rel(f).startsWith('tui/state/')))
        for (const file of loaded) for (const next of runtime(file)) loaded.add(next)
        // the only module outside the folder it loads is the protocol, plain data that crosses the thread boundary
        expect([...loaded].map(rel).filter(r => !r.startsWith('tui/state/'))).toEqual(['tui/resolver/protocol.ts'])
    })
})
