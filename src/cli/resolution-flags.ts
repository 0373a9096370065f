// The flags every command that resolves shares: presets, inputs, --set.
import type {Command} from 'commander'
import type {RequestFlags} from '../app/request.js'
import {addPluginFlags} from './plugins.js'
import {collect} from './repeatable.js'

export type ResolutionFlags = RequestFlags

export function addResolutionFlags(command: Command): Command {
    return addPluginFlags(command)
        .option('-p, --preset <name>', 'apply a variability preset; repeat to apply several, later ones win', collect, [])
        .option('-i, --inputs <file>', 'YAML file of variability input values')
        .option('-s, --set <name=value>', 'set one variability input (value parsed as YAML); repeatable', collect, [])
        .option('--profile <name>', 'apply a saved profile first (trellis profile list); presets and inputs given beside it override it')
}

export const PRECEDENCE_HELP = 'Input values are applied in this order, later ones winning: --profile, presets, --inputs, --set, TRELLIS_INPUT_<NAME> environment variables.'
