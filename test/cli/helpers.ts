// Runs the built command line (node bin/trellis.js) with its own profile store.
import {spawnSync} from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import {fileURLToPath} from 'node:url'

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const BIN = path.join(ROOT, 'bin/trellis.js')

export interface Run {
    readonly code: number
    readonly stdout: string
    readonly stderr: string
}

export function trellis(args: readonly string[], env: Record<string, string>, cwd = ROOT): Run {
    const r = spawnSync(process.execPath, [BIN, ...args], {cwd, env: {...process.env, ...env, CI: 'true'}, encoding: 'utf8'})
    return {code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr}
}

export {removeTempDirs, tempDir} from '../helpers/temp.js'

/** A small template: `mode` (dev/prod, no default: required), `debug`, `replicas` (scaler present above 2), presets prod and dev. */
export const TEMPLATE = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            mode:
                type: string
            debug:
                type: boolean
                default: false
            replicas:
                type: integer
                default: 1
        presets:
            prod:
                inputs:
                    mode: prod
                    replicas: 3
            dev:
                inputs:
                    mode: dev
        options:
            type_default_condition: true
        expressions:
            is_prod: {equal: [{variability_input: mode}, prod]}
    node_templates:
        app:
            type: tosca.nodes.Root
        scaler:
            type: tosca.nodes.Root
            conditions: {greater: [{variability_input: replicas}, 2]}
        db:
            type: tosca.nodes.Root
            conditions: {logic_expression: is_prod}
        debugger:
            type: tosca.nodes.Root
            conditions: {variability_input: debug}
`

export function writeTemplate(dir: string, text = TEMPLATE, name = 'template.yaml'): string {
    const file = path.join(dir, name)
    fs.writeFileSync(file, text)
    return file
}
