// Element-generic default conditions, one builder per element kind, following
// the spec's tables. A mode such as "incoming-artifact" is read token by token;
// a token applies only where the element has the structure it talks about.
import {TrellisError} from '../errors.js'
import type {Element, NodeElement} from '../model/index.js'
import type {Options} from '../options/index.js'
import {managing, type Variables} from './compile.js'
import {and, FALSE, not, or, type Formula} from './formula.js'
import type {DefaultWrapper} from './records.js'

const anyOf = (formulas: Formula[]): Formula => (formulas.length === 0 ? FALSE : or(formulas))

function wrapper(token: string, consistency: boolean, expression: unknown, formula: Formula): DefaultWrapper {
    return {token, consistency, semantic: !consistency, expression, formula}
}

function tokens(element: Element, mode: string, allowed: readonly string[]): string[] {
    const list = mode.split('-').filter(Boolean)
    for (const token of list)
        if (!allowed.includes(token))
            throw new TrellisError('invalid-option', `${element.display} has unknown mode "${mode}" as default condition (expected tokens: ${allowed.join(', ')})`, element.location)
    return list
}

function modeOf(element: Element, options: Options, kind: 'node' | 'relation' | 'artifact' | 'property' | 'technology'): string {
    const own = element.raw.default_condition_mode
    return typeof own === 'string' ? own : options.defaultConditionMode(kind).value
}

/** The default conditions of one element, or none. */
export function genericDefaults(element: Element, options: Options, v: Variables): DefaultWrapper[] {
    switch (element.kind) {
        case 'node':
            return nodeDefaults(element, modeOf(element, options, 'node'), v)
        case 'relation': {
            const out: DefaultWrapper[] = []
            for (const token of tokens(element, modeOf(element, options, 'relation'), ['source', 'target'])) {
                const node = token === 'source' ? element.source : element.target
                out.push(wrapper(token, true, {[`${token}_presence`]: 'SELF'}, v.presence(node)))
            }
            return out
        }
        case 'property': {
            const out: DefaultWrapper[] = []
            for (const token of tokens(element, modeOf(element, options, 'property'), ['container', 'consuming'])) {
                if (token === 'container') out.push(wrapper(token, true, {container_presence: 'SELF'}, v.presence(element.container)))
                else if (element.consuming)
                    out.push(
                        wrapper(
                            token,
                            true,
                            element.consuming.kind === 'input' ? {input_presence: element.consuming.name} : {container_presence: 'SELF'},
                            v.presence(element.consuming),
                        ),
                    )
            }
            return out
        }
        case 'artifact': {
            const out: DefaultWrapper[] = []
            for (const token of tokens(element, modeOf(element, options, 'artifact'), ['container', 'managed', 'technology'])) {
                if (token === 'container') out.push(wrapper(token, true, {container_presence: 'SELF'}, v.presence(element.container)))
                else out.push(wrapper(token, false, {is_managed: 'SELF'}, anyOf(managing(element.container, element.types[0]?.name).map(t => v.presence(t)))))
            }
            return out
        }
        case 'technology': {
            const parts: Formula[] = []
            const list = tokens(element, modeOf(element, options, 'technology'), ['container', 'other'])
            if (list.includes('container')) parts.push(v.presence(element.container))
            if (list.includes('other')) parts.push(not(anyOf(element.container.technologies.filter(t => t !== element).map(t => v.presence(t)))))
            return parts.length ? [wrapper(list.join('-'), true, {technology_default: list.join('-')}, and(parts))] : []
        }
        case 'type':
            return [wrapper('container', true, {container_presence: 'SELF'}, v.presence(element.container))]
        case 'group':
            return [wrapper('member', false, {has_present_member: 'SELF'}, anyOf(element.members.map(m => v.presence(m))))]
        case 'policy':
            return [
                wrapper(
                    'target',
                    false,
                    {has_present_target: 'SELF'},
                    anyOf(element.targets.map(t => (t.kind === 'node' ? v.presence(t) : anyOf(t.members.map(m => v.presence(m)))))),
                ),
            ]
        case 'input':
            return [wrapper('consumed', false, {is_consumed: 'SELF'}, anyOf(element.consumers.map(p => v.presence(p))))]
        case 'output':
            return [wrapper('produced', false, {is_produced: 'SELF'}, anyOf(element.producers.map(p => v.presence(p))))]
        case 'import':
            return []
    }
}

const NODE_TOKENS = ['source', 'incoming', 'incomingnaive', 'outgoing', 'outgoingnaive', 'host', 'artifact', 'artifactnaive'] as const

function nodeDefaults(node: NodeElement, mode: string, v: Variables): DefaultWrapper[] {
    const out: DefaultWrapper[] = []
    for (const token of tokens(node, mode, NODE_TOKENS)) {
        switch (token) {
            case 'host': {
                const hosting = node.relations.filter(r => r.hosting)
                if (hosting.length) out.push(wrapper(token, false, {host_presence: 'SELF'}, anyOf(hosting.map(r => v.presence(r.target)))))
                break
            }
            case 'source':
                if (node.incoming.length) out.push(wrapper(token, false, {has_source: 'SELF'}, anyOf(node.incoming.map(r => v.presence(r.source)))))
                break
            case 'incoming':
                if (node.incoming.length)
                    out.push(wrapper(token, false, {has_incoming_relation: 'SELF'}, anyOf(node.incoming.map(r => and([v.manual(r), v.presence(r.source)])))))
                break
            case 'incomingnaive':
                if (node.incoming.length) out.push(wrapper(token, false, {has_incoming_relation_naive: 'SELF'}, anyOf(node.incoming.map(r => v.presence(r)))))
                break
            case 'outgoing':
                if (node.relations.length)
                    out.push(wrapper(token, false, {has_outgoing_relation: 'SELF'}, anyOf(node.relations.map(r => and([v.manual(r), v.presence(r.target)])))))
                break
            case 'outgoingnaive':
                if (node.relations.length) out.push(wrapper(token, false, {has_outgoing_relation_naive: 'SELF'}, anyOf(node.relations.map(r => v.presence(r)))))
                break
            case 'artifact':
                if (node.artifacts.length) out.push(wrapper(token, false, {has_artifact: 'SELF'}, anyOf(node.artifacts.map(a => v.manual(a)))))
                break
            case 'artifactnaive':
                if (node.artifacts.length) out.push(wrapper(token, false, {has_artifact_naive: 'SELF'}, anyOf(node.artifacts.map(a => v.presence(a)))))
                break
        }
    }
    return out
}
