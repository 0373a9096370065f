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

export interface Locator {
    readonly location: SourceLocation | undefined
}

/** `default_alternative: false` means never present. */
const NEVER: readonly unknown[] = Object.freeze([false])

abstract class ElementRecord {
    abstract readonly kind: ElementKind
    readonly conditions: readonly unknown[]
    readonly defaultAlternative: boolean
    private cachedId: string | undefined = undefined
    private cachedDisplay: string | undefined = undefined
    private located = false
    private cachedLocation: SourceLocation | undefined = undefined

    constructor(
        readonly seq: number,
        readonly name: string,
        readonly index: number | undefined,
        readonly raw: Raw,
        /** Kinds whose `default_alternative` replaces their conditions. */
        alternatives: boolean,
        private readonly locator: Locator,
        private readonly sourceMap: SourceMap,
    ) {
        const alternative = alternatives && raw.default_alternative !== undefined && raw.default_alternative !== null
        this.conditions = alternative ? NEVER : toList(raw.conditions)
        this.defaultAlternative = raw.default_alternative === true
    }

    abstract readonly container: Element | undefined

    get id(): string {
        return (this.cachedId ??= idOf(this.kind, this.name, this.index, this.container))
    }

    get display(): string {
        return (this.cachedDisplay ??= displayOf(this.kind, this.name, this.index, this.container))
    }

    get location(): SourceLocation | undefined {
        if (!this.located) {
            this.cachedLocation = this.locator.location
            this.located = true
        }
        return this.cachedLocation
    }

    get conditionsLocation(): SourceLocation | undefined {
        return this.sourceMap.locate(this.raw, 'conditions')
    }
}

/** What every element constructor takes, in order. */
export type RecordArguments = [seq: number, name: string, index: number | undefined, raw: Raw, locator: Locator, sourceMap: SourceMap]

export class NodeRecord extends ElementRecord implements NodeElement {
    readonly kind = 'node'
    readonly types: TypeElement[] = []
    readonly properties: PropertyElement[] = []
    readonly relations: RelationElement[] = []
    readonly incoming: RelationElement[] = []
    readonly artifacts: ArtifactElement[] = []
    readonly technologies: TechnologyElement[] = []
    readonly groups: GroupElement[] = []
    managed = true

    constructor(
        [seq, name, index, raw, locator, sourceMap]: RecordArguments,
        readonly weight: number,
    ) {
        super(seq, name, index, raw, false, locator, sourceMap)
    }

    get persistent(): boolean {
        return this.raw.persistent === true
    }

    get container(): undefined {
        return undefined
    }
}

export class RelationRecord extends ElementRecord implements RelationElement {
    readonly kind = 'relation'
    readonly types: TypeElement[] = []
    readonly properties: PropertyElement[] = []
    readonly groups: GroupElement[] = []
    relationship: {readonly name: string; readonly raw: Raw} | undefined = undefined

    constructor(
        [seq, name, index, raw, locator, sourceMap]: RecordArguments,
        readonly source: NodeElement,
        readonly target: NodeElement,
        readonly short: boolean,
        readonly hosting: boolean,
    ) {
        super(seq, name, index, raw, true, locator, sourceMap)
    }

    get container(): NodeElement {
        return this.source
    }

    /** Requirement assignment as written, with `node` filled in (short form normalised). */
    get assignment(): Raw {
        return this.raw
    }
}

export class PropertyRecord extends ElementRecord implements PropertyElement {
    readonly kind = 'property'

    constructor(
        args: RecordArguments,
        readonly container: PropertyContainer,
        readonly consuming: InputElement | PropertyContainer | undefined,
    ) {
        super(args[0], args[1], args[2], args[3], true, args[4], args[5])
    }

    get value(): unknown {
        return this.raw.value
    }

    get expression(): unknown {
        return this.raw.expression ?? undefined
    }
}

export class ArtifactRecord extends ElementRecord implements ArtifactElement {
    readonly kind = 'artifact'
    readonly types: TypeElement[] = []
    readonly properties: PropertyElement[] = []

    constructor(
        args: RecordArguments,
        readonly container: NodeElement,
    ) {
        super(args[0], args[1], args[2], args[3], true, args[4], args[5])
    }
}

export class TypeRecord extends ElementRecord implements TypeElement {
    readonly kind = 'type'

    constructor(
        args: RecordArguments,
        readonly container: TypeContainer,
    ) {
        super(args[0], args[1], args[2], args[3], true, args[4], args[5])
    }
}

export class GroupRecord extends ElementRecord implements GroupElement {
    readonly kind = 'group'
    readonly types: TypeElement[] = []
    readonly properties: PropertyElement[] = []
    readonly members: (NodeElement | RelationElement)[] = []
    variability = false

    constructor(args: RecordArguments) {
        super(args[0], args[1], args[2], args[3], false, args[4], args[5])
    }

    get container(): undefined {
        return undefined
    }
}

export class PolicyRecord extends ElementRecord implements PolicyElement {
    readonly kind = 'policy'
    readonly types: TypeElement[] = []
    readonly properties: PropertyElement[] = []
    readonly targets: (NodeElement | GroupElement)[] = []

    constructor(args: RecordArguments) {
        super(args[0], args[1], args[2], args[3], false, args[4], args[5])
    }

    get container(): undefined {
        return undefined
    }
}

export class InputRecord extends ElementRecord implements InputElement {
    readonly kind = 'input'
    readonly consumers: PropertyElement[] = []

    constructor(args: RecordArguments) {
        super(args[0], args[1], args[2], args[3], false, args[4], args[5])
    }

    get container(): undefined {
        return undefined
    }
}

export class OutputRecord extends ElementRecord implements OutputElement {
    readonly kind = 'output'
    producers: (PropertyElement | NodeElement)[] = []

    constructor(args: RecordArguments) {
        super(args[0], args[1], args[2], args[3], false, args[4], args[5])
    }

    get container(): undefined {
        return undefined
    }
}

export class ImportRecord extends ElementRecord implements ImportElement {
    readonly kind = 'import'

    constructor(args: RecordArguments) {
        super(args[0], args[1], args[2], args[3], false, args[4], args[5])
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
    readonly kind = 'technology'
    readonly assign: string
    readonly weight: number
    readonly rule: TechnologyElement['rule']
    readonly plugin: string | undefined
    readonly ruleConditions: readonly unknown[]
    readonly enriched: boolean

    constructor(
        args: RecordArguments,
        readonly container: NodeElement,
        fields: TechnologyFields,
    ) {
        super(args[0], args[1], args[2], args[3], true, args[4], args[5])
        this.assign = fields.assign
        this.weight = fields.weight
        this.rule = fields.rule
        this.plugin = fields.plugin
        this.ruleConditions = fields.ruleConditions ?? []
        this.enriched = fields.enriched ?? false
    }
}
