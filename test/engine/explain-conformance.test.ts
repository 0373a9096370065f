// Across the shared conformance suite (when ../shared is beside the project):
// the explanation of every node and group agrees with the resolved output, and
// every pruned element has a reason whose value is false (or is removed as part
// of a variability group); a document of some elements agrees with the whole one.
import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {explanationDocument, explanationJson, type DocumentBecause} from '../../src/engine/explain/index.js'
import {readYamlFile, loadTemplate} from '../../src/engine/load/index.js'
import {CONFORMANCE, HAS_CONFORMANCE, needsConformance} from '../helpers/files.js'
import {resolved} from '../helpers/v4t.js'

function cases(dir: string): string[] {
    if (!fs.existsSync(dir)) return []
    const out: string[] = []
    for (const entry of fs.readdirSync(dir, {withFileTypes: true})) {
        if (!entry.isDirectory() || entry.name.endsWith('---disabled')) continue
        const sub = path.join(dir, entry.name)
        if (fs.existsSync(path.join(sub, 'expected.yaml')) || fs.existsSync(path.join(sub, 'test.yaml'))) out.push(sub)
        else out.push(...cases(sub))
    }
    return out.sort()
}

/** A case's test.yaml (none: the defaults). */
function configOf(dir: string): {error?: unknown; template?: string; inputs?: string; presets?: string | string[]} {
    return fs.existsSync(path.join(dir, 'test.yaml')) ? (parse(fs.readFileSync(path.join(dir, 'test.yaml'), 'utf8')) ?? {}) : {}
}

const all = cases(CONFORMANCE)
/** The cases that resolve a variable template: one expected to fail, or a plain TOSCA one, has nothing to explain. */
const explains = async (dir: string): Promise<boolean> => {
    const config = configOf(dir)
    return config.error === undefined && (await loadTemplate(path.join(dir, config.template ?? 'template.yaml'))).version !== 'tosca_simple_yaml_1_3'
}
const explained = (await Promise.all(all.map(async dir => ((await explains(dir)) ? [dir] : [])))).flat()

describe.skipIf(!HAS_CONFORMANCE)(needsConformance('explanations of the conformance suite'), () => {
    it('are asked of every case that resolves a variable template', () => {
        expect(all.length).toBeGreaterThan(0)
        expect(explained.length).toBeGreaterThan(all.length / 2)
    })

    it.each(explained.map(dir => [path.relative(CONFORMANCE, dir), dir]))('%s', async (_, dir) => {
        const config = configOf(dir)
        const template = await loadTemplate(path.join(dir, config.template ?? 'template.yaml'))
        const inputsFile = config.inputs ? path.join(dir, config.inputs) : path.join(dir, 'inputs.yaml')
        const inputs = fs.existsSync(inputsFile) ? ((readYamlFile(inputsFile).data ?? {}) as Record<string, unknown>) : {}
        const presets = config.presets === undefined ? [] : ([] as string[]).concat(config.presets)
        const result = resolved(template, {presets, assignments: Object.entries(inputs).map(([name, value]) => ({name, value, source: {kind: 'file', file: inputsFile}}))})
        const document = explanationDocument(template, result.model!)
        expect(document.elements.length).toBe(result.model!.graph.elements.length)
        const output = result.output as {topology_template?: {node_templates?: Record<string, unknown>; groups?: Record<string, unknown>}}
        const nodes = new Set(Object.keys(output.topology_template?.node_templates ?? {}))
        const groups = new Set(Object.keys(output.topology_template?.groups ?? {}))
        for (const element of document.elements) {
            if (element.kind === 'node') expect(element.present, element.id).toBe(nodes.has(element.display.slice(6, -1)))
            if (element.kind === 'group') expect(element.present, element.id).toBe(groups.has(element.display.slice(7, -1)))
            // a variability group (and its types and properties) is removed by the specification, not by a false condition
            if (!element.present && element.decidedBy !== 'specification')
                expect(
                    element.because.some(b => b.value === false),
                    element.id,
                ).toBe(true)
        }
        // no chain comes back to an element on its way (the element explained included), and the causes
        // come before the conditions that are not (which are never followed)
        for (const element of document.elements) {
            expect(revisits(element.because, [element.id]), element.id).toEqual([])
            const roles = element.because.filter(b => b.kind !== 'constraint').map(b => b.role ?? 'cause')
            expect(roles, element.id).toEqual([...roles].sort((a, b) => ROLES.indexOf(a) - ROLES.indexOf(b)))
            for (const b of element.because) if (b.role) expect(b.because, element.id).toEqual([])
        }
        // a document of some elements explains only those, and says the same of the inputs and of each
        const some = document.elements.filter((_, i) => i % 3 === 0)
        const partial = explanationDocument(template, result.model!, {elements: some.map(e => e.id)})
        expect(partial.inputs).toEqual(document.inputs)
        expect(partial.elements).toEqual(some)
        // explain --json writes the same document piece by piece, byte for byte
        expect([...explanationJson(template, result.model!)].join('')).toBe(JSON.stringify(document, null, 2))
        expect([...explanationJson(template, result.model!, {elements: some.map(e => e.id)})].join('')).toBe(JSON.stringify(partial, null, 2))
        expect([...explanationJson(template, result.model!, {elements: []})].join('')).toBe(JSON.stringify({...document, elements: []}, null, 2))
    })
})

const ROLES = ['cause', 'also', 'consequence']

/** The chains (as ids) that reach an element already on their path. */
function revisits(reasons: readonly DocumentBecause[], path: readonly string[]): string[] {
    const found: string[] = []
    for (const r of reasons)
        for (const b of r.because) {
            const id = b.refs[0]
            if ((b.kind !== 'element' && b.kind !== 'reference') || id === undefined) continue
            if (path.includes(id)) found.push([...path, id].join(' → '))
            else if (b.kind === 'element') found.push(...revisits(b.because, [...path, id]))
        }
    return found
}
