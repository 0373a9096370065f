// The classes behind the element interfaces. Large templates have hundreds of
// thousands of elements, so each kind is one class whose fields all exist from
// the constructor on (one hidden class per kind for V8, no shape changes when
// the builder fills them in), and identifier, display and location are
// computed on first use: most elements are never shown.
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
export const NONE: readonly never[] = Object.freeze([])

/** Adds items to an element's list: the first items become the list (the caller hands them over), later ones are pushed. */
export function append<T>(list: readonly T[], items: T[]): readonly T[] {
    if (items.length === 0) return list
    if (list === NONE) return items
    ;(list as T[]).push(...items)
    return list
}

interface Shown {
    id?: string
    display?: string
    /** undefined until looked up; null when the place is unknown. */
    location?: SourceLocation | null
}

abstract class ElementRecord {
    abstract readonly kind: ElementKind
    readonly seq: number
    readonly name: string
    readonly index: number | undefined
    readonly raw: Raw
    /** `default_alternative: true`. */
    readonly defaultAlternative: boolean
    /** `default_alternative` is written on a kind where it replaces the manual conditions. */
    private readonly replacesConditions: boolean
    /** Identifier, display and location once asked for: most elements are never shown, so one field holds all three. */
    private shown: Shown | undefined = undefined
    private readonly place: Place
    private readonly sourceMap: SourceMap

    /** `alternatives`: whether this kind's `default_alternative` replaces its conditions. */
    constructor(basics: RecordBasics, alternatives: boolean) {
        this.seq = basics.seq
        this.name = basics.name
        this.index = basics.index
        this.raw = basics.raw
        this.place = basics.place
        this.sourceMap = basics.sourceMap
        const written = basics.raw.default_alternative
        this.replacesConditions = alternatives && written !== undefined && written !== null
        this.defaultAlternative = written === true
    }

    /** Manual conditions as written (a single one or a list meaning "and"); read when asked, not kept. */
    get conditions(): readonly unknown[] {
        return this.replacesConditions ? NEVER : toList(this.raw.conditions)
    }

    abstract readonly container: Element | undefined

    get id(): string {
        const shown = (this.shown ??= {})
        return (shown.id ??= idOf(this.kind, this.name, this.index, this.container))
    }

    get display(): string {
        const shown = (this.shown ??= {})
        return (shown.display ??= displayOf(this.kind, this.name, this.index, this.container))
    }

    get location(): SourceLocation | undefined {
        const shown = (this.shown ??= {})
        if (shown.location === undefined)
            shown.location =
                this.sourceMap.locate(this.place.owner, this.place.key) ??
                (this.place.list === undefined ? undefined : this.sourceMap.locate(this.place.list, this.place.item)) ??
                null
        return shown.location ?? undefined
    }

    get conditionsLocation(): SourceLocation | undefined {
        return this.sourceMap.locate(this.raw, 'conditions')
    }

    conditionLocation(index: number): SourceLocation | undefined {
        const written = this.raw.conditions
        return (Array.isArray(written) ? this.sourceMap.locate(written, index) : undefined) ?? this.conditionsLocation
    }
}

/** What every element is made from. */
export interface RecordBasics {
    /** The element's sequence number: its presence variable. */
    readonly seq: number
    readonly name: string
    readonly index: number | undefined
    readonly raw: Raw
    readonly place: Place
    readonly sourceMap: SourceMap
}

export class NodeRecord extends ElementRecord implements NodeElement {
    declare readonly kind: 'node'

    types: readonly TypeElement[] = NONE
    properties: readonly PropertyElement[] = NONE
    relations: readonly RelationElement[] = NONE
    incoming: readonly RelationElement[] = NONE
    artifacts: readonly ArtifactElement[] = NONE
    technologies: readonly TechnologyElement[] = NONE
    groups: readonly GroupElement[] = NONE
    managed = true

    constructor(
        basics: RecordBasics,
        readonly weight: number,
    ) {
        super(basics, false)
    }

    get persistent(): boolean {
        return this.raw.persistent === true
    }

    get container(): undefined {
        return undefined
    }
}

export class RelationRecord extends ElementRecord implements RelationElement {
    declare readonly kind: 'relation'

    types: readonly TypeElement[] = NONE
    properties: readonly PropertyElement[] = NONE
    groups: readonly GroupElement[] = NONE
    /** The relationship template's definition, when the relation names one (the name is the assignment's `relationship`). */
    template: Raw | undefined = undefined

    constructor(
        basics: RecordBasics,
        readonly source: NodeElement,
        readonly target: NodeElement,
        readonly short: boolean,
        readonly hosting: boolean,
    ) {
        super(basics, true)
    }

    get container(): NodeElement {
        return this.source
    }

    /** Requirement assignment as written, with `node` filled in (short form normalised). */
    get assignment(): Raw {
        return this.raw
    }

    // made when asked: an object kept per relation would be one more for the collector to copy
    get relationship(): {readonly name: string; readonly raw: Raw} | undefined {
        return this.template === undefined ? undefined : {name: this.raw.relationship as string, raw: this.template}
    }
}

export class PropertyRecord extends ElementRecord implements PropertyElement {
    declare readonly kind: 'property'

    constructor(
        basics: RecordBasics,
        readonly container: PropertyContainer,
        readonly consuming: InputElement | PropertyContainer | undefined,
    ) {
        super(basics, true)
    }

    get value(): unknown {
        return this.raw.value
    }

    get expression(): unknown {
        return this.raw.expression ?? undefined
    }
}

export class ArtifactRecord extends ElementRecord implements ArtifactElement {
    declare readonly kind: 'artifact'

    types: readonly TypeElement[] = NONE
    properties: readonly PropertyElement[] = NONE

    constructor(
        basics: RecordBasics,
        readonly container: NodeElement,
    ) {
        super(basics, true)
    }
}

export class TypeRecord extends ElementRecord implements TypeElement {
    declare readonly kind: 'type'

    constructor(
        basics: RecordBasics,
        readonly container: TypeContainer,
    ) {
        super(basics, true)
    }
}

export class GroupRecord extends ElementRecord implements GroupElement {
    declare readonly kind: 'group'

    types: readonly TypeElement[] = NONE
    properties: readonly PropertyElement[] = NONE
    members: readonly (NodeElement | RelationElement)[] = NONE
    variability = false

    constructor(basics: RecordBasics) {
        super(basics, false)
    }

    get container(): undefined {
        return undefined
    }
}

export class PolicyRecord extends ElementRecord implements PolicyElement {
    declare readonly kind: 'policy'

    types: readonly TypeElement[] = NONE
    properties: readonly PropertyElement[] = NONE
    targets: readonly (NodeElement | GroupElement)[] = NONE

    constructor(basics: RecordBasics) {
        super(basics, false)
    }

    get container(): undefined {
        return undefined
    }
}

export class InputRecord extends ElementRecord implements InputElement {
    declare readonly kind: 'input'

    consumers: readonly PropertyElement[] = NONE

    constructor(basics: RecordBasics) {
        super(basics, false)
    }

    get container(): undefined {
        return undefined
    }
}

export class OutputRecord extends ElementRecord implements OutputElement {
    declare readonly kind: 'output'

    producers: readonly (PropertyElement | NodeElement)[] = NONE

    constructor(basics: RecordBasics) {
        super(basics, false)
    }

    get container(): undefined {
        return undefined
    }
}

export class ImportRecord extends ElementRecord implements ImportElement {
    declare readonly kind: 'import'

    constructor(basics: RecordBasics) {
        super(basics, false)
    }

    get container(): undefined {
        return undefined
    }
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
    declare readonly kind: 'technology'

    readonly assign: string
    readonly weight: number
    readonly rule: TechnologyElement['rule']
    readonly plugin: string | undefined
    readonly ruleConditions: readonly unknown[]
    readonly enriched: boolean

    constructor(
        basics: RecordBasics,
        readonly container: NodeElement,
        fields: TechnologyFields,
    ) {
        super(basics, true)
        this.assign = fields.assign
        this.weight = fields.weight
        this.rule = fields.rule
        this.plugin = fields.plugin
        this.ruleConditions = fields.ruleConditions ?? []
        this.enriched = fields.enriched ?? false
    }
}

// kind lives on each prototype as a plain value: read for every element in every stage, a getter
// there would be a call through a megamorphic site
for (const [record, kind] of [
    [NodeRecord, 'node'],
    [RelationRecord, 'relation'],
    [PropertyRecord, 'property'],
    [ArtifactRecord, 'artifact'],
    [TypeRecord, 'type'],
    [GroupRecord, 'group'],
    [PolicyRecord, 'policy'],
    [InputRecord, 'input'],
    [OutputRecord, 'output'],
    [ImportRecord, 'import'],
    [TechnologyRecord, 'technology'],
] as const)
    Object.defineProperty(record.prototype, 'kind', {value: kind})
