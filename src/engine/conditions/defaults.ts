// Element-generic default conditions, one builder per element kind, following
// the spec's tables. A mode such as "incoming-artifact" is read token by token;
// a token applies only where the element has the structure it talks about.
import {collectErrors, TrellisError, type SourceLocation} from '../errors.js'
import {closestHelp} from '../names.js'
import type {Element, Graph, NodeElement} from '../model/index.js'
import type {Options} from '../options/index.js'
import {managingTechnologies, type TypeHierarchy} from '../model/index.js'
import type {Variables} from './compile.js'
import {and, anyOf, not, type Formula} from './formula.js'
import {DefaultDescriptors} from './descriptors.js'
import {compilingOrder} from './order.js'
import type {DefaultWrapper} from './records.js'

/** The tokens of a mode such as "incoming-artifact", checked against what the element kind allows (parsed once per mode). */
function tokens(
    element: Element,
    mode: string,
    allowed: readonly string[],
    d: DefaultDescriptors,
    location = (): SourceLocation | undefined => element.location,
): readonly string[] {
    let byMode = d.modes.get(allowed)
    if (!byMode) d.modes.set(allowed, (byMode = new Map()))
    let list = byMode.get(mode)
    if (!list) {
        list = mode.split('-').filter(Boolean)
        const unknown = list.find(token => !allowed.includes(token))
        if (unknown !== undefined) {
            // the node keyword table lists "relation", which no default condition of the specification defines
            const relation = element.kind === 'node' && unknown === 'relation'
            throw new TrellisError('invalid-option', `${element.display} has unknown mode "${mode}" as default condition`, location(), {
                notes: relation ? ['"relation" names no default condition; "incoming" checks the incoming relations'] : [],
                help: [...(relation ? [] : closestHelp(unknown, allowed)), `a mode joins these tokens with "-": ${allowed.join(', ')}`],
            })
        }
        byMode.set(mode, list)
    }
    return list
}

function modeOf(element: Element, options: Options, kind: ModeKind): string {
    const own = element.raw.default_condition_mode
    return typeof own === 'string' ? own : options.defaultConditionMode(kind).value
}

/** Where the element's mode was written: the element, or the option the template sets (else the element). */
function modeLocation(element: Element, options: Options, kind: ModeKind): SourceLocation | undefined {
    if (typeof element.raw.default_condition_mode === 'string') return element.location
    const origin = options.defaultConditionMode(kind).origin
    return (origin.kind === 'template' ? origin.location : undefined) ?? element.location
}

const NODE_TOKENS = ['source', 'incoming', 'incomingnaive', 'outgoing', 'outgoingnaive', 'host', 'artifact', 'artifactnaive'] as const
const RELATION_TOKENS = ['source', 'target']
const PROPERTY_TOKENS = ['container', 'consuming']
const ARTIFACT_TOKENS = ['container', 'managed', 'technology']
const TECHNOLOGY_TOKENS = ['container', 'other']

/**
 * Every element's default condition mode, read token by token before anything is resolved,
 * whether or not default conditions or pruning are enabled: a mode names default conditions,
 * and one that names none (e.g. the node keyword table's "relation", which no default
 * condition of the specification defines) is a mistake even while the options leave it unused.
 * The reference reads every mode the same way, element by element in its compiling order (after
 * the element's type-specific condition: see prepare). One error per distinct mode; `until`: only
 * the elements before it.
 */
export function checkDefaultModes(graph: Graph, options: Options, until?: Element): void {
    const errors = new Map<string, TrellisError>()
    const d = new DefaultDescriptors()
    for (const element of compilingOrder(graph)) {
        if (element === until) break
        const allowed = modeTokens(element.kind)
        if (!allowed) continue
        const mode = modeOf(element, options, element.kind as ModeKind)
        if (errors.has(mode)) continue
        try {
            // where the mode was written is looked up only for an error (it is asked of every element)
            tokens(element, mode, allowed, d, () => modeLocation(element, options, element.kind as ModeKind))
        } catch (e) {
            if (!(e instanceof TrellisError)) throw e
            errors.set(mode, e)
        }
    }
    if (errors.size) throw collectErrors([...errors.values()])
}

type ModeKind = 'node' | 'relation' | 'artifact' | 'property' | 'technology'

function modeTokens(kind: Element['kind']): readonly string[] | undefined {
    switch (kind) {
        case 'node':
            return NODE_TOKENS
        case 'relation':
            return RELATION_TOKENS
        case 'property':
            return PROPERTY_TOKENS
        case 'artifact':
            return ARTIFACT_TOKENS
        case 'technology':
            return TECHNOLOGY_TOKENS
        default:
            return undefined
    }
}

/** Receives one default condition of an element: which one, and its formula for that element. */
export type AddDefault = (wrapper: DefaultWrapper, formula: Formula) => void

/** The default conditions of one element, each handed to `add` (a list per element would be garbage at once). */
export function genericDefaults(element: Element, options: Options, v: Variables, artifactTypes: TypeHierarchy, d: DefaultDescriptors, add: AddDefault): void {
    switch (element.kind) {
        case 'node':
            return nodeDefaults(element, modeOf(element, options, 'node'), v, d, add)
        case 'relation':
            for (const token of tokens(element, modeOf(element, options, 'relation'), RELATION_TOKENS, d))
                add(d.wrapper(token, true, `${token}_presence`), v.presence(token === 'source' ? element.source : element.target))
            return
        case 'property':
            for (const token of tokens(element, modeOf(element, options, 'property'), PROPERTY_TOKENS, d)) {
                if (token === 'container') add(d.wrapper(token, true, 'container_presence'), v.presence(element.container))
                else if (element.consuming) {
                    const input = element.consuming.kind === 'input'
                    add(d.wrapper(token, true, input ? 'input_presence' : 'container_presence', input ? element.consuming.name : 'SELF'), v.presence(element.consuming))
                }
            }
            return
        case 'artifact':
            for (const token of tokens(element, modeOf(element, options, 'artifact'), ARTIFACT_TOKENS, d)) {
                if (token === 'container') add(d.wrapper(token, true, 'container_presence'), v.presence(element.container))
                else add(d.wrapper(token, false, 'is_managed'), anyOf(managingTechnologies(element, artifactTypes).map(t => v.presence(t))))
            }
            return
        case 'technology': {
            const parts: Formula[] = []
            const list = tokens(element, modeOf(element, options, 'technology'), TECHNOLOGY_TOKENS, d)
            if (list.includes('container')) parts.push(v.presence(element.container))
            if (list.includes('other')) parts.push(not(anyOf(element.container.technologies.filter(t => t !== element).map(t => v.presence(t)))))
            if (parts.length) add(d.wrapper(list.join('-'), true, 'technology_default', list.join('-')), and(parts))
            return
        }
        case 'type':
            return add(d.wrapper('container', true, 'container_presence'), v.presence(element.container))
        case 'group':
            return add(d.wrapper('member', false, 'has_present_member'), anyOf(element.members.map(m => v.presence(m))))
        case 'policy':
            return add(
                d.wrapper('target', false, 'has_present_target'),
                anyOf(element.targets.map(t => (t.kind === 'node' ? v.presence(t) : anyOf(t.members.map(m => v.presence(m)))))),
            )
        case 'input':
            return add(d.wrapper('consumed', false, 'is_consumed'), anyOf(element.consumers.map(p => v.presence(p))))
        case 'output':
            return add(d.wrapper('produced', false, 'is_produced'), anyOf(element.producers.map(p => v.presence(p))))
        case 'import':
            return
    }
}

function nodeDefaults(node: NodeElement, mode: string, v: Variables, d: DefaultDescriptors, add: AddDefault): void {
    for (const token of tokens(node, mode, NODE_TOKENS, d)) {
        switch (token) {
            case 'host': {
                const hosting = node.relations.filter(r => r.hosting)
                if (hosting.length) add(d.wrapper(token, false, 'host_presence'), anyOf(hosting.map(r => v.presence(r.target))))
                break
            }
            case 'source':
                if (node.incoming.length) add(d.wrapper(token, false, 'has_source'), anyOf(node.incoming.map(r => v.presence(r.source))))
                break
            case 'incoming':
                if (node.incoming.length) add(d.wrapper(token, false, 'has_incoming_relation'), anyOf(node.incoming.map(r => and([v.manual(r), v.presence(r.source)]))))
                break
            case 'incomingnaive':
                if (node.incoming.length) add(d.wrapper(token, false, 'has_incoming_relation_naive'), anyOf(node.incoming.map(r => v.presence(r))))
                break
            case 'outgoing':
                if (node.relations.length) add(d.wrapper(token, false, 'has_outgoing_relation'), anyOf(node.relations.map(r => and([v.manual(r), v.presence(r.target)]))))
                break
            case 'outgoingnaive':
                if (node.relations.length) add(d.wrapper(token, false, 'has_outgoing_relation_naive'), anyOf(node.relations.map(r => v.presence(r))))
                break
            case 'artifact':
                if (node.artifacts.length) add(d.wrapper(token, false, 'has_artifact'), anyOf(node.artifacts.map(a => v.manual(a))))
                break
            case 'artifactnaive':
                if (node.artifacts.length) add(d.wrapper(token, false, 'has_artifact_naive'), anyOf(node.artifacts.map(a => v.presence(a))))
                break
        }
    }
}
