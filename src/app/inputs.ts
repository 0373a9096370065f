// Collects direct input assignments from the command line, in the order of
// precedence the engine applies after presets: inputs file, --set, environment.
import {type InputAssignment, readValueText, readYamlFile, ValueTextError} from '../engine/index.js'
import {UsageError} from './errors.js'

export interface InputFlags {
    readonly inputs?: string
    readonly set?: readonly string[]
}

const ENV_PREFIX = 'TRELLIS_INPUT_'

export interface CollectedInputs {
    readonly presets: string[]
    readonly assignments: InputAssignment[]
}

/**
 * Reads `--inputs FILE`: a map of variability input names to values. A top-level `presets`
 * (a name or a list of names, as `trellis profile export` writes) is applied as presets,
 * unless the template declares a variability input named `presets` (pass `inputNames`).
 */
export function readInputsFile(file: string, inputNames?: readonly string[]): CollectedInputs {
    const {data, sourceMap} = readYamlFile(file)
    if (data === null || data === undefined) return {presets: [], assignments: []}
    if (typeof data !== 'object' || Array.isArray(data)) throw new UsageError(`${file}: an inputs file must be a YAML map of variability input names to values`)
    const presets: string[] = []
    const assignments: InputAssignment[] = []
    const presetsAreInput = inputNames?.includes('presets') ?? false
    for (const [name, value] of Object.entries(data as Record<string, unknown>)) {
        if (name === 'presets' && !presetsAreInput) {
            const list = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value]
            if (!list.every(p => typeof p === 'string')) throw new UsageError(`${file}: "presets" must be a preset name or a list of preset names`)
            presets.push(...(list as string[]))
            continue
        }
        assignments.push({name, value, source: {kind: 'file', file, location: sourceMap.locate(data, name)}})
    }
    return {presets, assignments}
}

export function parseSetFlag(flag: string): InputAssignment {
    const eq = flag.indexOf('=')
    if (eq <= 0) throw new UsageError(`--set expects NAME=VALUE, got "${flag}"`)
    const name = flag.slice(0, eq).trim()
    const text = flag.slice(eq + 1)
    return {name, value: parseValue(text, `--set ${name}`), source: {kind: 'set'}}
}

/** `TRELLIS_INPUT_<NAME>` for each known input; NAME as written or in upper case. */
function environmentAssignments(names: readonly string[], env: NodeJS.ProcessEnv): InputAssignment[] {
    const out: InputAssignment[] = []
    for (const name of names) {
        const variable = inputVariables(name, env)[0]
        if (variable !== undefined) out.push({name, value: parseValue(env[variable]!, variable), source: {kind: 'env', variable}})
    }
    return out
}

/** The `TRELLIS_INPUT_` variables `env` sets for an input, the one that applies first (NAME as written, then in upper case). */
export function inputVariables(name: string, env: NodeJS.ProcessEnv): string[] {
    return [...new Set([ENV_PREFIX + name, ENV_PREFIX + name.toUpperCase()])].filter(variable => env[variable] !== undefined)
}

/** A value typed on the command line or in the environment, read by the rule every shell reads typed text by; `what` names where it was typed. */
function parseValue(text: string, what: string): unknown {
    try {
        return readValueText(text)
    } catch (e) {
        if (e instanceof ValueTextError) throw new UsageError(`${what}: ${e.message}`)
        throw e
    }
}

export function collectInputs(flags: InputFlags, inputNames: readonly string[], env: NodeJS.ProcessEnv): CollectedInputs {
    const fromFile = flags.inputs ? readInputsFile(flags.inputs, inputNames) : {presets: [], assignments: []}
    return {
        presets: fromFile.presets,
        assignments: [...fromFile.assignments, ...(flags.set ?? []).map(parseSetFlag), ...environmentAssignments(inputNames, env)],
    }
}
