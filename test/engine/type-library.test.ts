// The types a template is resolved with (its own, the TOSCA normative types, those of its lib/
// folder), the reference's default rules files, and the version and input behaviour of realistic
// multi-file templates, as the reference implementation resolves them.
import fs from 'node:fs'
import path from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {runCase} from '../../src/cli/test-cases.js'
import {loadTemplate} from '../../src/engine/load/index.js'
import {removeWorkspaces, workspace} from '../cli/run.js'
import {rejection} from '../helpers/errors.js'
import {resolved} from '../helpers/v4t.js'

const resolveIn = async (dir: string, file = 'template.yaml') => resolved(await loadTemplate(path.join(dir, file)), {})
afterAll(removeWorkspaces)

const failureIn = (dir: string) => rejection(() => resolveIn(dir))

const LIB_TYPES = `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
    shop.component:
        derived_from: software.application
    software.application:
        derived_from: tosca.nodes.SoftwareComponent
`
const RULES = `- technology: ansible
  component: tosca.nodes.SoftwareComponent
- technology: terraform
  component: tosca.nodes.Compute
`
const TEMPLATE = (version = 'tosca_variability_1_0_rc_3', type = 'shop.component') => `tosca_definitions_version: ${version}
imports:
    - lib/types.yaml
topology_template:
    node_templates:
        shop:
            type: ${type}
            persistent: true
`

describe('types from lib/ and the TOSCA normative types', () => {
    it('a technology rule matches through lib/ types up to a normative type; none of them reach the output', async () => {
        const output = (await resolveIn(workspace({'template.yaml': TEMPLATE(), 'lib/types.yaml': LIB_TYPES, 'lib/technology-rules.yaml': RULES}))).output
        expect(output).toEqual({
            tosca_definitions_version: 'tosca_simple_yaml_1_3',
            imports: ['lib/types.yaml'],
            topology_template: {node_templates: {shop: {type: 'shop.component~tosca.nodes.SoftwareComponent::ansible'}}},
        })
    })

    it('technology-rules.yaml next to the template is found first', async () => {
        const output = (await resolveIn(workspace({'template.yaml': TEMPLATE('tosca_variability_1_0_rc_3', 'tosca.nodes.Compute'), 'technology-rules.yaml': RULES}))).output as {
            topology_template: {node_templates: Record<string, {type: string}>}
        }
        expect(output.topology_template.node_templates.shop!.type).toBe('tosca.nodes.Compute~tosca.nodes.Compute::terraform')
    })

    it('without the lib/ types the node type is unknown, which enriching technologies cannot accept', async () => {
        const error = await failureIn(workspace({'template.yaml': TEMPLATE(), 'technology-rules.yaml': RULES}))
        expect(error.message).toBe('Node type "shop.component" does not exist')
        expect(error.location?.line).toBe(7)
    })

    it("a type defined twice (template and lib/) is an error at the library file, with the template's definition as the first", async () => {
        const template = `${TEMPLATE()}node_types:\n    shop.component: {}\n`
        const error = await failureIn(workspace({'template.yaml': template, 'lib/types.yaml': LIB_TYPES}))
        expect(error.message).toMatch(/^node_types "shop.component" duplicated in service template ".*lib[\\/]types\.yaml"$/)
        expect(error.location?.file).toMatch(/lib[\\/]types\.yaml$/)
        const lines = template.split('\n')
        expect(error.related).toMatchObject([
            {location: {file: expect.stringMatching(/template\.yaml$/), line: lines.indexOf('    shop.component: {}') + 1, column: 5}, label: 'first defined here'},
        ])
    })

    it("a type two lib/ files define is an error at the second, with the first file's definition as the first", async () => {
        const error = await failureIn(workspace({'template.yaml': TEMPLATE(), 'lib/a.yaml': LIB_TYPES, 'lib/b.yaml': LIB_TYPES}))
        expect(error.location?.file).toMatch(/lib[\\/]b\.yaml$/)
        expect(error.related.map(r => [r.location.file.replace(/^.*lib[\\/]/, ''), r.label])).toEqual([['a.yaml', 'first defined here']])
    })

    it('lib/ files that are no TOSCA service template are skipped; another TOSCA version is refused', async () => {
        await resolveIn(workspace({'template.yaml': TEMPLATE(), 'lib/types.yaml': LIB_TYPES, 'lib/technology-rules.yaml': RULES, 'lib/notes.yaml': 'just: data\n'}))
        const error = await failureIn(workspace({'template.yaml': TEMPLATE(), 'lib/types.yaml': LIB_TYPES, 'lib/x.yaml': 'tosca_definitions_version: tosca_variability_1_0\n'}))
        expect(error.message).toContain('TOSCA definitions version "tosca_variability_1_0" not supported')
    })

    it('a symbolic link in lib/ leading out of the template folder is not followed', async () => {
        const outside = workspace({'types.yaml': LIB_TYPES})
        const dir = workspace({'template.yaml': TEMPLATE(), 'technology-rules.yaml': RULES})
        fs.mkdirSync(path.join(dir, 'lib'))
        fs.symlinkSync(path.join(outside, 'types.yaml'), path.join(dir, 'lib', 'types.yaml'))
        expect((await failureIn(dir)).message).toBe('Node type "shop.component" does not exist')
    })

    it('vintner_abstract is not inherited: a type derived from an abstract one is managed (as in the reference)', async () => {
        const lib = `tosca_definitions_version: tosca_simple_yaml_1_3
node_types:
    node: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
    shop.component: {derived_from: node}
`
        const rules = '- technology: ansible\n  component: node\n'
        const output = (await resolveIn(workspace({'template.yaml': TEMPLATE(), 'lib/types.yaml': lib, 'technology-rules.yaml': rules}))).output
        expect(output).toMatchObject({topology_template: {node_templates: {shop: {type: 'shop.component~node::ansible'}}}})
    })

    it('technology rules cannot match a node whose type has no definition, even one written managed: true', async () => {
        const template = TEMPLATE('tosca_variability_1_0_rc_3', 'shop.component').replace('persistent: true', 'persistent: true\n            managed: true')
        const error = await failureIn(workspace({'template.yaml': template, 'technology-rules.yaml': RULES}))
        expect(error.message).toBe('node_types "shop.component" has no definition, so technology rules cannot match it')
    })

    it('a node of a normative type needs no definition', async () => {
        const template = TEMPLATE('tosca_variability_1_0_rc_3', 'tosca.nodes.Compute').replace(
            'topology_template:\n',
            'topology_template:\n    variability:\n        options: {technology_constraint: false}\n',
        )
        expect((await resolveIn(workspace({'template.yaml': template}))).output).toMatchObject({topology_template: {node_templates: {shop: {type: 'tosca.nodes.Compute'}}}})
    })
})

describe('tosca_simple_yaml_1_3 and realistic inputs', () => {
    it('a tosca_simple_yaml_1_3 template with a variability section is resolved as tosca_variability_1_0', async () => {
        const template = `tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
    variability:
        inputs:
            dev: {type: boolean}
        options: {type_default_condition: true}
        presets:
            prod: {inputs: {dev: false}}
    node_templates:
        debugger: {type: tosca.nodes.Root, conditions: {variability_input: dev}}
        app: {type: tosca.nodes.Root}
`
        const dir = workspace({'template.yaml': template})
        const output = resolved(await loadTemplate(path.join(dir, 'template.yaml')), {presets: ['prod']}).output
        expect(output).toEqual({tosca_definitions_version: 'tosca_simple_yaml_1_3', topology_template: {node_templates: {app: {type: 'tosca.nodes.Root'}}}})
    })

    it('get_input of an undeclared topology input is an error', async () => {
        const template = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    node_templates:
        app: {type: tosca.nodes.Root, properties: [{port: {get_input: port}}]}
`
        expect((await failureIn(workspace({'template.yaml': template}))).message).toBe('Input "port" not found')
    })
})

describe("trellis test finds a CSAR's template by the names the reference looks for", () => {
    it('service-template.yaml in the CSAR root', async () => {
        const dir = workspace({
            'service-template.yaml': 'tosca_definitions_version: tosca_variability_1_0\ntopology_template:\n    node_templates:\n        a: {type: tosca.nodes.Root}\n',
            'tests/one/expected.yaml': 'tosca_definitions_version: tosca_simple_yaml_1_3\ntopology_template:\n    node_templates:\n        a: {type: tosca.nodes.Root}\n',
        })
        expect(await runCase(path.join(dir, 'tests', 'one'), 'one')).toEqual({name: 'one', ok: true})
    })
})
