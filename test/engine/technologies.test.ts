// Technology rules: matching (inheritance, hosting stacks, artifacts,
// conditions), naming, enrichment, checks and technology optimization.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {loadTemplate, templateFromText} from '../../src/engine/load/index.js'
import {resolve} from '../../src/engine/pipeline.js'
import {expectCode} from '../helpers/errors.js'

const TYPES = `node_types:
    app: {derived_from: tosca.nodes.Root}
    web_app: {derived_from: app}
    vm: {derived_from: tosca.nodes.Root}
    cloud: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
    k8s: {derived_from: tosca.nodes.Root, metadata: {vintner_abstract: 'true'}}
artifact_types:
    zip: {derived_from: tosca.artifacts.Root}
    web_zip: {derived_from: zip}
`

function template(rules: string, nodes: string, options = '', version = 'tosca_variability_1_0_rc_2'): string {
    return `tosca_definitions_version: ${version}
${TYPES}
topology_template:
    variability:
        options:
            hosting_stack_constraint: false
            persistent_check: false
${options}
        technology_rules:
${rules}
    node_templates:
${nodes}
`
}

const NODES = `        web:
            type: web_app
            persistent: true
            requirements:
                - host: server
        server:
            type: vm
            persistent: true
            requirements:
                - host: provider
        provider:
            type: cloud
            persistent: true
`

function nodeTypes(text: string): Record<string, string> {
    const output = resolve(templateFromText(text), {}).output as {topology_template: {node_templates: Record<string, {type: string}>}}
    return Object.fromEntries(Object.entries(output.topology_template.node_templates).map(([n, v]) => [n, v.type]))
}

describe('technology rules', () => {
    it('apply to derived types and follow hosting stacks, naming the implementation', () => {
        const rules = `            - {technology: ansible, component: app, hosting: [vm, cloud]}
            - {technology: terraform, component: vm, hosting: [cloud]}`
        expect(nodeTypes(template(rules, NODES))).toEqual({
            web: 'web_app~app::ansible@vm->cloud',
            server: 'vm~vm::terraform@cloud',
            provider: 'cloud',
        })
    })

    it('match any number of hosts with *', () => {
        const rules = `            - {technology: ansible, component: app, hosting: ['*', cloud]}`
        expect(nodeTypes(template(rules, NODES, '            technology_constraint: false\n            required_technology_check: false'))).toMatchObject({web: 'web_app~app::ansible@*->cloud'})
    })

    it('do not match a hosting stack the node does not have', () => {
        const rules = `            - {technology: helm, component: app, hosting: [k8s]}
            - {technology: ansible, component: app, hosting: [vm]}`
        expect(nodeTypes(template(rules, NODES, '            technology_constraint: false\n            required_technology_check: false'))).toMatchObject({web: 'web_app~app::ansible@vm'})
    })

    it('respect their conditions and use assign when given', () => {
        const rules = `            - {technology: ansible, component: app, conditions: false}
            - {technology: terraform, component: app, assign: custom.Type}`
        expect(nodeTypes(template(rules, NODES, '            technology_constraint: false\n            required_technology_check: false'))).toMatchObject({web: 'custom.Type'})
    })

    it('with an artifact type, apply only to nodes with such an artifact and name it', () => {
        const nodes = `        web:
            type: web_app
            persistent: true
            artifacts:
                bundle: {type: web_zip, file: web.zip}
`
        const rules = `            - {technology: ansible, component: app, artifact: zip}`
        expect(nodeTypes(template(rules, nodes))).toEqual({web: 'web_app~app#zip::ansible'})
    })

    it('say when a managed node has no candidate and the technology is required', () => {
        const rules = `            - {technology: ansible, component: vm}`
        const text = template(rules, `        web:\n            type: web_app\n            persistent: true\n`, '            required_technology_check: true')
        const error = expectCode(() => resolve(templateFromText(text), {}), 'invalid-template')
        expect(error.message).toBe('Node "web" has no technology candidates')
    })

    it('leave abstract nodes (vintner_abstract) without a technology', () => {
        const rules = `            - {technology: ansible, component: app, hosting: [vm, cloud]}
            - {technology: terraform, component: vm, hosting: [cloud]}`
        const result = resolve(templateFromText(template(rules, NODES, '            required_technology_check: true')), {})
        const provider = result.model!.graph.node('provider')!
        expect(provider.managed).toBe(false)
        expect(provider.technologies).toEqual([])
    })

    it('implement a technology named on a node, and say when no rule implements it', () => {
        const rules = `            - {technology: ansible, component: app}`
        const named = `        web:\n            type: web_app\n            persistent: true\n            technology: ansible\n`
        expect(nodeTypes(template(rules, named))).toEqual({web: 'web_app~app::ansible'})
        const unknown = `        web:\n            type: web_app\n            persistent: true\n            technology: puppet\n`
        expect(expectCode(() => resolve(templateFromText(template(rules, unknown)), {}), 'invalid-template').message).toBe('Node "web" has no implementation for technology "puppet"')
    })

    it('are read from a map of technologies too', () => {
        const text = template('', NODES).replace('        technology_rules:\n', '        technology_rules:\n            ansible: [{component: app, hosting: [vm, cloud]}]\n            terraform: [{component: vm, hosting: [cloud]}]\n')
        expect(nodeTypes(text)).toMatchObject({web: 'web_app~app::ansible@vm->cloud'})
    })

    it('are read from a file, and from lib/rules.yaml by default', () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-rules-'))
        const rules = '- {technology: ansible, component: app, hosting: [vm, cloud]}\n- {technology: terraform, component: vm, hosting: [cloud]}\n'
        fs.writeFileSync(path.join(dir, 'my-rules.yaml'), rules)
        fs.mkdirSync(path.join(dir, 'lib'))
        fs.writeFileSync(path.join(dir, 'lib', 'rules.yaml'), rules)
        const named = template('', NODES).replace('        technology_rules:\n', '        technology_rules: ./my-rules.yaml\n')
        const implicit = template('', NODES).replace('        technology_rules:\n', '')
        fs.writeFileSync(path.join(dir, 'named.yaml'), named)
        fs.writeFileSync(path.join(dir, 'implicit.yaml'), implicit)
        for (const file of ['named.yaml', 'implicit.yaml']) {
            const output = resolve(loadTemplate(path.join(dir, file)), {}).output as {topology_template: {node_templates: Record<string, {type: string}>}}
            expect(output.topology_template.node_templates.web!.type).toBe('web_app~app::ansible@vm->cloud')
        }
        fs.rmSync(dir, {recursive: true, force: true})
    })
})

describe('technology optimization', () => {
    const CHOICE = `        a:
            type: web_app
            persistent: true
            technology:
                - terraform: {conditions: true, weight: 2}
                - ansible: {conditions: true, weight: 1}
        b:
            type: web_app
            persistent: true
            technology:
                - ansible: {conditions: true}
`
    const v1 = (options: string) => template('            []', CHOICE, `            technology_pruning: true\n            technology_constraint: true\n${options}`, 'tosca_variability_1_0')

    it('count: as few different technologies as possible', () => {
        expect(nodeTypes(v1('            optimization_technologies: min\n            optimization_technologies_mode: count'))).toEqual({a: 'web_app~web_app::ansible', b: 'web_app~web_app::ansible'})
    })

    it('weight: the heaviest or lightest technologies', () => {
        expect(nodeTypes(v1('            optimization_technologies: max\n            optimization_technologies_mode: weight'))).toMatchObject({a: 'web_app~web_app::terraform'})
        expect(nodeTypes(v1('            optimization_technologies: min\n            optimization_technologies_mode: weight'))).toMatchObject({a: 'web_app~web_app::ansible'})
    })

    it('weight-count (the rc_2 default): heaviest first, then fewest different', () => {
        expect(nodeTypes(template('            []', CHOICE))).toMatchObject({a: 'web_app~web_app::terraform'})
    })

    it('reports a tie when uniqueness is asked for', () => {
        const tie = CHOICE.replace('{conditions: true, weight: 2}', '{conditions: true, weight: 1}')
        const text = template('            []', tie, '            technology_pruning: true\n            optimization_technologies: max\n            optimization_technologies_mode: weight\n            optimization_technologies_unique: true', 'tosca_variability_1_0')
        expect(expectCode(() => resolve(templateFromText(text), {}), 'ambiguous').message).toBe('The result is ambiguous considering technologies (besides optimization)')
    })
})
