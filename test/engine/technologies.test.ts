// Technologies: technology rules (matching by component type with inheritance,
// hosting stacks, conditions, artifacts), implementation names, technology
// templates on nodes, the enricher options (enrich_implementations,
// enrich_technologies, required_technology_check), the technology checks, the
// technology constraint, technology optimization, and where rules are read from.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import YAML from 'yaml'
import type {InputAssignment} from '../../src/engine/inputs/types.js'
import {loadTemplate, templateFromText} from '../../src/engine/load/index.js'
import type {NodeElement, TechnologyElement} from '../../src/engine/model/index.js'
import {type Resolution} from '../../src/engine/resolve/index.js'
import {expectCode, expectRejection} from '../helpers/errors.js'
import {resolved} from '../helpers/v4t.js'

type Raw = Record<string, unknown>
type Version = 'tosca_variability_1_0' | 'tosca_variability_1_0_rc_2' | 'tosca_variability_1_0_rc_3'

const NODE_TYPES: Raw = {
    app: {derived_from: 'tosca.nodes.Root'},
    web_app: {derived_from: 'app'},
    runtime: {derived_from: 'tosca.nodes.Root'},
    machine: {derived_from: 'tosca.nodes.Root'},
    vm: {derived_from: 'machine'},
    cloud: {derived_from: 'tosca.nodes.Root', metadata: {vintner_abstract: 'true'}},
    k8s: {derived_from: 'tosca.nodes.Root', metadata: {vintner_abstract: 'true'}},
    application: {derived_from: 'tosca.nodes.Root'},
    terraform_host: {derived_from: 'tosca.nodes.Root', metadata: {vintner_abstract: 'true'}},
}

const ARTIFACT_TYPES: Raw = {
    zip: {derived_from: 'tosca.artifacts.Root'},
    web_zip: {derived_from: 'zip'},
    image: {derived_from: 'tosca.artifacts.Root'},
}

interface Spec {
    version?: Version
    options?: Raw
    inputs?: Raw
    /** technology_rules; left out of the template when undefined */
    rules?: unknown
    nodes: Raw
    nodeTypes?: Raw
}

/** A template as YAML text: the shared types, the variability definition and the nodes. */
function text(spec: Spec): string {
    const variability: Raw = {}
    if (spec.inputs) variability.inputs = spec.inputs
    if (spec.options) variability.options = spec.options
    if (spec.rules !== undefined) variability.technology_rules = spec.rules
    return YAML.stringify({
        tosca_definitions_version: spec.version ?? 'tosca_variability_1_0_rc_3',
        node_types: spec.nodeTypes ?? NODE_TYPES,
        artifact_types: ARTIFACT_TYPES,
        topology_template: {variability, node_templates: spec.nodes},
    })
}

// templates from text look for the default rules files in this (empty) directory
let EMPTY = ''
beforeAll(() => {
    EMPTY = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-technologies-'))
})
afterAll(() => fs.rmSync(EMPTY, {recursive: true, force: true}))

function set(inputs: Raw): InputAssignment[] {
    return Object.entries(inputs).map(([name, value]) => ({name, value, source: {kind: 'set'}}))
}

function run(spec: Spec, inputs: Raw = {}): Resolution {
    return resolved(templateFromText(text(spec), 'template.yaml', EMPTY), {assignments: set(inputs)})
}

/** Present node → its output type. */
function typesOf(resolution: Resolution): Record<string, string> {
    const topology = (resolution.output as {topology_template?: {node_templates?: Record<string, {type: string}>}}).topology_template
    return Object.fromEntries(Object.entries(topology?.node_templates ?? {}).map(([name, node]) => [name, node.type]))
}

function types(spec: Spec, inputs: Raw = {}): Record<string, string> {
    return typesOf(run(spec, inputs))
}

function node(resolution: Resolution, name: string): NodeElement {
    const found = resolution.model!.graph.nodes.find(n => n.name === name)
    if (!found) throw new Error(`no node ${name}`)
    return found
}

/** The technologies of a node as `name assign` (present ones marked with +). */
function candidates(resolution: Resolution, name: string): string[] {
    return node(resolution, name).technologies.map(t => `${resolution.model!.present(t) ? '+' : '-'}${t.name} ${t.assign}`)
}

/** The expressions that technology rules put on a technology. */
function ruleConditions(resolution: Resolution, technology: TechnologyElement): unknown[] {
    return resolution
        .model!.conditions.of(technology.seq)
        .records.filter(r => r.origin.kind === 'technology-rule')
        .map(r => r.expression)
}

/** The hosts a rule match requires to be present (its node_presence conditions), nearest first. */
function hostConditions(resolution: Resolution, technology: TechnologyElement): string[] {
    return ruleConditions(resolution, technology).flatMap(e => (typeof e === 'object' && e !== null && 'node_presence' in e ? [String(e.node_presence)] : []))
}

function message(spec: Spec, code: Parameters<typeof expectCode>[1], inputs: Raw = {}): string {
    return expectCode(() => run(spec, inputs), code).message
}

/** web (web_app) → server (vm) → provider (cloud, abstract); web is what users use. */
const STACK: Raw = {
    web: {type: 'web_app', persistent: true, requirements: [{host: 'server'}]},
    server: {type: 'vm', requirements: [{host: 'provider'}]},
    provider: {type: 'cloud'},
}

describe('technology rules: which components they match', () => {
    it('a rule for a parent type applies to derived types (derived_from in node_types)', () => {
        const rules = [{technology: 'ansible', component: 'app'}]
        expect(types({rules, nodes: {web: {type: 'web_app', persistent: true}}})).toEqual({web: 'web_app~app::ansible'})
        // also over two levels: tosca.nodes.Root is the parent of app
        const root = [{technology: 'ansible', component: 'tosca.nodes.Root'}]
        expect(types({rules: root, nodes: {web: {type: 'web_app', persistent: true}}})).toEqual({web: 'web_app~tosca.nodes.Root::ansible'})
    })

    it('a node written managed: false gets no technology, however many rules match it (as in the reference)', () => {
        const rules = [{technology: 'ansible', component: 'app'}]
        const resolution = run({rules, nodes: {web: {type: 'web_app', persistent: true, managed: false}}})
        expect(typesOf(resolution)).toEqual({web: 'web_app'})
        expect(candidates(resolution, 'web')).toEqual([])
    })

    it('a rule for a derived type does not apply to its parent', () => {
        const rules = [{technology: 'ansible', component: 'web_app'}]
        const spec: Spec = {rules, options: {required_technology_check: true}, nodes: {web: {type: 'app', persistent: true}}}
        expect(message(spec, 'invalid-template')).toBe('Node "web" has no technology candidates')
    })

    it('hosting with a single host type: only components on such a host (or a derived host type)', () => {
        const rules = [
            {technology: 'helm', component: 'app', hosting: ['k8s']},
            {technology: 'ansible', component: 'app', hosting: ['machine']},
            {technology: 'terraform', component: 'vm', hosting: ['cloud']},
        ]
        const resolution = run({rules, nodes: STACK})
        // vm is a machine; the name keeps the rule's host type
        expect(typesOf(resolution)).toEqual({web: 'web_app~app::ansible@machine', server: 'vm~vm::terraform@cloud', provider: 'cloud'})
        expect(candidates(resolution, 'web')).toEqual(['+ansible web_app~app::ansible@machine'])
        expect(hostConditions(resolution, node(resolution, 'web').technologies[0]!)).toEqual(['server'])
    })

    it('a two-level hosting stack follows the host of the host', () => {
        const rules = [
            {technology: 'ansible', component: 'app', hosting: ['vm', 'cloud']},
            {technology: 'chef', component: 'app', hosting: ['vm', 'k8s']},
            {technology: 'terraform', component: 'vm', hosting: ['cloud']},
        ]
        const resolution = run({rules, nodes: STACK})
        expect(typesOf(resolution)).toEqual({web: 'web_app~app::ansible@vm->cloud', server: 'vm~vm::terraform@cloud', provider: 'cloud'})
        expect(candidates(resolution, 'web')).toEqual(['+ansible web_app~app::ansible@vm->cloud'])
        expect(hostConditions(resolution, node(resolution, 'web').technologies[0]!)).toEqual(['server', 'provider'])
    })

    it('* stands for any number of hosts (also none) before the next host type', () => {
        const nodes: Raw = {
            web: {type: 'web_app', persistent: true, requirements: [{host: 'rt'}]},
            rt: {type: 'runtime', requirements: [{host: 'server'}]},
            server: {type: 'vm', requirements: [{host: 'provider'}]},
            provider: {type: 'cloud'},
            // not in the cloud: no match
            pod: {type: 'app', persistent: true, requirements: [{host: 'cluster'}]},
            cluster: {type: 'k8s'},
        }
        const rules = [
            {technology: 'ansible', component: 'tosca.nodes.Root', hosting: ['*', 'cloud']},
            {technology: 'helm', component: 'app', hosting: ['k8s']},
        ]
        const resolution = run({rules, nodes})
        expect(typesOf(resolution)).toEqual({
            web: 'web_app~tosca.nodes.Root::ansible@*->cloud',
            rt: 'runtime~tosca.nodes.Root::ansible@*->cloud',
            server: 'vm~tosca.nodes.Root::ansible@*->cloud',
            provider: 'cloud',
            pod: 'app~app::helm@k8s',
            cluster: 'k8s',
        })
        // every host on the way is a condition, the ones * stands for included
        const web = node(resolution, 'web').technologies[0]!
        expect(hostConditions(resolution, web)).toEqual(['rt', 'server', 'provider'])
        expect(hostConditions(resolution, node(resolution, 'server').technologies[0]!)).toEqual(['provider'])
        expect(candidates(resolution, 'pod')).toEqual(['+helm app~app::helm@k8s'])
    })

    it('a host chosen by a conditional hosting relation (with conditional hosts) decides the technology', () => {
        const spec: Spec = {
            inputs: {on_vm: {type: 'boolean'}},
            rules: [
                {technology: 'ansible', component: 'app', hosting: ['vm']},
                {technology: 'helm', component: 'app', hosting: ['k8s']},
            ],
            nodes: {
                web: {
                    type: 'app',
                    persistent: true,
                    requirements: [{host: {node: 'server', conditions: {variability_input: 'on_vm'}}}, {host: {node: 'cluster', conditions: {not: {variability_input: 'on_vm'}}}}],
                },
                server: {type: 'vm', managed: false, conditions: {variability_input: 'on_vm'}},
                cluster: {type: 'k8s', conditions: {not: {variability_input: 'on_vm'}}},
            },
        }
        expect(types(spec, {on_vm: true})).toEqual({web: 'app~app::ansible@vm', server: 'vm'})
        expect(types(spec, {on_vm: false})).toEqual({web: 'app~app::helm@k8s', cluster: 'k8s'})
    })

    // Both hosts are present (shared infrastructure); only the hosting relation is conditional.
    const SHARED_HOSTS: Spec = {
        inputs: {on_vm: {type: 'boolean'}},
        rules: [
            {technology: 'ansible', component: 'app', hosting: ['vm']},
            {technology: 'helm', component: 'app', hosting: ['k8s']},
        ],
        nodes: {
            web: {
                type: 'app',
                persistent: true,
                requirements: [{host: {node: 'server', conditions: {variability_input: 'on_vm'}}}, {host: {node: 'cluster', conditions: {not: {variability_input: 'on_vm'}}}}],
            },
            server: {type: 'vm', persistent: true, managed: false},
            cluster: {type: 'k8s', persistent: true},
        },
    }

    it('a technology written with default_alternative that several rules implement keeps one default: its first implementation', () => {
        const spec: Spec = {
            ...SHARED_HOSTS,
            inputs: {on_vm: {type: 'boolean'}, scripted: {type: 'boolean'}},
            rules: [
                {technology: 'ansible', component: 'app', hosting: ['vm']},
                {technology: 'ansible', component: 'app', hosting: ['k8s']},
                {technology: 'terraform', component: 'app', hosting: ['vm']},
            ],
            nodes: {
                ...(SHARED_HOSTS.nodes as Raw),
                web: {
                    ...((SHARED_HOSTS.nodes as Raw).web as Raw),
                    technology: [{ansible: {default_alternative: true}}, {terraform: {conditions: {variability_input: 'scripted'}}}],
                },
            },
        }
        const resolution = run(spec, {on_vm: true, scripted: false})
        const web = node(resolution, 'web')
        expect(web.technologies.map(t => [t.name, t.assign, t.defaultAlternative])).toEqual([
            ['ansible', 'app~app::ansible@vm', true],
            ['ansible', 'app~app::ansible@k8s', false],
            ['terraform', 'app~app::terraform@vm', false],
        ])
        expect(typesOf(resolution).web).toBe('app~app::ansible@vm')
    })

    it('with shared hosts, the conditional hosting relation decides where the component runs', () => {
        const resolution = run(SHARED_HOSTS, {on_vm: false})
        const output = resolution.output as {topology_template: {node_templates: {web: {requirements: unknown[]}}}}
        expect(output.topology_template.node_templates.web.requirements).toEqual([{host: 'cluster'}])
    })

    // Both hosts stay present, so a match that only required its hosts (node_presence) deployed
    // web with ansible "@vm" while it was hosted on the cluster: a match requires its hosting relations too.
    it('with shared hosts, the technology follows the present hosting relation', () => {
        expect(types(SHARED_HOSTS, {on_vm: false})).toMatchObject({web: 'app~app::helm@k8s'})
        expect(types(SHARED_HOSTS, {on_vm: true})).toMatchObject({web: 'app~app::ansible@vm'})
    })

    it('require each hosting relation on the stack as well as each host, nearest first', () => {
        const rules = [
            {technology: 'ansible', component: 'app', hosting: ['vm', 'cloud']},
            {technology: 'terraform', component: 'vm', hosting: ['cloud']},
        ]
        const resolution = run({rules, nodes: STACK})
        expect(ruleConditions(resolution, node(resolution, 'web').technologies[0]!)).toEqual([
            {relation_presence: ['web', 0]},
            {node_presence: 'server'},
            {relation_presence: ['server', 0]},
            {node_presence: 'provider'},
        ])
        // the relation is named by its index among the node's relations, so other requirements may come first
        const nodes: Raw = {...STACK, web: {type: 'web_app', persistent: true, requirements: [{db: 'provider'}, {host: 'server'}]}}
        const other = run({rules, nodes})
        expect(ruleConditions(other, node(other, 'web').technologies[0]!)).toContainEqual({relation_presence: ['web', 1]})
    })

    it('respect their own conditions', () => {
        const spec: Spec = {
            inputs: {cheap: {type: 'boolean'}},
            rules: [
                {technology: 'ansible', component: 'app', conditions: false},
                {technology: 'terraform', component: 'app', conditions: {variability_input: 'cheap'}},
                {technology: 'pulumi', component: 'app', conditions: {not: {variability_input: 'cheap'}}},
            ],
            nodes: {web: {type: 'app', persistent: true}},
        }
        expect(types(spec, {cheap: true})).toEqual({web: 'app~app::terraform'})
        expect(types(spec, {cheap: false})).toEqual({web: 'app~app::pulumi'})
        const resolution = run(spec, {cheap: true})
        const [ansible, terraform] = node(resolution, 'web').technologies
        expect(ruleConditions(resolution, ansible!)).toEqual([false])
        const record = resolution.model!.conditions.of(terraform!.seq).records.find(r => r.origin.kind === 'technology-rule')!
        expect(record.origin).toMatchObject({kind: 'technology-rule', rule: {index: 1, technology: 'terraform', component: 'app'}})
        expect(record.expression).toEqual({variability_input: 'cheap'})
    })

    it('combine their conditions with the hosting stack', () => {
        const spec: Spec = {
            inputs: {automate: {type: 'boolean'}},
            rules: [{technology: 'ansible', component: 'app', hosting: ['vm'], conditions: {variability_input: 'automate'}}],
            nodes: {web: {type: 'app', persistent: true, requirements: [{host: 'server'}]}, server: {type: 'vm', managed: false}},
        }
        const resolution = run(spec, {automate: true})
        expect(ruleConditions(resolution, node(resolution, 'web').technologies[0]!)).toEqual(expect.arrayContaining([{node_presence: 'server'}, {variability_input: 'automate'}]))
        expect(typesOf(resolution)).toEqual({web: 'app~app::ansible@vm', server: 'vm'})
        // without automation, the managed web node has no technology and cannot be deployed
        expect(message(spec, 'unsatisfiable', {automate: false})).toBe('Could not solve')
    })

    describe('with an artifact type', () => {
        const rules = [
            {technology: 'ansible', component: 'app', artifact: 'zip'},
            {technology: 'docker', component: 'app', artifact: 'image'},
        ]
        // v1, as rc_3 prunes artifacts no technology manages (artifact_default_condition_mode: container-managed)
        const v1: Partial<Spec> = {
            version: 'tosca_variability_1_0',
            options: {enrich_technologies: true, type_default_condition: true, artifact_default_condition: true, technology_constraint: true},
        }

        it('apply only to nodes with such an artifact, and name the artifact type', () => {
            const nodes: Raw = {
                zipped: {type: 'app', persistent: true, artifacts: {bundle: {type: 'zip', file: 'web.zip'}}},
                imaged: {type: 'app', persistent: true, artifacts: {bundle: {type: 'image', file: 'web:latest'}}},
                plain: {type: 'app', persistent: true, managed: false},
            }
            const resolution = run({rules, nodes})
            expect(typesOf(resolution)).toEqual({zipped: 'app~app#zip::ansible', imaged: 'app~app#image::docker', plain: 'app'})
            expect(candidates(resolution, 'zipped')).toEqual(['+ansible app~app#zip::ansible'])
            expect(candidates(resolution, 'plain')).toEqual([])
        })

        it('match artifacts of a derived artifact type (v1)', () => {
            const resolution = run({...v1, rules, nodes: {web: {type: 'app', artifacts: {bundle: {type: 'web_zip', file: 'web.zip'}}}}})
            expect(typesOf(resolution)).toEqual({web: 'app~app#zip::ansible'})
            expect(ruleConditions(resolution, node(resolution, 'web').technologies[0]!)).toEqual([{or: [{artifact_presence: ['web', 0]}]}])
        })

        it('require one of the matching artifacts to be present', () => {
            const nodes: Raw = {
                web: {
                    type: 'app',
                    artifacts: [
                        {bundle: {type: 'zip', file: 'web.zip', conditions: {variability_input: 'zipped'}}},
                        {bundle: {type: 'image', file: 'web:latest', conditions: {not: {variability_input: 'zipped'}}}},
                    ],
                },
            }
            const spec: Spec = {...v1, inputs: {zipped: {type: 'boolean'}}, rules, nodes}
            expect(types(spec, {zipped: true})).toEqual({web: 'app~app#zip::ansible'})
            expect(types(spec, {zipped: false})).toEqual({web: 'app~app#image::docker'})
        })

        // rc_3 keeps an artifact only if a present technology manages it (is_managed). Comparing the
        // artifact type with the `#<type>` of the implementation name exactly left a web_zip artifact,
        // matched by the rule for zip, "unmanaged": pruned, and the technology with it ("Could not solve").
        it('match artifacts of a derived artifact type in rc_3 too', () => {
            expect(types({rules, nodes: {web: {type: 'app', persistent: true, artifacts: {bundle: {type: 'web_zip', file: 'web.zip'}}}}})).toEqual({web: 'app~app#zip::ansible'})
        })

        it('is_managed: a technology manages artifacts of its artifact type and of the types derived from it', () => {
            const managed = (type: string) => ({type, file: 'f', conditions: {is_managed: 'SELF'}})
            const spec: Spec = {
                version: 'tosca_variability_1_0',
                options: {type_default_condition: true},
                nodes: {
                    web: {
                        type: 'app',
                        technology: [{ansible: {assign: 'app~app#zip::ansible'}}],
                        artifacts: [{zip: managed('zip')}, {web_zip: managed('web_zip')}, {image: managed('image')}],
                    },
                },
            }
            const output = run(spec).output as {topology_template: {node_templates: {web: {artifacts: Record<string, unknown>}}}}
            expect(Object.keys(output.topology_template.node_templates.web.artifacts)).toEqual(['zip', 'web_zip'])
        })

        // An artifact the node type (or an ancestor) defines belongs to every node of that type: it
        // matches like one written on the node template, and needs no condition since it cannot be pruned.
        it('match an artifact defined by the node type', () => {
            const nodeTypes = {...NODE_TYPES, packaged: {derived_from: 'app', artifacts: {bundle: {type: 'web_zip', file: 'web.zip'}}}, packaged_web: {derived_from: 'packaged'}}
            const resolution = run({...v1, nodeTypes, rules, nodes: {web: {type: 'packaged_web'}}})
            expect(typesOf(resolution)).toEqual({web: 'packaged_web~app#zip::ansible'})
            expect(candidates(resolution, 'web')).toEqual(['+ansible packaged_web~app#zip::ansible'])
            expect(ruleConditions(resolution, node(resolution, 'web').technologies[0]!)).toEqual([])
        })

        it('match a node type artifact written as a file only as tosca.artifacts.File, and no other artifact type', () => {
            const nodeTypes = {...NODE_TYPES, scripted: {derived_from: 'app', artifacts: {setup: 'setup.sh'}}}
            const files = [...rules, {technology: 'bash', component: 'app', artifact: 'tosca.artifacts.File'}]
            const resolution = run({...v1, nodeTypes, rules: files, nodes: {web: {type: 'scripted'}}})
            expect(candidates(resolution, 'web')).toEqual(['+bash scripted~app#tosca.artifacts.File::bash'])
        })
    })
})

describe('implementation names', () => {
    it('are <type>~<component>::<technology>@<host type>', () => {
        const spec: Spec = {
            rules: {terraform: [{component: 'application', hosting: ['terraform_host']}]},
            nodes: {application: {type: 'application', persistent: true, requirements: [{host: 'host'}]}, host: {type: 'terraform_host'}},
        }
        expect(types(spec)).toEqual({application: 'application~application::terraform@terraform_host', host: 'terraform_host'})
    })

    it('add #<artifact type> after the component and join several host types with ->', () => {
        const spec: Spec = {
            rules: [
                {technology: 'ansible', component: 'app', artifact: 'zip', hosting: ['vm', 'cloud']},
                {technology: 'terraform', component: 'vm', hosting: ['cloud']},
            ],
            nodes: {...STACK, web: {...(STACK.web as Raw), artifacts: {bundle: {type: 'zip', file: 'web.zip'}}}},
        }
        expect(types(spec)).toMatchObject({web: 'web_app~app#zip::ansible@vm->cloud'})
    })

    it('are replaced by the assign of the rule', () => {
        const spec: Spec = {
            rules: [{technology: 'ansible', component: 'app', hosting: ['vm'], assign: 'shop.AppOnVm'}],
            nodes: {web: {type: 'web_app', persistent: true, requirements: [{host: 'server'}]}, server: {type: 'vm', managed: false}},
        }
        const resolution = run(spec)
        expect(typesOf(resolution)).toEqual({web: 'shop.AppOnVm', server: 'vm'})
        expect(node(resolution, 'web').technologies[0]!.name).toBe('ansible')
    })

    it('are <type>~<type>::<technology> for a technology written on a node without rules, unless it says assign', () => {
        const spec: Spec = {
            version: 'tosca_variability_1_0',
            nodes: {
                one: {type: 'app', technology: 'ansible'},
                two: {type: 'app', technology: [{terraform: {assign: 'custom.Terraformed'}}]},
            },
        }
        expect(types(spec)).toEqual({one: 'app~app::ansible', two: 'custom.Terraformed'})
    })
})

describe('technology templates written on nodes', () => {
    const v1 = (nodes: Raw, options: Raw = {}, inputs?: Raw): Spec => ({version: 'tosca_variability_1_0', options: {type_default_condition: true, ...options}, inputs, nodes})

    it('are present when their conditions hold', () => {
        const spec = v1(
            {web: {type: 'app', technology: [{ansible: {conditions: {variability_input: 'vm'}}}, {helm: {conditions: {not: {variability_input: 'vm'}}}}]}},
            {},
            {vm: {type: 'boolean'}},
        )
        expect(types(spec, {vm: true})).toEqual({web: 'app~app::ansible'})
        expect(types(spec, {vm: false})).toEqual({web: 'app~app::helm'})
    })

    it('default_alternative: present exactly when no other technology of the node is', () => {
        const spec = v1({web: {type: 'app', technology: [{ansible: {conditions: {variability_input: 'vm'}}}, {helm: {default_alternative: true}}]}}, {}, {vm: {type: 'boolean'}})
        expect(types(spec, {vm: true})).toEqual({web: 'app~app::ansible'})
        expect(types(spec, {vm: false})).toEqual({web: 'app~app::helm'})
        const resolution = run(spec, {vm: false})
        const helm = node(resolution, 'web').technologies[1]!
        expect(resolution.model!.conditions.of(helm.seq).records.map(r => r.origin.kind)).toEqual(['default-alternative'])
    })

    it('only one may be the default alternative', () => {
        const spec = v1({web: {type: 'app', technology: [{ansible: {default_alternative: true}}, {helm: {default_alternative: true}}]}})
        expect(message(spec, 'invalid-template')).toBe('Node "web" has multiple default technologies')
    })

    it('weight: the optimization prefers the heavier (or lighter) one', () => {
        const nodes = {web: {type: 'app', technology: [{ansible: {weight: 1}}, {terraform: {weight: 2}}]}}
        const options = {technology_pruning: true, technology_constraint: true, optimization_technologies_mode: 'weight'}
        expect(types(v1(nodes, {...options, optimization_technologies: 'max'}))).toEqual({web: 'app~app::terraform'})
        expect(types(v1(nodes, {...options, optimization_technologies: 'min'}))).toEqual({web: 'app~app::ansible'})
        expect(node(run(v1(nodes, {...options, optimization_technologies: 'max'})), 'web').technologies.map(t => t.weight)).toEqual([1, 2])
    })
})

describe('enrich_implementations', () => {
    const rules = [
        {technology: 'ansible', component: 'app', hosting: ['vm'], weight: 1},
        {technology: 'ansible', component: 'app', hosting: ['k8s'], weight: 1},
        {technology: 'terraform', component: 'app', weight: 0.5},
    ]
    const nodes = (technology: unknown): Raw => ({
        web: {type: 'web_app', persistent: true, technology, requirements: [{host: 'server'}]},
        server: {type: 'vm', managed: false},
    })

    it('replaces a technology named on a node by the rule candidates of that name', () => {
        const resolution = run({rules, nodes: nodes('ansible')})
        expect(typesOf(resolution)).toEqual({web: 'web_app~app::ansible@vm', server: 'vm'})
        // terraform is a candidate too, but not named on the node
        expect(candidates(resolution, 'web')).toEqual(['+ansible web_app~app::ansible@vm'])
    })

    it('keeps the conditions written on the node before the rule conditions', () => {
        const spec: Spec = {inputs: {automate: {type: 'boolean'}}, rules, nodes: nodes([{ansible: {conditions: {variability_input: 'automate'}}}, {terraform: {}}])}
        const resolution = run(spec, {automate: true})
        expect(typesOf(resolution)).toEqual({web: 'web_app~app::ansible@vm', server: 'vm'})
        const ansible = node(resolution, 'web').technologies[0]!
        const records = resolution
            .model!.conditions.of(ansible.seq)
            .records.filter(r => !r.generated)
            .map(r => [r.origin.kind, r.expression])
        expect(records[0]).toEqual(['manual', {variability_input: 'automate'}])
        expect(records.slice(1).every(([kind]) => kind === 'technology-rule')).toBe(true)
        expect(records.slice(1)).toContainEqual(['technology-rule', {node_presence: 'server'}])
        expect(types(spec, {automate: false})).toEqual({web: 'web_app~app::terraform', server: 'vm'})
    })

    it('says when no rule implements a technology named on a node', () => {
        expect(message({rules, nodes: nodes('puppet')}, 'invalid-template')).toBe('Node "web" has no implementation for technology "puppet"')
        // a rule of that name whose hosting stack the node does not have does not count
        const helm = [...rules, {technology: 'helm', component: 'app', hosting: ['k8s']}]
        expect(message({rules: helm, nodes: nodes('helm')}, 'invalid-template')).toBe('Node "web" has no implementation for technology "helm"')
    })

    it('off: the technology stays as written, named after the node type', () => {
        const resolution = run({rules, options: {enrich_implementations: false}, nodes: nodes('puppet')})
        expect(typesOf(resolution)).toEqual({web: 'web_app~web_app::puppet', server: 'vm'})
    })

    it("is on by default in every version (as in the reference; the spec's table says off, its RC lists on)", () => {
        const v1 = {version: 'tosca_variability_1_0' as const, rules, nodes: nodes('ansible')}
        expect(types(v1)).toEqual({web: 'web_app~app::ansible@vm', server: 'vm'})
        expect(types({...v1, options: {enrich_implementations: false}})).toEqual({web: 'web_app~web_app::ansible', server: 'vm'})
        expect(types({...v1, version: 'tosca_variability_1_0_rc_2'})).toEqual({web: 'web_app~app::ansible@vm', server: 'vm'})
    })

    it('without any rules, technologies written on nodes are kept', () => {
        expect(types({nodes: nodes('puppet')})).toEqual({web: 'web_app~web_app::puppet', server: 'vm'})
    })
})

describe('enrich_technologies', () => {
    const rules = [
        {technology: 'ansible', component: 'app', hosting: ['vm'], weight: 1},
        {technology: 'terraform', component: 'app', weight: 0.5},
    ]
    const NODES: Raw = {web: {type: 'web_app', persistent: true, requirements: [{host: 'server'}]}, server: {type: 'vm', managed: false}}

    it('gives a node without technologies every candidate, with generated conditions (rc_3 default)', () => {
        const resolution = run({rules, nodes: NODES})
        expect(candidates(resolution, 'web')).toEqual(['+ansible web_app~app::ansible@vm', '-terraform web_app~app::terraform'])
        const [ansible, terraform] = node(resolution, 'web').technologies
        expect(ansible!.enriched).toBe(true)
        expect(ansible!.weight).toBe(1)
        expect(terraform!.weight).toBe(0.5)
        const records = resolution.model!.conditions.of(ansible!.seq).records.filter(r => r.origin.kind === 'technology-rule')
        expect(records.every(r => r.generated)).toBe(true)
        expect(hostConditions(resolution, ansible!)).toEqual(['server'])
        expect(resolution.model!.graph.technologies).toHaveLength(2)
    })

    it('leaves nodes that name a technology alone', () => {
        const resolution = run({rules, options: {enrich_implementations: false}, nodes: {...NODES, web: {...(NODES.web as Raw), technology: 'puppet'}}})
        expect(candidates(resolution, 'web')).toEqual(['+puppet web_app~web_app::puppet'])
    })

    it('off: no candidates are added (and v1 has it off by default)', () => {
        const off = run({rules, options: {enrich_technologies: false, technology_constraint: false}, nodes: NODES})
        expect(off.model!.graph.technologies).toEqual([])
        expect(typesOf(off)).toEqual({web: 'web_app', server: 'vm'})
        const v1 = run({version: 'tosca_variability_1_0', rules, options: {type_default_condition: true}, nodes: NODES})
        expect(v1.model!.graph.technologies).toEqual([])
    })

    it('required_technology_check: a managed node without candidates is an error', () => {
        const nodes: Raw = {...NODES, server: {type: 'vm'}}
        expect(message({rules, options: {required_technology_check: true}, nodes}, 'invalid-template')).toBe('Node "server" has no technology candidates')
        // rc_3 switches checks off: no error, and the technology constraint makes the node unsolvable
        expect(message({rules, nodes}, 'unsatisfiable')).toBe('Could not solve')
        // rc_2 checks are on
        expect(message({version: 'tosca_variability_1_0_rc_2', rules, nodes}, 'invalid-template')).toBe('Node "server" has no technology candidates')
    })

    it('nodes of a vintner_abstract type, or with managed: false, are not managed and need none', () => {
        const options = {required_technology_check: true}
        const nodes: Raw = {
            web: {type: 'web_app', persistent: true, requirements: [{host: 'server'}]},
            server: {type: 'vm', requirements: [{host: 'provider'}]},
            provider: {type: 'cloud'},
        }
        const rules2 = [...rules, {technology: 'terraform', component: 'vm', hosting: ['cloud']}]
        const resolution = run({rules: rules2, options, nodes})
        expect(typesOf(resolution)).toEqual({web: 'web_app~app::ansible@vm', server: 'vm~vm::terraform@cloud', provider: 'cloud'})
        expect(node(resolution, 'provider').managed).toBe(false)
        expect(node(resolution, 'server').managed).toBe(true)
        expect(node(resolution, 'provider').technologies).toEqual([])
        // managed: false works for any type; managed: true overrides vintner_abstract
        expect(types({rules, options, nodes: {...NODES, server: {type: 'vm', managed: false}}})).toMatchObject({server: 'vm'})
        const forced = {...nodes, provider: {type: 'cloud', managed: true}}
        expect(message({rules: rules2, options, nodes: forced}, 'invalid-template')).toBe('Node "provider" has no technology candidates')
    })
})

describe('technology checks', () => {
    const v1 = (web: Raw, options: Raw = {}): Spec => ({version: 'tosca_variability_1_0', options: {type_default_condition: true, ...options}, nodes: {web: {type: 'app', ...web}}})

    it('expected_technology_check: a present node whose technologies are all absent', () => {
        const spec = v1({technology: [{ansible: {conditions: false}}]})
        expect(message(spec, 'check-failed')).toBe('Node "web" expected to have a technology')
    })

    it('missing_technology_container_check: a present technology of an absent node', () => {
        const spec = v1({conditions: false, technology: [{ansible: {conditions: true}}]})
        expect(message(spec, 'check-failed')).toBe('Container of technology "ansible@0" of node "web" does not exist')
        expect(run(v1({conditions: false, technology: [{ansible: {conditions: true}}]}, {missing_technology_container_check: false})).output).not.toHaveProperty(
            'topology_template.node_templates',
        )
    })

    it('ambiguous_technology_check: more than one present technology', () => {
        const spec = v1({technology: [{ansible: {conditions: true}}, {terraform: {conditions: true}}]})
        expect(message(spec, 'check-failed')).toBe('Node "web" has more than one technology')
        // unchecked, the first present technology types the node
        expect(types(v1({technology: [{ansible: {conditions: true}}, {terraform: {conditions: true}}]}, {ambiguous_technology_check: false}))).toEqual({web: 'app~app::ansible'})
    })

    it('without expected_technology_check, a node without a present technology cannot be written', () => {
        const spec = v1({technology: [{ansible: {conditions: false}}]}, {expected_technology_check: false})
        expect(message(spec, 'check-failed')).toBe('Node "web" has no present technology')
    })

    it('are off by default in rc_3 (checks: false)', () => {
        const spec: Spec = {
            nodes: {web: {type: 'app', persistent: true, technology: [{ansible: {conditions: true}}, {terraform: {conditions: true}}]}},
            options: {technology_constraint: false, technology_pruning: false},
        }
        expect(types(spec)).toEqual({web: 'app~app::ansible'})
    })
})

describe('technology_constraint', () => {
    const v1 = (nodes: Raw, constraint = true): Spec => ({version: 'tosca_variability_1_0', options: {type_default_condition: true, technology_constraint: constraint}, nodes})

    it('a managed node without technologies cannot be present: unsolvable when it must be', () => {
        expect(message(v1({web: {type: 'app'}}), 'unsatisfiable')).toBe('Could not solve')
        expect(types(v1({web: {type: 'app'}}, false))).toEqual({web: 'app'})
        // unmanaged nodes are exempt
        expect(types(v1({web: {type: 'app', managed: false}}))).toEqual({web: 'app'})
        expect(types(v1({web: {type: 'cloud'}}))).toEqual({web: 'cloud'})
    })

    it('a managed node without technologies is absent when it may be', () => {
        const nodes = {
            deployed: {type: 'app', conditions: {not: {node_presence: 'undeployable'}}, technology: 'ansible'},
            undeployable: {type: 'app', conditions: {not: {node_presence: 'deployed'}}},
        }
        expect(types(v1(nodes))).toEqual({deployed: 'app~app::ansible'})
        // without the constraint both variants remain, and uniqueness fails
        expect(message(v1(nodes, false), 'ambiguous')).toBe('The result is ambiguous considering nodes (without optimization)')
    })

    // the reference asks a node's type while adding this constraint, after it read every element's
    // default condition mode and found every structural mistake: the first mistake reported is the same
    it('an unknown node type is reported after a mistake in a default condition mode', () => {
        const unknown = {web: {type: 'nowhere'}}
        expect(message(v1(unknown), 'invalid-template')).toBe('Node type "nowhere" does not exist')
        expect(message(v1({...unknown, other: {type: 'app', default_condition_mode: 'relation'}}), 'invalid-option')).toMatch(/^Node "other" has unknown mode "relation"/)
    })

    it('an unknown node type found while enriching technologies is reported after every structural mistake', () => {
        const template = (groups: string) => `tosca_definitions_version: tosca_variability_1_0_rc_3
topology_template:
    node_templates:
        web: {type: nowhere}
${groups}`
        const error = (groups: string) => expectCode(() => resolved(templateFromText(template(groups), 'template.yaml', EMPTY)), 'invalid-template').message
        expect(error('')).toBe('Node type "nowhere" does not exist')
        expect(error('    groups:\n        g: {type: tosca.groups.Root, members: [missing]}\n')).toBe('Member "missing" does not exist')
    })

    it('a present managed node has exactly one present technology', () => {
        const spec = v1({web: {type: 'app', technology: [{ansible: {conditions: true}}, {terraform: {conditions: true}}]}})
        expect(message(spec, 'unsatisfiable')).toBe('Could not solve')
    })
})

describe('technology optimization', () => {
    // a can be deployed by terraform or ansible, b only by ansible
    const nodes = (terraform: number, ansible: number): Raw => ({
        a: {type: 'app', technology: [{terraform: {weight: terraform}}, {ansible: {weight: ansible}}]},
        b: {type: 'app', technology: [{ansible: {}}]},
    })
    const v1 = (options: Raw, weights: [number, number] = [2, 1]): Spec => ({
        version: 'tosca_variability_1_0',
        options: {type_default_condition: true, technology_pruning: true, technology_constraint: true, ...options},
        nodes: nodes(...weights),
    })

    it('count: min uses as few different technologies as possible, max as many', () => {
        expect(types(v1({optimization_technologies: 'min', optimization_technologies_mode: 'count'}))).toEqual({a: 'app~app::ansible', b: 'app~app::ansible'})
        expect(types(v1({optimization_technologies: 'max', optimization_technologies_mode: 'count'}))).toEqual({a: 'app~app::terraform', b: 'app~app::ansible'})
        // in v1, true means min and count is the default mode
        expect(types(v1({optimization_technologies: true}))).toEqual({a: 'app~app::ansible', b: 'app~app::ansible'})
    })

    it('weight: max takes the heaviest, min the lightest (fractional weights too)', () => {
        expect(types(v1({optimization_technologies: 'max', optimization_technologies_mode: 'weight'}))).toMatchObject({a: 'app~app::terraform'})
        expect(types(v1({optimization_technologies: 'min', optimization_technologies_mode: 'weight'}))).toMatchObject({a: 'app~app::ansible'})
        expect(types(v1({optimization_technologies: 'min', optimization_technologies_mode: 'weight'}, [0.5, 0.75]))).toMatchObject({a: 'app~app::terraform'})
    })

    describe('weight-count (the rc_2 and rc_3 default)', () => {
        const spec = (version: Version, weights: [number, number], options: Raw = {}): Spec => ({
            version,
            options,
            nodes: Object.fromEntries(Object.entries(nodes(...weights)).map(([name, raw]) => [name, {...(raw as Raw), persistent: true}])),
        })

        for (const version of ['tosca_variability_1_0_rc_2', 'tosca_variability_1_0_rc_3'] as const) {
            it(`${version}: the heaviest technologies first, even if that uses more different ones`, () => {
                expect(types(spec(version, [2, 1]))).toEqual({a: 'app~app::terraform', b: 'app~app::ansible'})
            })

            it(`${version}: on equal weight, as few different technologies as possible`, () => {
                expect(types(spec(version, [1, 1]))).toEqual({a: 'app~app::ansible', b: 'app~app::ansible'})
            })
        }

        it('applies whatever optimization_technologies says (max first, then min count)', () => {
            expect(types(spec('tosca_variability_1_0_rc_3', [2, 1], {optimization_technologies: 'min'}))).toMatchObject({a: 'app~app::terraform'})
        })
    })

    describe('a tie at the optimum without the uniqueness check', () => {
        // every node of type app may take any of `count` technologies of one weight (rules), so the
        // optimum is every node on one technology, any of them: the reference's optimizer lands on
        // the first of two and the third of five, for one node as for several
        const tied = (nodeCount: number, count: number): Spec => ({
            rules: Array.from({length: count}, (_, i) => ({technology: `t${i + 1}`, component: 'app', weight: 0.5})),
            nodes: Object.fromEntries(Array.from({length: nodeCount}, (_, i) => [`n${i + 1}`, {type: 'app'}])),
        })
        const technologies = (spec: Spec) => Object.values(types(spec)).map(type => type.split('::')[1])

        it('lands where the reference lands', () => {
            expect(technologies(tied(1, 2))).toEqual(['t1'])
            expect(technologies(tied(2, 2))).toEqual(['t1', 't1'])
            expect(technologies(tied(3, 2))).toEqual(['t1', 't1', 't1'])
            expect(technologies(tied(2, 3))).toEqual(['t3', 't3'])
            expect(technologies(tied(1, 5))).toEqual(['t3'])
        })
    })

    describe('optimization_technologies_unique', () => {
        it('a tie is an error only when asked for', () => {
            const options = {optimization_technologies: 'max', optimization_technologies_mode: 'weight'}
            expect(types(v1(options, [1, 1]))).toMatchObject({b: 'app~app::ansible'})
            expect(message(v1({...options, optimization_technologies_unique: true}, [1, 1]), 'ambiguous')).toBe(
                'The result is ambiguous considering technologies (besides optimization)',
            )
            // not a tie: unique
            expect(types(v1({...options, optimization_technologies_unique: true}, [2, 1]))).toMatchObject({a: 'app~app::terraform'})
        })

        it('without optimization, any choice left is ambiguous', () => {
            const spec = v1({optimization_technologies: false, optimization_technologies_unique: true})
            expect(message(spec, 'ambiguous')).toBe('The result is ambiguous considering technologies (without optimization)')
        })
    })
})

describe('where technology rules come from', () => {
    const RULES = [
        {technology: 'ansible', component: 'app', hosting: ['vm', 'cloud']},
        {technology: 'terraform', component: 'vm', hosting: ['cloud']},
    ]
    const EXPECTED = {web: 'web_app~app::ansible@vm->cloud', server: 'vm~vm::terraform@cloud', provider: 'cloud'}

    it('inline, as a list', () => {
        expect(types({rules: RULES, nodes: STACK})).toEqual(EXPECTED)
    })

    it('inline, as a map of technologies to rules', () => {
        const map = {ansible: [{component: 'app', hosting: ['vm', 'cloud']}], terraform: [{component: 'vm', hosting: ['cloud']}]}
        expect(types({rules: map, nodes: STACK})).toEqual(EXPECTED)
    })

    it('with the technology as a one-element list', () => {
        const rules = [{technology: ['ansible'], component: 'app', hosting: ['vm', 'cloud']}, RULES[1]]
        expect(types({rules, nodes: STACK})).toEqual(EXPECTED)
    })

    describe('from files next to the template', () => {
        let dir = ''
        beforeAll(() => {
            dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-rules-'))
        })
        afterAll(() => fs.rmSync(dir, {recursive: true, force: true}))

        /** Writes the template (and files) into a fresh folder of dir and resolves it with loadTemplate. */
        async function load(name: string, spec: Spec, files: Record<string, string>): Promise<Resolution> {
            const folder = path.join(dir, name)
            fs.mkdirSync(folder, {recursive: true})
            for (const [file, content] of Object.entries(files)) {
                fs.mkdirSync(path.dirname(path.join(folder, file)), {recursive: true})
                fs.writeFileSync(path.join(folder, file), content)
            }
            fs.writeFileSync(path.join(folder, 'variable-service-template.yaml'), text(spec))
            return resolved(await loadTemplate(path.join(folder, 'variable-service-template.yaml')), {})
        }

        it('technology_rules: ./my-rules.yaml', async () => {
            expect(typesOf(await load('named', {rules: './my-rules.yaml', nodes: STACK}, {'my-rules.yaml': YAML.stringify(RULES)}))).toEqual(EXPECTED)
        })

        it('a named rules file may hold the map form', async () => {
            const map = 'ansible:\n    - {component: app, hosting: [vm, cloud]}\nterraform:\n    - {component: vm, hosting: [cloud]}\n'
            expect(typesOf(await load('named-map', {rules: './rules/shop.yaml', nodes: STACK}, {'rules/shop.yaml': map}))).toEqual(EXPECTED)
        })

        it('./lib/rules.yaml by default', async () => {
            const resolution = await load('lib', {nodes: STACK}, {'lib/rules.yaml': YAML.stringify(RULES)})
            expect(typesOf(resolution)).toEqual(EXPECTED)
            const record = resolution.model!.conditions.of(node(resolution, 'web').technologies[0]!.seq).records.find(r => r.origin.kind === 'technology-rule')!
            expect(record.location?.file).toMatch(/lib[\\/]rules\.yaml$/)
        })

        it('./rules.yaml by default too, together with ./lib/rules.yaml', async () => {
            const files = {'rules.yaml': YAML.stringify([RULES[0]]), 'lib/rules.yaml': YAML.stringify([RULES[1]])}
            expect(typesOf(await load('both', {nodes: STACK}, files))).toEqual(EXPECTED)
        })

        it('a missing named file is an error, a missing default file is not', async () => {
            expect((await expectRejection(() => load('missing', {rules: './nope.yaml', nodes: STACK}, {}), 'file-not-found')).message).toBe(
                'technology rules file "./nope.yaml" not found next to the template',
            )
            expect(typesOf(await load('none', {nodes: {web: {type: 'app', persistent: true, technology: 'ansible'}}}, {}))).toEqual({web: 'app~app::ansible'})
        })

        it('inline rules win over the default files', async () => {
            const files = {'lib/rules.yaml': YAML.stringify([{technology: 'puppet', component: 'app'}])}
            expect(typesOf(await load('inline', {rules: RULES, nodes: STACK}, files))).toEqual(EXPECTED)
        })
    })
})
