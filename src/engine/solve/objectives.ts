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
    const steps = technologySteps(direction, options.optimizationTechnologiesMode().value)
    steps.forEach(({direction, measure}, i) => {
        // only the last step checks uniqueness: a tie the first leaves, the next may break
        const last = i === steps.length - 1
        out.push({subject: 'technologies', direction, terms: direction ? (measure === 'weight' ? byWeight : byCount) : [], unique: last && unique, compare})
    })
    return out
}

/** What an optimizing step sums: the weights of the present ones, or how many there are (of technologies, how many different names). */
export type Measure = 'weight' | 'count'

/**
 * The technologies' objectives in the order the optimizer applies them: weight-count is the heaviest
 * technologies first, then as few different ones as possible, whatever the direction asked.
 */
export function technologySteps(direction: false | 'min' | 'max', mode: Measure | 'weight-count'): {direction: false | 'min' | 'max'; measure: Measure}[] {
    if (!direction) return [{direction: false, measure: mode === 'count' ? 'count' : 'weight'}]
    if (mode !== 'weight-count') return [{direction, measure: mode}]
    return [
        {direction: 'max', measure: 'weight'},
        {direction: 'min', measure: 'count'},
    ]
}
