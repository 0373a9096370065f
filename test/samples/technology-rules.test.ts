// The technology-rules sample: rules from lib/rules.yaml choose helm on
// Kubernetes and ansible/terraform on virtual machines.
import {spawnSync} from 'node:child_process'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {loadTemplate} from '../../src/engine/load/index.js'
import {resolve} from '../../src/engine/pipeline.js'

const ROOT = path.resolve(__dirname, '../..')
const SAMPLE = path.join(ROOT, 'sample-templates/technology-rules/variable-service-template.yaml')

function types(preset: string): Record<string, string> {
    const output = resolve(loadTemplate(SAMPLE), {presets: [preset]}).output as {topology_template: {node_templates: Record<string, {type: string}>}}
    return Object.fromEntries(Object.entries(output.topology_template.node_templates).map(([name, node]) => [name, node.type]))
}

describe('the technology-rules sample', () => {
    it('deploys everything with helm on Kubernetes', () => {
        expect(types('kubernetes')).toEqual({
            frontend: 'shop.Frontend~shop.Application::helm@infra.Kubernetes',
            backend: 'shop.Backend~shop.Application::helm@infra.Kubernetes',
            database: 'shop.Database~shop.Database::helm@infra.Kubernetes',
            cluster: 'infra.Kubernetes',
        })
    })

    it('deploys the applications with ansible and the virtual machine with terraform on VMs', () => {
        expect(types('vms')).toEqual({
            frontend: 'shop.Frontend~shop.Application::ansible@infra.VirtualMachine->infra.Cloud',
            backend: 'shop.Backend~shop.Application::ansible@infra.VirtualMachine->infra.Cloud',
            database: 'shop.Database~shop.Database::ansible@infra.VirtualMachine',
            vm: 'infra.VirtualMachine~infra.VirtualMachine::terraform@infra.Cloud',
            cloud: 'infra.Cloud',
        })
    })

    it('resolves from the command line', () => {
        const result = spawnSync(process.execPath, ['bin/trellis.js', 'resolve', SAMPLE, '--preset', 'kubernetes'], {cwd: ROOT, encoding: 'utf8'})
        expect(result.status).toBe(0)
        expect(result.stdout).toContain('helm@infra.Kubernetes')
    })
})
