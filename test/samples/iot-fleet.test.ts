// The iot-fleet sample: an IoT telemetry backend on a managed cloud or on
// premises. Few elements carry written conditions; pruning (semantic-loose,
// nodes by incoming relations and hosts) removes the rest. These tests pin,
// per preset, what a user relies on: which nodes are deployed, which are
// pruned and for which reason, which deployment inputs and outputs survive,
// and that the result is plain TOSCA 1.3.
import {spawnSync} from 'node:child_process'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {describe, expect, it} from 'vitest'
import {TrellisError} from '../../src/engine/errors.js'
import {explainElement, explanationDocument} from '../../src/engine/explain/index.js'
import type {InputAssignment} from '../../src/engine/inputs/types.js'
import {loadTemplate} from '../../src/engine/load/index.js'
import {readDefinitionOf, type Resolution} from '../../src/engine/resolve/index.js'
import {resolved} from '../helpers/v4t.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SAMPLE = path.join(ROOT, 'sample-templates/iot-fleet/variable-service-template.yaml')
const TEMPLATE = await loadTemplate(SAMPLE)

type Topology = {
    inputs?: Record<string, unknown>
    node_templates: Record<string, {type: string; requirements?: Record<string, string>[]; properties?: Record<string, unknown>; artifacts?: Record<string, {file: string}>}>
    groups?: Record<string, {members: string[]}>
    policies?: Record<string, {targets: string[]}>[]
    outputs?: Record<string, {value: unknown}>
}

function run(presets: string[], set: Record<string, unknown> = {}): Resolution {
    const assignments: InputAssignment[] = Object.entries(set).map(([name, value]) => ({name, value, source: {kind: 'set'}}))
    return resolved(TEMPLATE, {presets, assignments})
}

function topology(resolution: Resolution): Topology {
    return (resolution.output as {topology_template: Topology}).topology_template
}

const nodes = (r: Resolution) => Object.keys(topology(r).node_templates)

/** The reason code `trellis explain` gives for one element. */
function code(resolution: Resolution, id: string): string {
    const model = resolution.model!
    const element = model.graph.element(id)
    if (!element) throw new Error(`no element ${id}`)
    return explainElement(model, element).code
}

/** Element id → reason code, for the ids given. */
function codes(resolution: Resolution, ids: string[]): Record<string, string> {
    return Object.fromEntries(ids.map(id => [id, code(resolution, id)]))
}

const ALWAYS = ['dashboard', 'ingestion', 'cluster', 'telemetry_db']
const CLOUD_ONLY = ['cloud_account', 'managed_broker', 'managed_bucket']
const ONPREM_ONLY = ['servers', 'hardware_exporter', 'mqtt_broker', 'minio']

describe('the iot-fleet sample', () => {
    it('offers four presets, each with a name and a description', () => {
        const presets = [...readDefinitionOf(TEMPLATE).presets.values()]
        expect(presets.map(p => p.name)).toEqual(['lab', 'pilot', 'cloud', 'factory'])
        for (const preset of presets) {
            expect(preset.displayName, preset.name).toMatch(/\w/)
            expect(preset.description, preset.name).toMatch(/\w/)
        }
    })

    describe('preset lab (k3s on premises, beta firmware, nothing archived)', () => {
        const r = run(['lab'])

        it('deploys the self-hosted stack with the OTA service, and MinIO because the OTA service stores firmware in it', () => {
            expect(nodes(r)).toEqual(['dashboard', 'ingestion', 'cluster', 'servers', 'hardware_exporter', 'mqtt_broker', 'telemetry_db', 'minio', 'firmware_service'])
            expect(topology(r).node_templates.cluster!.type).toBe('fleet.K3s')
            expect(topology(r).node_templates.telemetry_db!.type).toBe('fleet.TimescaleDB')
        })

        it('prunes the cloud side by its group, by lost hosts and incoming relations, and the optional features by their inputs', () => {
            expect(
                codes(r, [
                    'node.cloud_account',
                    'node.managed_broker',
                    'node.managed_bucket',
                    'node.archiver',
                    'node.anomaly_detector',
                    'relation.broker@1.node.ingestion',
                    'relation.host@0.node.cluster',
                ]),
            ).toEqual({
                'node.cloud_account': 'default-incoming-none-present',
                'node.managed_broker': 'group-condition-false',
                'node.managed_bucket': 'group-condition-false',
                'node.archiver': 'manual-condition-false',
                'node.anomaly_detector': 'manual-condition-false',
                'relation.broker@1.node.ingestion': 'target-absent',
                'relation.host@0.node.cluster': 'manual-condition-false',
            })
        })

        it('ships the beta firmware instead of the stable default alternative, and no broker persistence', () => {
            const ota = topology(r).node_templates.firmware_service!
            expect(ota.artifacts!.firmware!.file).toBe('firmware/sensor-node-5.2.0-rc.2.bin')
            expect(ota.properties).toEqual({channel: 'beta'})
            expect(code(r, 'artifact.firmware@1.node.firmware_service')).toBe('default-alternative-other-present')
            expect(topology(r).node_templates.mqtt_broker!.properties).not.toHaveProperty('persistence_location')
            expect(code(r, 'property.persistence_location@1.node.mqtt_broker')).toBe('manual-condition-false')
        })

        it('prunes the analytics group, which has no member left', () => {
            expect(topology(r).groups).toBeUndefined()
            expect(code(r, 'group.analytics')).toBe('no-present-member')
        })

        it('prunes MinIO by its incoming relations once OTA updates are off too', () => {
            const off = run(['lab'], {ota_updates: false})
            expect(nodes(off)).not.toContain('minio')
            expect(code(off, 'node.minio')).toBe('default-incoming-none-present')
            expect(code(off, 'input.minio_root_password@3')).toBe('not-consumed')
            // the snapshot policy keeps the one target left
            expect(topology(off).policies).toEqual([{volume_snapshots: expect.objectContaining({targets: ['mqtt_broker']})}])
        })
    })

    describe('preset pilot (managed cloud services, no archive, no OTA)', () => {
        const r = run(['pilot'])

        it('deploys only the core on managed services', () => {
            expect(nodes(r)).toEqual(['dashboard', 'ingestion', 'cluster', 'cloud_account', 'managed_broker', 'telemetry_db'])
            expect(topology(r).node_templates.cluster!.type).toBe('fleet.ManagedKubernetes')
            expect(topology(r).node_templates.ingestion!.requirements).toEqual([{host: 'cluster'}, {broker: 'managed_broker'}, {database: 'telemetry_db'}])
        })

        it('prunes the managed bucket because nothing stores data in it, though its group condition holds', () => {
            expect(code(r, 'node.managed_bucket')).toBe('default-incoming-none-present')
            const model = r.model!
            const why = explainElement(model, model.graph.element('node.managed_bucket')!)
            expect(why.rootCauses.inputs.map(i => i.name).sort()).toEqual(['anomaly_detection', 'archive', 'ota_updates'])
        })

        it('prunes the on-premises side: servers by their condition, the exporter because its host is gone', () => {
            expect(
                codes(r, [
                    'node.servers',
                    'node.hardware_exporter',
                    'node.mqtt_broker',
                    'node.minio',
                    'node.firmware_service',
                    'relation.broker@2.node.ingestion',
                    'relation.host@0.node.hardware_exporter',
                ]),
            ).toEqual({
                'node.servers': 'manual-condition-false',
                'node.hardware_exporter': 'default-host-absent',
                'node.mqtt_broker': 'group-condition-false',
                'node.minio': 'group-condition-false',
                'node.firmware_service': 'manual-condition-false',
                'relation.broker@2.node.ingestion': 'target-absent',
                // its target (the servers) was pruned first, its source (the exporter) because of that
                'relation.host@0.node.hardware_exporter': 'target-absent',
            })
        })

        it('prunes the snapshot policy, whose targets exist only on premises, and keeps the conditional autoscaling policy', () => {
            expect(code(r, 'policy.volume_snapshots@0')).toBe('no-present-target')
            expect(topology(r).policies).toEqual([
                {autoscale_ingestion: {type: 'tosca.policies.Scaling', targets: ['ingestion'], properties: {min_instances: 2, max_instances: 8}}},
            ])
        })

        it('keeps the deployment inputs and outputs something still reads', () => {
            expect(Object.keys(topology(r).inputs!)).toEqual(['cloud_region', 'db_password'])
            expect(codes(r, ['input.server_addresses@1', 'input.minio_root_password@3'])).toEqual({
                'input.server_addresses@1': 'not-consumed',
                'input.minio_root_password@3': 'not-consumed',
            })
            expect(topology(r).outputs).toEqual({
                mqtt_endpoint: {value: {get_attribute: ['managed_broker', 'endpoint']}},
                dashboard_url: {value: {get_attribute: ['dashboard', 'url']}},
            })
            expect(codes(r, ['output.mqtt_endpoint@1', 'output.firmware_url@3'])).toEqual({
                'output.mqtt_endpoint@1': 'not-produced',
                'output.firmware_url@3': 'not-produced',
            })
        })
    })

    describe('preset cloud (managed services, archive, anomaly detection, OTA)', () => {
        const r = run(['cloud'])

        it('deploys every cloud-side node and every optional feature, each store relation to the managed bucket', () => {
            expect(nodes(r)).toEqual([
                'dashboard',
                'ingestion',
                'cluster',
                'cloud_account',
                'managed_broker',
                'telemetry_db',
                'managed_bucket',
                'archiver',
                'anomaly_detector',
                'firmware_service',
            ])
            for (const name of ONPREM_ONLY) expect(nodes(r)).not.toContain(name)
            expect(topology(r).node_templates.archiver!.requirements).toEqual([{host: 'cluster'}, {source: 'telemetry_db'}, {store: 'managed_bucket'}])
        })

        it('switches the database by its conditional type, host, properties and artifacts', () => {
            const db = topology(r).node_templates.telemetry_db!
            expect(db.type).toBe('fleet.ManagedTimeSeriesDatabase')
            expect(db.requirements).toEqual([{host: 'cloud_account'}])
            expect(db.properties).toEqual({retention: '90d', password: {get_input: 'db_password'}, instance_class: 'db.r6g.large'})
            expect(Object.keys(db.artifacts!)).toEqual(['schema'])
            expect(codes(r, ['type.fleet.TimescaleDB@1.node.telemetry_db', 'property.volume_size@3.node.telemetry_db', 'artifact.chart@1.node.telemetry_db'])).toEqual({
                'type.fleet.TimescaleDB@1.node.telemetry_db': 'manual-condition-false',
                'property.volume_size@3.node.telemetry_db': 'manual-condition-false',
                'artifact.chart@1.node.telemetry_db': 'manual-condition-false',
            })
        })

        it('keeps the analytics group with both members and ships the stable firmware', () => {
            expect(topology(r).groups).toEqual({analytics: {type: 'fleet.groups.Analytics', members: ['archiver', 'anomaly_detector']}})
            expect(topology(r).node_templates.firmware_service!.artifacts!.firmware!.file).toBe('firmware/sensor-node-5.1.0.bin')
            expect(code(r, 'artifact.firmware@2.node.firmware_service')).toBe('manual-condition-false')
        })
    })

    describe('preset factory (on premises, self-hosted broker and MinIO, archive, OTA)', () => {
        const r = run(['factory'])

        it('deploys the on-premises stack with the archive but without anomaly detection', () => {
            expect(nodes(r)).toEqual(['dashboard', 'ingestion', 'cluster', 'servers', 'hardware_exporter', 'mqtt_broker', 'telemetry_db', 'minio', 'archiver', 'firmware_service'])
            for (const name of CLOUD_ONLY) expect(nodes(r)).not.toContain(name)
            expect(code(r, 'node.anomaly_detector')).toBe('manual-condition-false')
        })

        it('keeps broker persistence, the TimescaleDB chart and both snapshot targets', () => {
            expect(topology(r).node_templates.mqtt_broker!.properties).toHaveProperty('persistence_location', '/mosquitto/data')
            expect(Object.keys(topology(r).node_templates.telemetry_db!.artifacts!)).toEqual(['schema', 'chart'])
            expect(topology(r).policies).toEqual([
                {volume_snapshots: {type: 'fleet.policies.VolumeSnapshots', targets: ['mqtt_broker', 'minio'], properties: {schedule: '0 2 * * *'}}},
            ])
            expect(topology(r).groups).toEqual({analytics: {type: 'fleet.groups.Analytics', members: ['archiver']}})
        })

        it('prunes the cloud account by its incoming relations, with its region input, the cloud output and the autoscaling policy', () => {
            expect(code(r, 'node.cloud_account')).toBe('default-incoming-none-present')
            expect(code(r, 'input.cloud_region@0')).toBe('not-consumed')
            expect(code(r, 'output.mqtt_endpoint@0')).toBe('not-produced')
            expect(code(r, 'policy.autoscale_ingestion@1')).toBe('manual-condition-false')
            expect(Object.keys(topology(r).inputs!)).toEqual(['server_addresses', 'db_password', 'minio_root_password'])
            expect(topology(r).outputs!.mqtt_endpoint).toEqual({value: {get_attribute: ['mqtt_broker', 'endpoint']}})
        })
    })

    it('resolves with the defaults alone: the pilot with OTA updates, so the managed bucket stays for the firmware', () => {
        const r = run([])
        expect(nodes(r)).toEqual(['dashboard', 'ingestion', 'cluster', 'cloud_account', 'managed_broker', 'telemetry_db', 'managed_bucket', 'firmware_service'])
    })

    it('lets broker_persistence decide nothing in the cloud presets, where the self-hosted broker is pruned', () => {
        const decides = (preset: string) => explanationDocument(TEMPLATE, run([preset]).model!).inputs.broker_persistence!.decidesSomething
        expect({lab: decides('lab'), pilot: decides('pilot'), cloud: decides('cloud'), factory: decides('factory')}).toEqual({lab: true, pilot: false, cloud: false, factory: true})
        // value inputs only fill in properties: they never decide presence
        const inputs = explanationDocument(TEMPLATE, run(['cloud']).model!).inputs
        expect([inputs.ingest_replicas!.decidesSomething, inputs.retention_days!.decidesSomething]).toEqual([false, false])
    })

    it('writes plain TOSCA 1.3 without variability keys under every preset and the defaults', () => {
        const KEYS = ['variability', 'conditions', 'default_alternative', 'default_condition_mode', 'persistent', 'requires', 'expression', 'pruning', 'implies']
        const found = (value: unknown, where: string, out: string[]): string[] => {
            if (Array.isArray(value)) value.forEach((v, i) => found(v, `${where}[${i}]`, out))
            else if (value && typeof value === 'object')
                for (const [key, v] of Object.entries(value)) {
                    if (KEYS.includes(key)) out.push(`${where}.${key}`)
                    found(v, `${where}.${key}`, out)
                }
            return out
        }
        for (const presets of [[], ['lab'], ['pilot'], ['cloud'], ['factory']]) {
            const output = run(presets).output as Record<string, unknown>
            expect(output.tosca_definitions_version, presets.join()).toBe('tosca_simple_yaml_1_3')
            expect(found(output, '', []), presets.join()).toEqual([])
            for (const name of ALWAYS) expect(Object.keys((output.topology_template as Topology).node_templates), presets.join()).toContain(name)
            // the variability groups are gone from every variant
            expect(Object.keys((output.topology_template as Topology).groups ?? {})).not.toContain('cloud_services')
            expect(Object.keys((output.topology_template as Topology).groups ?? {})).not.toContain('self_hosted_services')
        }
    })

    it('rejects anomaly detection without the archive it learns from (input constraint)', () => {
        expect(() => run(['pilot'], {anomaly_detection: true})).toThrow(TrellisError)
        expect(() => run(['pilot'], {anomaly_detection: true})).toThrow('Variability inputs constraints are violated')
        expect(nodes(run(['pilot'], {anomaly_detection: true, archive: true}))).toContain('anomaly_detector')
    })

    it('rejects a platform that is neither cloud nor onprem', () => {
        expect(() => run([], {platform: 'edge'})).toThrow('Could not solve')
    })

    // bin/trellis.js runs dist/, which test/cli/global-setup.ts rebuilds when older than src/
    describe('from the command line', () => {
        const cli = path.join(ROOT, 'bin/trellis.js')
        const trellis = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], {cwd: ROOT, encoding: 'utf8'})

        it('resolves every preset and exits 0', () => {
            for (const preset of ['lab', 'pilot', 'cloud', 'factory']) {
                const result = trellis('resolve', SAMPLE, '--preset', preset)
                expect(result.status, `${preset}: ${result.stderr}`).toBe(0)
                expect(result.stdout).toContain('tosca_definitions_version: tosca_simple_yaml_1_3')
            }
        })

        it('explains that the hardware exporter went with its host', () => {
            const result = trellis('explain', SAMPLE, '--preset', 'cloud', 'node.hardware_exporter')
            expect(result.status, result.stderr).toBe(0)
            expect(result.stdout.split('\n')[0]).toBe('Node "hardware_exporter" is pruned: no host is present (pruning: host, semantic)')
            expect(result.stdout).toContain('input platform: cloud — preset cloud')
        })
    })
})
