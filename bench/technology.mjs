#!/usr/bin/env node
// The shape real templates take, generated: a technology template (services on an environment the
// input `env` picks: virtual machines, Kubernetes or a managed platform; shared and deep hosting
// stacks; technology rules with hosting stacks, `*` and weights, resolved under rc_3's defaults:
// fewest nodes, heaviest technologies, fewest technologies) and beside it a type library of several
// MB in lib/ (deep derived_from chains, interfaces whose operations carry Ansible-like tasks), as
// every template of the reference's examples imports one. Times `trellis resolve` as a user meets
// it, a fresh process per run: with no parsed-file cache (a first run) and with one (every later
// run), and the resolution in memory once the template is read.
//   usage: node bench/technology.mjs [--services 30] [--library-mb 6] [--runs 3] [--keep DIR]
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {dump} from 'js-yaml'

const args = process.argv.slice(2)
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback)
const services = Number(option('--services', '30'))
const libraryMb = Number(option('--library-mb', '6'))
const runs = Number(option('--runs', '3'))
const here = path.dirname(fileURLToPath(import.meta.url))
const ENVIRONMENTS = ['vms', 'kubernetes', 'platform']
const KINDS = ['web', 'api', 'worker', 'store']

/** The type library: component kinds derived through `depth` levels, infrastructure, and filler types until it reaches `bytes`. */
function library(bytes) {
    const files = {}
    const base = {tosca_definitions_version: 'tosca_simple_yaml_1_3', node_types: {}, artifact_types: {'app.image': {derived_from: 'tosca.artifacts.Root'}}}
    for (const kind of KINDS) {
        let parent = 'tosca.nodes.Root'
        for (let level = 0; level < 6; level++) {
            const name = `app.${kind}.${level}`
            base.node_types[name] = {derived_from: parent, properties: {name: {type: 'string'}, port: {type: 'integer', default: 8000 + level}}, interfaces: lifecycle(name)}
            parent = name
        }
    }
    Object.assign(base.node_types, {
        'infra.vm': {derived_from: 'tosca.nodes.Compute', interfaces: lifecycle('infra.vm')},
        'infra.cloud': {derived_from: 'tosca.nodes.Root', metadata: {vintner_abstract: 'true'}},
        'infra.cluster': {derived_from: 'tosca.nodes.Root', metadata: {vintner_abstract: 'true'}},
        'infra.platform': {derived_from: 'tosca.nodes.Root', metadata: {vintner_abstract: 'true'}},
    })
    files['lib/types.yaml'] = dump(base, {lineWidth: -1})
    // filler: vendor profiles as the reference's examples import them, file after file
    let size = files['lib/types.yaml'].length
    for (let file = 0; size < bytes; file++) {
        const types = {}
        for (let i = 0; i < 200; i++) {
            const name = `vendor${file}.type${i}`
            types[name] = {derived_from: i === 0 ? 'tosca.nodes.Root' : `vendor${file}.type${i - 1}`, properties: {size: {type: 'integer'}}, interfaces: lifecycle(name)}
        }
        const text = dump({tosca_definitions_version: 'tosca_simple_yaml_1_3', node_types: types}, {lineWidth: -1})
        files[`lib/vendor-${String(file).padStart(3, '0')}.yaml`] = text
        size += text.length
    }
    return files
}

/** An interface whose operations hold Ansible-like tasks (plain scalars with "!=", quotes and braces, as real ones do). */
function lifecycle(type) {
    const operation = step => ({
        implementation: {primary: `scripts/${type}/${step}.yaml`},
        inputs: {
            playbook: {
                tasks: [
                    {name: `${step} ${type}`, when: `SELF._management_${step} != "UNDEFINED"`, 'ansible.builtin.shell': `. .env && ./${step}.sh`},
                    {name: 'render', 'ansible.builtin.copy': {dest: '/etc/app.conf', content: `port={{ SELF.port }} {"a": [1, 2]}`}},
                ],
            },
        },
    })
    return {Standard: {operations: {create: operation('create'), configure: operation('configure'), delete: operation('delete')}}}
}

/** The rules: each component kind on each environment, with weights that leave one best choice per node. */
function rules() {
    const out = []
    for (const kind of KINDS) {
        out.push({technology: 'ansible', component: `app.${kind}.0`, hosting: ['infra.vm', 'infra.cloud'], weight: 1})
        out.push({technology: 'terraform', component: `app.${kind}.0`, hosting: ['infra.vm', 'infra.cloud'], weight: 0.5})
        out.push({technology: 'kubernetes', component: `app.${kind}.0`, hosting: ['infra.cluster'], weight: 1})
        out.push({technology: 'terraform', component: `app.${kind}.0`, hosting: ['*', 'infra.platform'], weight: 1})
        out.push({technology: 'ansible', component: `app.${kind}.0`, hosting: ['*', 'infra.platform'], weight: 0.5})
    }
    out.push({technology: 'terraform', component: 'infra.vm', hosting: ['infra.cloud'], weight: 1})
    out.push({technology: 'ansible', component: 'infra.vm', hosting: ['infra.cloud'], weight: 0})
    return out
}

/** The template: `count` services, each hosted by the environment env picks, some on a shared VM, some chained. */
function template(count) {
    const on = env => ({equal: [{variability_input: 'env'}, env]})
    const nodes = {
        cloud: {type: 'infra.cloud', conditions: on('vms')},
        cluster: {type: 'infra.cluster', conditions: on('kubernetes')},
        platform: {type: 'infra.platform', conditions: on('platform')},
        vm_shared: {type: 'infra.vm', requirements: [{host: 'cloud'}]},
    }
    for (let i = 0; i < count; i++) {
        const kind = KINDS[i % KINDS.length]
        const vm = i % 3 === 0 ? 'vm_shared' : `vm_${i}`
        if (vm !== 'vm_shared') nodes[vm] = {type: 'infra.vm', requirements: [{host: 'cloud'}]}
        nodes[`service_${i}`] = {
            type: `app.${kind}.${2 + (i % 4)}`,
            ...(i === 0 ? {persistent: true} : {}),
            properties: [{name: `service-${i}`}, {port: 9000 + i}],
            artifacts: {image: {type: 'app.image', file: `images/service-${i}.tar`}},
            requirements: [
                {host: {node: vm, conditions: on('vms')}},
                {host: {node: 'cluster', conditions: on('kubernetes')}},
                {host: {node: 'platform', conditions: on('platform')}},
                // every service is kept by the one before it: service_0 is the entry point
                ...(i + 1 < count ? [{connects_to: `service_${i + 1}`}] : []),
            ],
        }
    }
    return {
        tosca_definitions_version: 'tosca_variability_1_0_rc_3',
        imports: ['lib/types.yaml'],
        topology_template: {
            variability: {
                inputs: {env: {type: 'string', default: 'vms'}},
                presets: Object.fromEntries(ENVIRONMENTS.map(env => [env, {inputs: {env}}])),
            },
            node_templates: nodes,
        },
    }
}

/** Writes the CSAR folder; returns the template's path. */
export function writeTechnologyTemplate(dir, count = services, bytes = libraryMb * 1e6) {
    fs.mkdirSync(path.join(dir, 'lib'), {recursive: true})
    for (const [name, text] of Object.entries(library(bytes))) fs.writeFileSync(path.join(dir, name), text)
    fs.writeFileSync(path.join(dir, 'lib/technology-rules.yaml'), dump(rules()))
    const file = path.join(dir, 'variable-service-template.yaml')
    fs.writeFileSync(file, dump(template(count), {lineWidth: -1}))
    return file
}

const median = list => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]
const ms = x => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(0)} ms`)

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
    const keep = option('--keep')
    const dir = keep ? path.resolve(keep) : fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-technology-'))
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-cache-'))
    try {
        const file = writeTechnologyTemplate(dir)
        const bytes = fs.readdirSync(path.join(dir, 'lib')).reduce((sum, name) => sum + fs.statSync(path.join(dir, 'lib', name)).size, 0)
        console.log(`technology template: ${services} services, type library ${(bytes / 1e6).toFixed(1)} MB in ${fs.readdirSync(path.join(dir, 'lib')).length} files (${dir})`)
        console.log('env          first run (no cache)   later runs (cached)   in memory (read once)')
        const bin = path.join(here, '../bin/trellis.js')
        const cli = (env, cached) => {
            const start = process.hrtime.bigint()
            const r = spawnSync(process.execPath, [bin, 'resolve', file, '--preset', env, '-o', path.join(dir, 'out.yaml')], {
                stdio: ['ignore', 'ignore', 'pipe'],
                encoding: 'utf8',
                env: {...process.env, ...(cached ? {TRELLIS_CACHE: 'on', TRELLIS_CACHE_DIR: cache} : {TRELLIS_CACHE: 'off'})},
            })
            if (r.status !== 0) throw new Error(`trellis resolve --preset ${env} failed: ${r.stderr}`)
            return Number(process.hrtime.bigint() - start) / 1e6
        }
        const {loadTemplate} = await import('../dist/engine/load/index.js')
        const {outputOf, resolveTemplate} = await import('../dist/engine/resolve/index.js')
        const loaded = await loadTemplate(file)
        for (const env of ENVIRONMENTS) {
            const cold = median(Array.from({length: runs}, () => cli(env, false)))
            cli(env, true)
            const warm = median(Array.from({length: runs}, () => cli(env, true)))
            const memory = median(
                Array.from({length: runs + 2}, () => {
                    const start = performance.now()
                    outputOf(resolveTemplate(loaded, {presets: [env]}))
                    return performance.now() - start
                }),
            )
            console.log(`${env.padEnd(12)} ${ms(cold).padEnd(22)} ${ms(warm).padEnd(21)} ${ms(memory)}`)
        }
    } finally {
        if (!keep) fs.rmSync(dir, {recursive: true, force: true})
        fs.rmSync(cache, {recursive: true, force: true})
    }
}
