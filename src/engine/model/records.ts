// The records behind the element interfaces. Large templates have hundreds of
// thousands of elements, so each kind is one object literal with all its fields
// whose prototype is the kind's class (getters and methods), and identifier,
// display and location are computed when asked: most elements are never shown.
// Literals, not `new`, and written compactly (prettier-ignore): see
// docs/performance.md#records-are-object-literals.
import type {SourceLocation} from '../errors.js'
import type {SourceMap} from '../load/index.js'
import {toList} from './collections.js'
import {
    displayOf,
    idOf,
    type ArtifactElement,
    type Element,
    type ElementKind,
    type GroupElement,
    type ImportElement,
    type InputElement,
    type NodeElement,
    type OutputElement,
    type PlainRequirement,
    type PolicyElement,
    type PropertyContainer,
    type PropertyElement,
    type Raw,
    type RelationElement,
    type TechnologyElement,
    type TypeContainer,
    type TypeElement,
} from './elements.js'

/** Where an element was written: a key of a map, else an item of a list (see Entry). */
export interface Place {
    readonly owner: unknown
    readonly key: string | number
    readonly list?: unknown
    readonly item?: number
}

/** `default_alternative: false` means never present. */
const NEVER: readonly unknown[] = Object.freeze([false])

/**
 * The list every element starts with: most elements have no properties, no
 * artifacts, no groups, so they share this one instead of an empty array each.
 */
const NONE: readonly never[] = Object.freeze([])

/** Adds items to an element's list: the first items become the list (the caller hands them over), later ones are pushed. */
export function append<T>(list: readonly T[], items: T[]): readonly T[] {
    if (items.length === 0) return list
    if (list === NONE) return items
    ;(list as T[]).push(...items)
    return list
}

abstract class ElementRecord {
    abstract readonly kind: ElementKind
    declare readonly seq: number
    declare readonly name: string
    declare readonly index: number | undefined
    declare readonly raw: Raw
    /** `default_alternative: true`. */
    declare readonly defaultAlternative: boolean
    /** `default_alternative` is written on a kind where it replaces the manual conditions. */
    declare private readonly replacesConditions: boolean
    /**
     * Identifier and display once asked for (explanations ask for a container's display once per reason
     * of each element in it); one field, as most elements are never shown. A location is looked up on
     * each ask and not kept: explaining every element of a large template would keep one for each.
     */
    declare private shown: {id?: string; display?: string} | undefined
    /** Undefined for a type written as a bare name (`type: name`): it is the definition's `type` (see placeOf). */
    declare private readonly place: Place | undefined
    declare private readonly sourceMap: SourceMap

    /** Manual conditions as written (a single one or a list meaning "and"); read when asked, not kept. */
    get conditions(): readonly unknown[] {
        return this.replacesConditions ? NEVER : toList(this.raw.conditions)
    }

    abstract readonly container: Element | undefined

    get id(): string {
        return ((this.shown ??= {}).id ??= idOf(this.kind, this.name, this.index, this.container))
    }

    get display(): string {
        return ((this.shown ??= {}).display ??= displayOf(this.kind, this.name, this.index, this.container))
    }

    get location(): SourceLocation | undefined {
        const place = this.place ?? bareTypePlace(this as unknown as TypeElement)
        // where it was written lies inside its container's definition (nearly always): positions are looked for there first
        const near = this.container?.raw
        return this.sourceMap.locate(place.owner, place.key, near) ?? (place.list === undefined ? undefined : this.sourceMap.locate(place.list, place.item, near))
    }

    get conditionsLocation(): SourceLocation | undefined {
        return this.sourceMap.locate(this.raw, 'conditions', this.container?.raw)
    }

    conditionLocation(index: number): SourceLocation | undefined {
        const written = this.raw.conditions
        return (Array.isArray(written) ? this.sourceMap.locate(written, index, this.raw) : undefined) ?? this.conditionsLocation
    }
}

/** Where a type written as a bare name is: the `type` of its container's definition (a relation's is its relationship template). */
function bareTypePlace(type: TypeElement): Place {
    const container = type.container
    return {owner: container.kind === 'relation' ? container.template : container.raw, key: 'type'}
}

/** What every element is made from. */
export interface RecordBasics {
    /** The element's sequence number: its presence variable. */
    readonly seq: number
    readonly name: string
    readonly index: number | undefined
    readonly raw: Raw
    readonly place: Place | undefined
    readonly sourceMap: SourceMap
}

/** `default_alternative` as written: true, or written at all (where it replaces the conditions). */
const isDefault = (b: RecordBasics): boolean => b.raw.default_alternative === true
const replaces = (b: RecordBasics): boolean => b.raw.default_alternative !== undefined && b.raw.default_alternative !== null

export class NodeRecord extends ElementRecord implements NodeElement {
    get kind(): 'node' {
        return 'node'
    }
    declare types: readonly TypeElement[]
    declare properties: readonly PropertyElement[]
    declare relations: readonly RelationElement[]
    declare plainRequirements: readonly PlainRequirement[]
    declare incoming: readonly RelationElement[]
    declare artifacts: readonly ArtifactElement[]
    declare technologies: readonly TechnologyElement[]
    declare groups: readonly GroupElement[]
    declare managed: boolean
    declare readonly weight: number

    get persistent(): boolean {
        return this.raw.persistent === true
    }

    get container(): undefined {
        return undefined
    }
}

export function nodeRecord(b: RecordBasics, weight: number): NodeRecord {
    // prettier-ignore
    return {__proto__: NodeRecord.prototype, seq: b.seq, name: b.name, index: b.index, raw: b.raw, defaultAlternative: isDefault(b), replacesConditions: false, shown: undefined, place: b.place, sourceMap: b.sourceMap,
        types: NONE, properties: NONE, relations: NONE, plainRequirements: NONE, incoming: NONE, artifacts: NONE, technologies: NONE, groups: NONE, managed: true, weight} as unknown as NodeRecord
}

export class RelationRecord extends ElementRecord implements RelationElement {
    get kind(): 'relation' {
        return 'relation'
    }
    declare types: readonly TypeElement[]
    declare properties: readonly PropertyElement[]
    declare groups: readonly GroupElement[]
    /** The relationship template's definition, when the relation names one (the name is the assignment's `relationship`). */
    declare template: Raw | undefined
    declare readonly source: NodeElement
    declare readonly target: NodeElement
    declare readonly short: boolean
    declare readonly hosting: boolean

    get container(): NodeElement {
        return this.source
    }

    /** Requirement assignment as written, with `node` filled in (short form normalised). */
    get assignment(): Raw {
        return this.raw
    }

    // made when asked: an object kept per relation would be one more for the collector to copy
    get relationship(): {readonly name?: string; readonly raw: Raw} | undefined {
        if (this.template === undefined) return undefined
        return typeof this.raw.relationship === 'string' ? {name: this.raw.relationship, raw: this.template} : {raw: this.template}
    }
}

export function relationRecord(b: RecordBasics, source: NodeElement, target: NodeElement, short: boolean, hosting: boolean): RelationRecord {
    // prettier-ignore
    return {__proto__: RelationRecord.prototype, seq: b.seq, name: b.name, index: b.index, raw: b.raw, defaultAlternative: isDefault(b), replacesConditions: replaces(b), shown: undefined, place: b.place, sourceMap: b.sourceMap,
        types: NONE, properties: NONE, groups: NONE, template: undefined, source, target, short, hosting} as unknown as RelationRecord
}

export class PropertyRecord extends ElementRecord implements PropertyElement {
    get kind(): 'property' {
        return 'property'
    }
    declare readonly container: PropertyContainer
    declare readonly consuming: InputElement | PropertyContainer | undefined

    get value(): unknown {
        return this.raw.value
    }

    get expression(): unknown {
        return this.raw.expression ?? undefined
    }
}

export function propertyRecord(b: RecordBasics, container: PropertyContainer, consuming: InputElement | PropertyContainer | undefined): PropertyRecord {
    // prettier-ignore
    return {__proto__: PropertyRecord.prototype, seq: b.seq, name: b.name, index: b.index, raw: b.raw, defaultAlternative: isDefault(b), replacesConditions: replaces(b), shown: undefined, place: b.place, sourceMap: b.sourceMap,
        container, consuming} as unknown as PropertyRecord
}

export class ArtifactRecord extends ElementRecord implements ArtifactElement {
    get kind(): 'artifact' {
        return 'artifact'
    }
    declare types: readonly TypeElement[]
    declare properties: readonly PropertyElement[]
    declare readonly container: NodeElement
}

export function artifactRecord(b: RecordBasics, container: NodeElement): ArtifactRecord {
    // prettier-ignore
    return {__proto__: ArtifactRecord.prototype, seq: b.seq, name: b.name, index: b.index, raw: b.raw, defaultAlternative: isDefault(b), replacesConditions: replaces(b), shown: undefined, place: b.place, sourceMap: b.sourceMap,
        types: NONE, properties: NONE, container} as unknown as ArtifactRecord
}

export class TypeRecord extends ElementRecord implements TypeElement {
    get kind(): 'type' {
        return 'type'
    }
    declare readonly container: TypeContainer
}

export function typeRecord(b: RecordBasics, container: TypeContainer): TypeRecord {
    // prettier-ignore
    return {__proto__: TypeRecord.prototype, seq: b.seq, name: b.name, index: b.index, raw: b.raw, defaultAlternative: isDefault(b), replacesConditions: replaces(b), shown: undefined, place: b.place, sourceMap: b.sourceMap,
        container} as unknown as TypeRecord
}

export class GroupRecord extends ElementRecord implements GroupElement {
    get kind(): 'group' {
        return 'group'
    }
    declare types: readonly TypeElement[]
    declare properties: readonly PropertyElement[]
    declare members: readonly (NodeElement | RelationElement)[]
    declare variability: boolean

    get container(): undefined {
        return undefined
    }
}

export function groupRecord(b: RecordBasics): GroupRecord {
    // prettier-ignore
    return {__proto__: GroupRecord.prototype, seq: b.seq, name: b.name, index: b.index, raw: b.raw, defaultAlternative: isDefault(b), replacesConditions: false, shown: undefined, place: b.place, sourceMap: b.sourceMap,
        types: NONE, properties: NONE, members: NONE, variability: false} as unknown as GroupRecord
}

export class PolicyRecord extends ElementRecord implements PolicyElement {
    get kind(): 'policy' {
        return 'policy'
    }
    declare types: readonly TypeElement[]
    declare properties: readonly PropertyElement[]
    declare targets: readonly (NodeElement | GroupElement)[]

    get container(): undefined {
        return undefined
    }
}

export function policyRecord(b: RecordBasics): PolicyRecord {
    // prettier-ignore
    return {__proto__: PolicyRecord.prototype, seq: b.seq, name: b.name, index: b.index, raw: b.raw, defaultAlternative: isDefault(b), replacesConditions: false, shown: undefined, place: b.place, sourceMap: b.sourceMap,
        types: NONE, properties: NONE, targets: NONE} as unknown as PolicyRecord
}

export class InputRecord extends ElementRecord implements InputElement {
    get kind(): 'input' {
        return 'input'
    }
    declare consumers: readonly PropertyElement[]

    get container(): undefined {
        return undefined
    }
}

export function inputRecord(b: RecordBasics): InputRecord {
    // prettier-ignore
    return {__proto__: InputRecord.prototype, seq: b.seq, name: b.name, index: b.index, raw: b.raw, defaultAlternative: isDefault(b), replacesConditions: false, shown: undefined, place: b.place, sourceMap: b.sourceMap,
        consumers: NONE} as unknown as InputRecord
}

export class OutputRecord extends ElementRecord implements OutputElement {
    get kind(): 'output' {
        return 'output'
    }
    declare producers: readonly (PropertyElement | NodeElement)[]

    get container(): undefined {
        return undefined
    }
}

export function outputRecord(b: RecordBasics): OutputRecord {
    // prettier-ignore
    return {__proto__: OutputRecord.prototype, seq: b.seq, name: b.name, index: b.index, raw: b.raw, defaultAlternative: isDefault(b), replacesConditions: false, shown: undefined, place: b.place, sourceMap: b.sourceMap,
        producers: NONE} as unknown as OutputRecord
}

export class ImportRecord extends ElementRecord implements ImportElement {
    get kind(): 'import' {
        return 'import'
    }

    get container(): undefined {
        return undefined
    }
}

export function importRecord(b: RecordBasics): ImportRecord {
    // prettier-ignore
    return {__proto__: ImportRecord.prototype, seq: b.seq, name: b.name, index: b.index, raw: b.raw, defaultAlternative: isDefault(b), replacesConditions: false, shown: undefined, place: b.place, sourceMap: b.sourceMap} as unknown as ImportRecord
}

export interface TechnologyFields {
    readonly assign: string
    readonly weight: number
    readonly rule?: TechnologyElement['rule']
    readonly plugin?: string
    readonly ruleConditions?: readonly unknown[]
    readonly enriched?: boolean
}

export class TechnologyRecord extends ElementRecord implements TechnologyElement {
    get kind(): 'technology' {
        return 'technology'
    }
    declare readonly container: NodeElement
    declare readonly assign: string
    declare readonly weight: number
    declare readonly rule: TechnologyElement['rule']
    declare readonly plugin: string | undefined
    declare readonly ruleConditions: readonly unknown[]
    declare readonly enriched: boolean
}

export function technologyRecord(b: RecordBasics, container: NodeElement, f: TechnologyFields): TechnologyRecord {
    // prettier-ignore
    return {__proto__: TechnologyRecord.prototype, seq: b.seq, name: b.name, index: b.index, raw: b.raw, defaultAlternative: isDefault(b), replacesConditions: replaces(b), shown: undefined, place: b.place, sourceMap: b.sourceMap,
        container, assign: f.assign, weight: f.weight, rule: f.rule, plugin: f.plugin, ruleConditions: f.ruleConditions ?? [], enriched: f.enriched ?? false} as unknown as TechnologyRecord
}
