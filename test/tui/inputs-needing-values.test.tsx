// Inputs without a value and without a default stop resolving before any condition is weighed: the
// wizard says so (not "no variant"), names every such input, opens on the first and walks through
// them in order; a boolean without a value is never shown as "off".
import {describe, expect, it} from 'vitest'
import {App} from '../../src/tui/app.js'
import {ENTER, ESC, press, RESOLVED, show, until, workspace} from './wizard-harness.js'

const NEEDS_VALUES = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        options: {type_default_condition: true}
        inputs:
            env: {type: string}
            tier: {type: string}
            premium: {type: boolean}
            size: {type: string, default: small}
    node_templates:
        static: {type: x, conditions: {equal: [{variability_input: env}, STATIC]}}
        elastic: {type: x, conditions: {equal: [{variability_input: env}, ELASTIC]}}
        large: {type: x, conditions: {equal: [{variability_input: tier}, LARGE]}}
        extra: {type: x, conditions: {variability_input: premium}}
`

describe('inputs that need a value', () => {
    it('are counted in the header, marked in the inputs, and the walk opens on the first of them', async () => {
        const {file} = workspace(NEEDS_VALUES)
        const app = show(<App file={file} />)
        const f = await until(app.lastFrame, '3 inputs need a value')
        expect(f).not.toContain('no variant')
        expect(f).toMatch(/▸ env \? needs a value/)
        expect(f).toMatch(/premium \? needs a value/)
        expect(f).not.toContain('☐ off')
        expect(f).toContain('size small default')
        app.unmount()
    })

    it('are listed by c, and enter sets them one after another until the template resolves', async () => {
        const {file} = workspace(NEEDS_VALUES)
        const app = show(<App file={file} />)
        await until(app.lastFrame, '3 inputs need a value')
        await press(app.stdin, 'c')
        const listed = await until(app.lastFrame, 'these 3 inputs need a value')
        for (const name of ['- env', '- tier', '- premium']) expect(listed).toContain(name)
        expect(listed).not.toContain('cannot search')
        // enter opens env's values; choosing one moves on to tier, then to premium (on or off, nothing preselected as "off")
        await press(app.stdin, ENTER)
        // a value previewed while others still need one says so, not "no variant"
        await until(app.lastFrame, '▸ STATIC → inputs would still n')
        await press(app.stdin, ENTER)
        await until(app.lastFrame, /▸ tier \? needs a value/)
        await press(app.stdin, ENTER)
        await until(app.lastFrame, '▸ LARGE')
        await press(app.stdin, ENTER)
        await until(app.lastFrame, /▸ premium \? needs a value/)
        await press(app.stdin, ENTER)
        await until(app.lastFrame, '▸ true')
        await press(app.stdin, ENTER)
        const resolved = await until(app.lastFrame, RESOLVED)
        expect(resolved).toContain('premium ☑ on set here')
        app.unmount()
    })

    it('lets c show the conflict from the presets screen when the starting choices give no variant', async () => {
        const {file} = workspace(`tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            cheap: {type: boolean, default: false}
            fast: {type: boolean, default: false}
        presets:
            quick: {inputs: {fast: true}}
        constraints:
            - {not: {and: [{variability_input: cheap}, {variability_input: fast}]}}
    node_templates:
        app: {type: x}
`)
        const both = {
            assignments: [
                {name: 'cheap', value: true, source: {kind: 'set' as const}},
                {name: 'fast', value: true, source: {kind: 'set' as const}},
            ],
        }
        const app = show(<App file={file} base={both} />)
        await until(app.lastFrame, 'applied in order: none')
        await until(app.lastFrame, 'no variant')
        await press(app.stdin, 'c')
        expect(await until(app.lastFrame, 'these changes make a variant exist')).toContain('No variant exists')
        await press(app.stdin, ESC)
        app.unmount()
    })
})
