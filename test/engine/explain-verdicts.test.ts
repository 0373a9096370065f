// Explanations against the specification's verdicts: variability groups (Group
// Template: "always absent"), constraints that force a verdict the conditions leave
// open, where a group's condition was written, counted nouns, and wrapping that
// never splits a location.
import {describe, expect, it} from 'vitest'
import {renderExplanation} from '../../src/app/explanation-text.js'
import {wrapLine} from '../../src/app/wrap.js'
import {explainElement, explanationDocument, renderSummaryLine} from '../../src/engine/explain/index.js'
import {conflictHeadline} from '../../src/engine/resolve/index.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {decide, type ResolveRequest} from '../../src/engine/resolve/index.js'
import {buildReport} from '../../src/engine/report/index.js'
import {resolved} from '../helpers/v4t.js'

function model(text: string, request: ResolveRequest = {}, file = 'sample.yaml') {
    const template = templateFromText(text, file)
    return {template, model: decide(template, request)}
}

function explain(text: string, id: string, request: ResolveRequest = {}) {
    const {model: m} = model(text, request)
    return explainElement(m, m.graph.element(id)!)
}

const GROUPS = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        options:
            mode: semantic-loose
    node_templates:
        a: {type: a}
        b: {type: b}
    groups:
        off: {type: variability.groups.ConditionalMembers, members: [a], conditions: false}
        on: {type: variability.groups.ConditionalMembers, members: [b], conditions: true}
        plain: {type: tosca.groups.Root, members: [b]}
`

describe('a variability group is always absent (Group Template)', () => {
    it('reports a group whose condition holds as removed, its conditions applying to its members', () => {
        const e = explain(GROUPS, 'group.on')
        expect(e).toMatchObject({verdict: 'pruned', code: 'variability-group', decidedBy: 'specification'})
        expect(e.summary).toBe(
            'Group "on" is pruned: it is a variability group (type variability.groups.ConditionalMembers), always removed when resolving; its conditions apply to node "b"',
        )
        expect(e.rootCauses).toEqual({inputs: [], conditions: []})
        // the member, with the condition it got from the group
        const member = e.because[0]!.because[0]!
        expect(member).toMatchObject({kind: 'element', text: 'Node "b" is present', element: {id: 'node.b'}})
        expect(member.because[0]).toMatchObject({kind: 'group', code: 'group-condition-true', value: true})
    })

    it('does not blame the condition of a group whose condition is false: the group is removed either way', () => {
        const e = explain(GROUPS, 'group.off')
        expect(e).toMatchObject({verdict: 'pruned', code: 'variability-group'})
        expect(e.because.map(b => b.code)).toEqual(['variability-group'])
        expect(e.because[0]!.because[0]).toMatchObject({text: 'Node "a" is pruned', code: 'group-condition-false'})
    })

    it('removes the types of a variability group with it, and keeps an ordinary group', () => {
        const type = explain(GROUPS, 'type.variability.groups.ConditionalMembers@0.group.on')
        expect(type).toMatchObject({verdict: 'pruned', code: 'in-variability-group', decidedBy: 'specification'})
        expect(type.summary).toContain('its container group "on" is a variability group, always removed when resolving')
        expect(explain(GROUPS, 'group.plain').verdict).toBe('present')
    })

    it('agrees with the resolved template, in the JSON document and in the report counts', () => {
        const template = templateFromText(GROUPS, 'sample.yaml')
        const resolution = resolved(template, {})
        const output = resolution.output as {topology_template: {groups?: Record<string, unknown>}}
        expect(Object.keys(output.topology_template.groups ?? {})).toEqual(['plain'])
        const document = explanationDocument(template, resolution.model!)
        const groups = document.elements.filter(e => e.kind === 'group')
        expect(groups.map(g => [g.id, g.present, g.code])).toEqual([
            ['group.off', false, 'variability-group'],
            ['group.on', false, 'variability-group'],
            ['group.plain', true, 'all-conditions-hold'],
        ])
        const report = buildReport({template, templateName: 'sample.yaml', presets: [], argv: ['trellis', 'resolve', 'sample.yaml'], now: new Date(0)}, {model: resolution.model!})
        expect(report.summary!.byKind.find(k => k.kind === 'group')).toEqual({kind: 'group', kept: 1, pruned: 2})
        expect(report.pruned.map(p => p.id)).toEqual(expect.arrayContaining(['group.on', 'group.off']))
    })

    it('says in the summary line why the group is gone', () => {
        expect(renderSummaryLine(explain(GROUPS, 'group.on'))).toMatch(/^- pruned {3}Group "on" {2}\[variability-group\] {2}it is a variability group/)
    })
    it('a property of the group is absent whatever its conditions, which are never read, also in a document of other elements', () => {
        // y is read by the property's condition alone; the property is removed with its group (and never
        // resolved: the reference removes the group before resolving), and node n0 reads its presence
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            y: {type: boolean, default: false}
    node_templates:
        n0: {type: t, conditions: {group_property_presence: [g0, p]}}
        n1: {type: t}
    groups:
        g0:
            type: variability.groups.ConditionalMembers
            members: [n1]
            properties:
                - p: {value: 1, conditions: {variability_input: y}}
`
        const {template, model: m} = model(text)
        const whole = explanationDocument(template, m)
        expect(whole.inputs.y!.decidesSomething).toBe(false)
        expect(whole.elements.find(e => e.id === 'node.n0')).toMatchObject({present: false, dependsOnInputs: false})
        expect(whole.elements.find(e => e.id === 'property.p@0.group.g0')).toMatchObject({present: false, code: 'in-variability-group', dependsOnInputs: false})
        const partial = explanationDocument(template, m, {elements: ['node.n1']})
        expect(partial.inputs).toEqual(whole.inputs)
        expect(partial.elements.map(e => e.id)).toEqual(['node.n1'])
    })
})

describe('a condition a variability group gives its members', () => {
    const BROKER = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            cloud: {type: boolean, default: false}
        expressions:
            on_cloud: {variability_input: cloud}
        options:
            mode: semantic-loose
    node_templates:
        managed_broker: {type: broker}
    groups:
        cloud_only:
            type: variability.groups.ConditionalMembers
            members: [managed_broker]
            conditions: {logic_expression: on_cloud}
`

    it("is attributed to the group, at the group's location, not to the member", () => {
        const e = explain(BROKER, 'node.managed_broker')
        expect(e.code).toBe('group-condition-false')
        expect(e.rootCauses.conditions).toEqual([
            {
                text: 'Group "cloud_only", for its member node "managed_broker": {logic_expression: on_cloud} is false',
                location: expect.stringMatching(/^sample\.yaml:16:\d+$/),
                element: 'group.cloud_only',
            },
        ])
        expect(e.because[0]!.writtenOn?.id).toBe('group.cloud_only')
        expect(renderExplanation(e)).toContain('    Group "cloud_only", for its member node "managed_broker": {logic_expression: on_cloud} is false  (sample.yaml:16:')
    })
})

describe('a constraint that decides a verdict', () => {
    const STACK = (constraint: boolean) => `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        options:
            mode: semantic-loose
            node_default_condition_mode: incoming-host
            hosting_stack_constraint: ${constraint}
    node_templates:
        app:
            type: app
            persistent: true
            requirements:
                - host: vm
        vm:
            type: vm
            requirements:
                - host: cloud
        cloud: {type: cloud}
`

    it('is named first when it alone breaks a loop of default conditions', () => {
        const e = explain(STACK(true), 'node.cloud')
        expect(e).toMatchObject({verdict: 'present', decidedBy: 'solver', code: 'constraint-requires'})
        expect(e.summary).toBe(
            'Node "cloud" is present: the hosting_stack_constraint option (node "app" has exactly one hosting relation) requires it (its conditions alone would allow either verdict; its only condition holds)',
        )
        const [constraint] = e.because
        expect(constraint).toMatchObject({
            kind: 'constraint',
            code: 'constraint-requires',
            condition: '{hosting_stack_constraint: true}',
            location: expect.stringMatching(/^sample\.yaml:9:9$/),
        })
        expect(constraint!.because.map(b => b.element?.id)).toEqual(['node.app', 'relation.host@0.node.app'])
        // the conditions still follow
        expect(e.because.slice(1).map(b => b.code)).toEqual(['default-condition-true'])
        expect(renderSummaryLine(e)).toMatch(/^\+ present {2}Node "cloud" {2}\[constraint-requires\] {2}the hosting_stack_constraint option/)
    })

    it('in a chain, names the first constraint on its one line and counts the rest; its causes list them all', () => {
        const CHAIN = `tosca_definitions_version: tosca_variability_1_0_rc_3
topology_template:
    variability:
        options:
            technology_constraint: false
    inputs:
        secret: {type: string, default: s}
    node_templates:
        front:
            type: tosca.nodes.Root
            requirements:
                - gateway: {node: gateway, implied: true}
        gateway:
            type: tosca.nodes.Root
            requirements:
                - service: {node: service, implied: true}
        service:
            type: tosca.nodes.Root
            requirements:
                - database: {node: dbms, implied: true}
        dbms:
            type: tosca.nodes.Root
            properties:
                - password: {value: {get_input: secret}, implied: true}
`
        const e = explain(CHAIN, 'input.secret@0')
        expect(e.summary).toBe(
            'Input "secret@0" is present: together, the "implied" constraint (relation "gateway@0" of node "front" is implied when its source and its own conditions hold) and 3 more constraints require it (its conditions alone would allow either verdict; its only condition holds)',
        )
        expect(e.because.filter(b => b.kind === 'constraint')).toHaveLength(4)
        // two are still both named
        expect(explain(CHAIN, 'node.service').summary).toMatch(
            /together, the "implied" constraint \(relation "gateway@0"[^)]*\) and the "implied" constraint \(relation "service@0"/,
        )
    })

    it('is what makes the template resolvable: without it the same template is ambiguous', () => {
        expect(() => model(STACK(false))).toThrow('The result is ambiguous considering nodes')
    })

    it('is not named when the conditions alone decide', () => {
        const e = explain(STACK(true), 'node.app')
        expect(e).toMatchObject({code: 'no-conditions', decidedBy: 'conditions'})
        expect(e.because.some(b => b.kind === 'constraint')).toBe(false)
    })

    it('names a topology constraint that excludes an element', () => {
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        constraints:
            - {not: {node_presence: left}}
        options:
            expected_incoming_relation_check: false
    node_templates:
        left:
            type: x
            conditions: {not: {node_presence: right}}
        right:
            type: x
            conditions: {not: {node_presence: left}}
`
        const e = explain(text, 'node.left')
        expect(e).toMatchObject({verdict: 'pruned', code: 'constraint-excludes', decidedBy: 'solver'})
        expect(e.summary).toBe(
            'Node "left" is pruned: the topology constraint {not: {node_presence: left}} excludes it (its conditions alone would allow either verdict; its condition does not hold)',
        )
        expect(e.because[0]!.location).toMatch(/^sample\.yaml:5:15$/)
    })
})

describe('counted nouns', () => {
    it('an element with one condition', () => {
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    node_templates:
        one: {type: x, conditions: true}
        two: {type: x, conditions: [true, true]}
`
        expect(explain(text, 'node.one').summary).toBe('Node "one" is present: its only condition holds')
        expect(explain(text, 'node.two').summary).toBe('Node "two" is present: all 2 of its conditions hold')
    })

    it('the sentence before a conflict', () => {
        const condition = {kind: 'condition'} as const
        const constraint = {kind: 'constraint'} as const
        expect(conflictHeadline([constraint])).toBe('this constraint cannot hold (removing it makes the template resolvable)')
        expect(conflictHeadline([condition, constraint])).toBe('this condition and this constraint cannot both hold (removing either of them makes the template resolvable)')
        expect(conflictHeadline([condition, condition, constraint])).toBe(
            'these 2 conditions and this constraint cannot all hold (removing any one of them makes the template resolvable)',
        )
        expect(conflictHeadline([condition, condition, condition])).toBe('these 3 conditions cannot all hold (removing any one of them makes the template resolvable)')
    })
})

describe('wrapping', () => {
    const location = '/a/rather/long/path/to/the/templates/of/a/project/variable-service-template.yaml:123:45'

    it('never breaks inside a word: a location longer than the room left overflows the line', () => {
        const line = `    - its condition does not hold: {logic_expression: is_prod} is false [manual-condition-false]  (${location})`
        const lines = wrapLine(line, 80)
        expect(lines.some(l => l.includes(location))).toBe(true)
        for (const l of lines) expect(l.trim().length).toBeGreaterThan(0)
        expect(lines.join(' ').replace(/\s+/g, ' ')).toBe(line.replace(/\s+/g, ' '))
    })

    it('keeps a location with spaces in its path on one line', () => {
        const e = explain(
            `tosca_definitions_version: tosca_variability_1_0
topology_template:
    node_templates:
        db: {type: db, conditions: false}
`,
            'node.db',
            {},
        )
        const spaced = {...e, element: {...e.element, location: 'my templates/some folder/sample.yaml:4:9'}}
        for (const width of [30, 40, 60, 80]) expect(renderExplanation(spaced, width)).toContain('my templates/some folder/sample.yaml:4:9')
        // without a width nothing is wrapped
        expect(renderExplanation(spaced).split('\n')[0]).toBe(e.summary)
    })
})
