// What optimization asks of the solver: the node templates first (min/max of
// count or weight), then technologies, each with its uniqueness check.
import {or, variable} from '../conditions/index.js'
import type {PresenceVariables} from '../conditions/index.js'
import type {Graph} from '../model/index.js'
import type {Options} from '../options/index.js'
import type {Objective} from './problem.js'

/** Node templates first (min/max of count or weight), then technologies; each with its uniqueness check. */
export function objectives(graph: Graph, options: Options, variables: PresenceVariables): Objective[] {
    const countNodes = options.optimizationTopologyMode().value === 'count'
    const topology = options.optimizationTopology().value
    const out: Objective[] = [
        {
            subject: 'nodes',
            direction: topology,
            // terms only when optimizing: they are the sum to minimize or maximize
            terms: topology ? graph.nodes.map(node => ({formula: variables.presence(node), weight: countNodes ? 1 : node.weight})) : [],
            unique: options.optimizationTopologyUnique().value,
            compare: graph.nodes.map(node => node.seq),
        },
    ]
    const direction = options.optimizationTechnologies().value
    const unique = options.optimizationTechnologiesUnique().value
    const compare = graph.technologies.map(t => t.seq)
    const byWeight = graph.technologies.map(t => ({formula: variable(t.seq), weight: t.weight}))
    // count: how many different technologies the deployment uses
    const names = [...new Set(graph.technologies.map(t => t.name))]
    const byCount = names.map(name => ({formula: or(graph.technologies.filter(t => t.name === name).map(t => variable(t.seq))), weight: 1}))
    const mode = options.optimizationTechnologiesMode().value
    if (!direction) out.push({subject: 'technologies', direction: false, terms: [], unique, compare})
    else if (mode === 'weight') out.push({subject: 'technologies', direction, terms: byWeight, unique, compare})
    else if (mode === 'count') out.push({subject: 'technologies', direction, terms: byCount, unique, compare})
    // weight-count: the heaviest technologies first, then as few different ones as possible
    else
        out.push({subject: 'technologies', direction: 'max', terms: byWeight, unique: false, compare}, {subject: 'technologies', direction: 'min', terms: byCount, unique, compare})
    return out
}
