// The element graph: one record per conditional element of the specification.
// Elements point at their raw definitions but never modify them; the output is
// built fresh by transform/.
import type {SourceLocation} from '../errors.js'
import {lowerFirst} from '../text.js'

export type ElementKind = 'node' | 'relation' | 'property' | 'artifact' | 'type' | 'group' | 'policy' | 'input' | 'output' | 'import' | 'technology'

export const ELEMENT_KINDS: readonly ElementKind[] = ['node', 'relation', 'property', 'artifact', 'type', 'group', 'policy', 'input', 'output', 'import', 'technology']

export type Raw = Record<string, unknown>

interface ElementBase {
    /** Position in Graph.elements; also the solver variable of its presence. */
    readonly seq: number
    readonly name: string
    readonly index?: number
    /** The spec's identifier, e.g. `property.my_property@0.node.my_node`. */
    readonly id: string
    /** The display form used in messages, e.g. `Property "my_property@0" of node "my_node"`. */
    readonly display: string
    /** The wrapped definition: conditions, options and the element's own keys. */
    readonly raw: Raw
    /** Manual conditions as written (`conditions`, a single one or a list meaning "and"). */
    readonly conditions: readonly unknown[]
    /** `default_alternative: true`; `false` makes the element always absent (conditions: [false]). */
    readonly defaultAlternative: boolean
    readonly location?: SourceLocation
    /** Where `conditions` was written, when it was. */
    readonly conditionsLocation?: SourceLocation
    /** Where the element's index-th manual condition was written (an item of a `conditions` list, else `conditions`). */
    conditionLocation(index: number): SourceLocation | undefined
}

export interface NodeElement extends ElementBase {
    readonly kind: 'node'
    readonly container?: undefined
    readonly types: readonly TypeElement[]
    readonly properties: readonly PropertyElement[]
    readonly relations: readonly RelationElement[]
    /** Requirement assignments that are no relations (no node template as target), kept as written while the node is present. */
    readonly plainRequirements: readonly PlainRequirement[]
    readonly incoming: readonly RelationElement[]
    readonly artifacts: readonly ArtifactElement[]
    readonly technologies: readonly TechnologyElement[]
    /** Variability groups (ConditionalMembers) this node is a member of. */
    readonly groups: readonly GroupElement[]
    /** What its presence counts in optimization (`weight`: true 1, false 0, a number as written; 1 when not written). */
    readonly weight: number
    readonly persistent: boolean
    /** Deployed by a technology: `managed` as written, else unless its type is abstract (`vintner_abstract`). */
    readonly managed: boolean
}

export interface RelationElement extends ElementBase {
    readonly kind: 'relation'
    readonly container: NodeElement
    readonly source: NodeElement
    readonly target: NodeElement
    /** Requirement assignment as written, with `node` filled in (short form normalised). */
    readonly assignment: Raw
    /** Short form (`- host: node`) stays short in the output. */
    readonly short: boolean
    /** The relationship template's definition, when the relation names one or writes one inline. */
    readonly template?: Raw
    /** The relationship template by name (none when written inline) and definition (made when asked). */
    readonly relationship?: {readonly name?: string; readonly raw: Raw}
    readonly types: readonly TypeElement[]
    readonly properties: readonly PropertyElement[]
    readonly groups: readonly GroupElement[]
    /** Hosting relation by name: `host`, `*_host`, `host_*`. */
    readonly hosting: boolean
}

/**
 * A requirement assignment whose target is no node template — only a capability, a node type, a node
 * filter (TOSCA 1.3 §3.8.2: the orchestrator finds the target) — is no relation between two templates:
 * no element, no conditions of its own; it is written as it was while its node is present.
 */
export interface PlainRequirement {
    readonly name: string
    /** Its position among the node's requirements, as a relation's index counts it. */
    readonly index: number
    /** The assignment as written (a short form's name, or a map). */
    readonly written: unknown
}

export type PropertyContainer = NodeElement | RelationElement | GroupElement | PolicyElement | ArtifactElement

export interface PropertyElement extends ElementBase {
    readonly kind: 'property'
    readonly container: PropertyContainer
    readonly value: unknown
    readonly expression?: unknown
    /** What the property consumes: a topology input (get_input) or its own container (get_property/get_attribute). */
    readonly consuming?: InputElement | PropertyContainer
}

export interface ArtifactElement extends ElementBase {
    readonly kind: 'artifact'
    readonly container: NodeElement
    readonly types: readonly TypeElement[]
    readonly properties: readonly PropertyElement[]
}

export type TypeContainer = NodeElement | RelationElement | GroupElement | PolicyElement | ArtifactElement

export interface TypeElement extends ElementBase {
    readonly kind: 'type'
    readonly container: TypeContainer
}

export interface GroupElement extends ElementBase {
    readonly kind: 'group'
    readonly container?: undefined
    readonly types: readonly TypeElement[]
    readonly properties: readonly PropertyElement[]
    readonly members: readonly (NodeElement | RelationElement)[]
    /** Derived from variability.groups.ConditionalMembers (or Root): conditions go to the members. */
    readonly variability: boolean
}

export interface PolicyElement extends ElementBase {
    readonly kind: 'policy'
    readonly container?: undefined
    readonly types: readonly TypeElement[]
    readonly properties: readonly PropertyElement[]
    readonly targets: readonly (NodeElement | GroupElement)[]
}

export interface InputElement extends ElementBase {
    readonly kind: 'input'
    readonly container?: undefined
    readonly consumers: readonly PropertyElement[]
}

export interface OutputElement extends ElementBase {
    readonly kind: 'output'
    readonly container?: undefined
    readonly producers: readonly (PropertyElement | NodeElement)[]
}

export interface ImportElement extends ElementBase {
    readonly kind: 'import'
    readonly container?: undefined
}

export interface TechnologyElement extends ElementBase {
    readonly kind: 'technology'
    readonly container: NodeElement
    /** The implementation node type the node gets when this technology deploys it. */
    readonly assign: string
    readonly weight: number
    /** The technology rule this candidate comes from, when rules were applied. */
    readonly rule?: {readonly index: number; readonly technology: string; readonly component: string; readonly location?: SourceLocation}
    /** The technology plugin (its module path) that proposed this candidate. */
    readonly plugin?: string
    /** Conditions of the rule's match (hosts on the hosting stack, artifacts, the rule's own conditions) or of the plugin's proposal. */
    readonly ruleConditions: readonly unknown[]
    /** Added by enrichment (`enrich_technologies`), not written by the modeller: its rule conditions are generated. */
    readonly enriched: boolean
}

export type Element =
    | NodeElement
    | RelationElement
    | PropertyElement
    | ArtifactElement
    | TypeElement
    | GroupElement
    | PolicyElement
    | InputElement
    | OutputElement
    | ImportElement
    | TechnologyElement

/** `Relation "two@0" of node "one"`: the first word capitalised, the containers in lower case, as the suite's messages read. */
export function displayOf(kind: ElementKind, name: string, index: number | undefined, container?: Element): string {
    const own = `${kind} "${name}${index === undefined ? '' : `@${index}`}"`
    const full = container ? `${own} of ${lowerFirst(container.display)}` : own
    return full.charAt(0).toUpperCase() + full.slice(1)
}

export function idOf(kind: ElementKind, name: string, index: number | undefined, container?: Element): string {
    return `${kind}.${name}${index === undefined ? '' : `@${index}`}${container ? `.${container.id}` : ''}`
}

/**
 * The variability group (ConditionalMembers) an element is, or whose type or property it is: always
 * absent and removed before resolving, its conditions going to its members.
 */
export function variabilityGroupOf(element: Element): GroupElement | undefined {
    const group = element.kind === 'group' ? element : element.container?.kind === 'group' ? element.container : undefined
    return group?.variability ? group : undefined
}
