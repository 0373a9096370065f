// The technology-rules sample: a web shop whose deployment technologies come
// from lib/technology-rules.yaml (found next to the template by default). On Kubernetes
// everything goes with helm (the database with terraform, the only rule that
// fits); on a VM in OpenStack with ansible, the VM itself with terraform.
import {spawnSync} from 'node:child_process'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {describe, expect, it} from 'vitest'
import type {InputAssignment} from '../../src/engine/inputs/types.js'
import {loadTemplate} from '../../src/engine/load/index.js'
import {type Resolution} from '../../src/engine/resolve/index.js'
import {resolved} from '../helpers/v4t.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SAMPLE = path.join(ROOT, 'sample-templates/technology-rules/variable-service-template.yaml')

const TEMPLATE = await loadTemplate(SAMPLE)

function run(preset: string, monitoring?: boolean): Resolution {
    const assignments: InputAssignment[] = monitoring === undefined ? [] : [{name: 'monitoring', value: monitoring, source: {kind: 'set'}}]
    return resolved(TEMPLATE, {presets: [preset], assignments})
}

/** Node name → output type, in output order. */
function types(resolution: Resolution): Record<string, string> {
    const output = resolution.output as {topology_template: {node_templates: Record<string, {type: string}>}}
    return Object.fromEntries(Object.entries(output.topology_template.node_templates).map(([name, node]) => [name, node.type]))
}

/** Node name → the name of its present technology, for nodes that have one. */
function technologies(resolution: Resolution): Record<string, string> {
    const model = resolution.model!
    const out: Record<string, string> = {}
    for (const node of model.graph.nodes) {
        const present = node.technologies.filter(t => model.present(t))
        if (model.present(node) && present.length > 0) out[node.name] = present.map(t => t.name).join('+')
    }
    return out
}

describe('the technology-rules sample', () => {
    it('on Kubernetes: helm for the applications, the DBMS and the agent; terraform for the database', () => {
        const resolution = run('kubernetes', true)
        expect(types(resolution)).toEqual({
            frontend: 'shop.Frontend~shop.Application::helm@infra.KubernetesCluster',
            backend: 'shop.Backend~shop.Application::helm@infra.KubernetesCluster',
            database: 'shop.Database~shop.Database::terraform@shop.DBMS',
            dbms: 'shop.PostgreSQL~shop.DBMS::helm@infra.KubernetesCluster',
            monitoring: 'shop.MonitoringAgent~shop.MonitoringAgent::helm@infra.KubernetesCluster',
            cluster: 'infra.KubernetesCluster',
        })
        expect(technologies(resolution)).toEqual({frontend: 'helm', backend: 'helm', database: 'terraform', dbms: 'helm', monitoring: 'helm'})
    })

    it('on VMs: ansible on the VM-in-OpenStack stack, the heavier ansible for the database, terraform for the VM', () => {
        const resolution = run('vms', true)
        expect(types(resolution)).toEqual({
            frontend: 'shop.Frontend~shop.Application::ansible@infra.VirtualMachine->infra.OpenStack',
            backend: 'shop.Backend~shop.Application::ansible@infra.VirtualMachine->infra.OpenStack',
            database: 'shop.Database~shop.Database::ansible@shop.DBMS->infra.VirtualMachine',
            dbms: 'shop.PostgreSQL~shop.DBMS::ansible@infra.VirtualMachine->infra.OpenStack',
            monitoring: 'shop.MonitoringAgent~shop.MonitoringAgent::ansible@*->infra.OpenStack',
            vm: 'infra.VirtualMachine~infra.VirtualMachine::terraform@infra.OpenStack',
            openstack: 'infra.OpenStack',
        })
        expect(technologies(resolution)).toEqual({frontend: 'ansible', backend: 'ansible', database: 'ansible', dbms: 'ansible', monitoring: 'ansible', vm: 'terraform'})
    })

    it('keeps the monitoring agent only when asked for (off by default)', () => {
        for (const preset of ['kubernetes', 'vms']) {
            expect(Object.keys(types(run(preset)))).not.toContain('monitoring')
            expect(Object.keys(types(run(preset, false)))).not.toContain('monitoring')
            expect(Object.keys(types(run(preset, true)))).toContain('monitoring')
        }
        expect(Object.keys(types(run('kubernetes')))).toEqual(['frontend', 'backend', 'database', 'dbms', 'cluster'])
        expect(Object.keys(types(run('vms')))).toEqual(['frontend', 'backend', 'database', 'dbms', 'vm', 'openstack'])
    })

    it('gives the abstract infrastructure no technology and every other present node exactly one', () => {
        for (const preset of ['kubernetes', 'vms']) {
            const {model} = run(preset, true)
            for (const node of model!.graph.nodes.filter(n => model!.present(n))) {
                const present = node.technologies.filter(t => model!.present(t))
                if (node.name === 'cluster' || node.name === 'openstack') {
                    expect(node.managed, node.name).toBe(false)
                    expect(node.technologies, node.name).toEqual([])
                } else expect(present.length, node.name).toBe(1)
            }
        }
    })

    it('proposes both database technologies on VMs, with the rules weights, and records which rule', () => {
        const {model} = run('vms')
        const database = model!.graph.nodes.find(n => n.name === 'database')!
        expect(database.technologies.map(t => [t.name, t.weight, model!.present(t)])).toEqual([
            ['terraform', 0.5, false],
            ['ansible', 1, true],
        ])
        const ansible = database.technologies[1]!
        const records = model!.conditions.of(ansible.seq).records.filter(r => r.origin.kind === 'technology-rule')
        // the hosts on the stack [shop.DBMS, infra.VirtualMachine] must be present
        expect(records.map(r => r.expression)).toEqual(expect.arrayContaining([{node_presence: 'dbms'}, {node_presence: 'vm'}]))
        expect(records[0]!.location?.file).toMatch(/lib[\\/]technology-rules\.yaml$/)
    })

    it('rejects a platform that is neither kubernetes nor vms', () => {
        expect(() => resolved(TEMPLATE, {assignments: [{name: 'platform', value: 'mars', source: {kind: 'set'}}]})).toThrow('Could not solve')
    })

    // bin/trellis.js runs dist/, which test/cli/global-setup.ts rebuilds when older than src/
    describe('from the command line', () => {
        const cli = path.join(ROOT, 'bin/trellis.js')

        it('resolves with --preset kubernetes and exits 0', () => {
            const result = spawnSync(process.execPath, [cli, 'resolve', SAMPLE, '--preset', 'kubernetes'], {cwd: ROOT, encoding: 'utf8'})
            expect(result.status, result.stderr).toBe(0)
            expect(result.stdout).toContain('type: shop.Frontend~shop.Application::helm@infra.KubernetesCluster')
            expect(result.stdout).toContain('type: shop.Database~shop.Database::terraform@shop.DBMS')
        })

        it('resolves with --preset vms --set monitoring=true and exits 0', () => {
            const result = spawnSync(process.execPath, [cli, 'resolve', SAMPLE, '--preset', 'vms', '--set', 'monitoring=true'], {cwd: ROOT, encoding: 'utf8'})
            expect(result.status, result.stderr).toBe(0)
            expect(result.stdout).toContain('type: shop.MonitoringAgent~shop.MonitoringAgent::ansible@*->infra.OpenStack')
            expect(result.stdout).toContain('type: infra.VirtualMachine~infra.VirtualMachine::terraform@infra.OpenStack')
        })
    })
})
