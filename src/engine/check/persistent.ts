// persistent_check, the one check that runs before solving: it needs no presence.
import {TrellisError} from '../errors.js'
import type {Graph} from '../model/index.js'
import type {Options} from '../options/index.js'

/** A node default condition of "incoming…-host" removes every node unless some node is persistent. */
export function persistentCheck(graph: Graph, options: Options): void {
    if (!options.check('persistent_check').value) return
    const mode = options.defaultConditionMode('node')
    if (!mode.value.includes('incoming') || !mode.value.includes('host')) return
    if (graph.nodes.length > 0 && !graph.nodes.some(n => n.persistent))
        throw new TrellisError(
            'check-failed',
            'Node default condition mode "incoming(naive)-host" requires at least one persistent node template',
            // where the mode was chosen: the option itself, or the pruning mode that implies it
            mode.origin.kind === 'template' ? mode.origin.location : options.mode.origin.kind === 'template' ? options.mode.origin.location : undefined,
        )
}
