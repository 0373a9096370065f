// Work that cannot finish is refused with one clear line naming the limit, never a native abort or
// an internal error: YAML files past the size the readers can read within memory (the limit is
// lowered here through setMaxYamlSize, what TRELLIS_MAX_YAML_MB sets), and a SAT problem past
// MiniSat's fixed heap.
import fs from 'node:fs'
import path from 'node:path'
import {tempDir} from '../helpers/temp.js'
import {afterEach, beforeAll, describe, expect, it, vi} from 'vitest'
import {DEFAULT_MAX_YAML_MB, loadTemplate, setMaxYamlSize, templateFromText} from '../../src/engine/load/index.js'
import {logic, newSolver} from '../../src/engine/solve/index.js'
import {expectCode, expectRejection} from '../helpers/errors.js'

// made when the tests start (not when the file is only listed), removed after them (test/helpers/setup.ts)
let dir = ''
beforeAll(() => {
    dir = tempDir('trellis-bounded-')
})
afterEach(() => setMaxYamlSize(DEFAULT_MAX_YAML_MB))

/** A template of about `kilobytes` of block YAML (or, with `anchor`, one the exact reader must read). */
function template(kilobytes: number, anchor = false): string {
    const nodes = Array.from({length: Math.ceil((kilobytes * 1024) / 40)}, (_, i) => `        node_${String(i).padStart(6, '0')}: {type: tosca.nodes.Root}`)
    if (anchor) nodes[0] = '        node_000000: &shared {type: tosca.nodes.Root}'
    return `tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    node_templates:\n${nodes.join('\n')}\n`
}

describe('YAML files are read only up to the size the readers can finish', () => {
    it('a file over the limit is refused before it is read, naming the limit and how to raise it', async () => {
        setMaxYamlSize(0.01)
        const file = path.join(dir, 'big.yaml')
        fs.writeFileSync(file, template(20))
        const error = await expectRejection(() => loadTemplate(file), 'too-large')
        expect(error.message).toMatch(/^"[^"]*big\.yaml" has 0\.02 MB, more than the 0\.01 MB a YAML file may have \(TRELLIS_MAX_YAML_MB raises the limit, given the memory\)$/)
        // sizes that would show as 0 MB in bytes
        setMaxYamlSize(0.0001)
        expect((await expectRejection(() => loadTemplate(file), 'too-large')).message).toMatch(/ has 0\.02 MB, more than the 105 bytes a YAML file may have /)
    })

    it('a text the exact reader must read (an anchor) may have an eighth of the limit; block YAML the whole', () => {
        setMaxYamlSize(0.04)
        expect(() => templateFromText(template(20))).not.toThrow()
        const error = expectCode(() => templateFromText(template(20, true), 'anchored.yaml'), 'too-large')
        expect(error.message).toMatch(
            /^"anchored\.yaml" has 0\.02 MB of YAML that needs the exact reader \(anchors and aliases, tags, flow collections over several lines, …\), which reads at most 0\.01 MB/,
        )
        expect(error.location).toMatchObject({file: 'anchored.yaml', line: 1})
        expect(() => templateFromText(template(4, true))).not.toThrow()
    })
})

describe("MiniSat's fixed heap", () => {
    it('running out of it is a clear error, prints nothing, and spares the other solvers', () => {
        const Logic = logic()
        const solver = newSolver()
        // what MiniSat does when its heap cannot grow: its module's abort (print, then throw a string with a stack trace)
        const module = (solver as unknown as {_minisat: {_C: {abort(text: string): never; _addClause: unknown}}})._minisat._C
        module._addClause = () => module.abort('Cannot enlarge memory arrays.')
        const log = vi.spyOn(console, 'log')
        const write = vi.spyOn(process.stdout, 'write')
        try {
            solver.require(Logic.or('a', 'b'))
            const error = expectCode(() => solver.solve(), 'too-large')
            expect(error.message).toBe('the problem is too large for the SAT solver: MiniSat (in logic-solver) has a fixed heap of 64 MB, and this problem needs more')
            expect(log).not.toHaveBeenCalled()
            expect(write).not.toHaveBeenCalled()
        } finally {
            log.mockRestore()
            write.mockRestore()
        }
        const other = newSolver()
        other.require('a')
        expect(other.solve()?.getTrueVars()).toEqual(['a'])
    })
})
