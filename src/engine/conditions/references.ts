// Resolves the element arguments of presence operators: names, indexes and the
// keywords SELF, CONTAINER, SOURCE and TARGET relative to the element whose
// condition is being read.
import {TrellisError, type DiagnosticDetails, type SourceLocation} from '../errors.js'
import type {ArtifactElement, Element, GroupElement, Graph, NodeElement, PolicyElement, RelationElement} from '../model/index.js'
import {closestHelp} from '../names.js'
import {textOf} from '../text.js'

export class References {
    constructor(
        private readonly graph: Graph,
        private readonly context: Element | undefined,
        /** Where the operator was written: looked up only when an error needs it. */
        private readonly where: () => SourceLocation | undefined,
        /** Called when a reference resolves relative to the condition's element: its formula cannot be shared. */
        readonly relative: () => void = () => {},
    ) {}

    /** Where the operator was written (looked up now). */
    get at(): SourceLocation | undefined {
        return this.where()
    }

    fail(message: string, details?: DiagnosticDetails): never {
        throw new TrellisError('undefined-reference', message, this.at, details)
    }

    private self(keyword: unknown): Element | undefined {
        if (keyword === 'SELF' || keyword === 'CONTAINER') this.relative()
        if (keyword === 'SELF') return this.context ?? this.fail('SELF can only be used in the conditions of an element')
        if (keyword === 'CONTAINER') return this.context?.container ?? this.fail('CONTAINER can only be used in the conditions of an element that has a container')
        return undefined
    }

    node(arg: unknown): NodeElement {
        if (arg === 'SOURCE' || arg === 'TARGET') {
            this.relative()
            const relation = this.context?.kind === 'relation' ? this.context : this.fail(`${arg} can only be used in the conditions of a relation`)
            return arg === 'SOURCE' ? relation.source : relation.target
        }
        const self = this.self(arg)
        if (self) return self.kind === 'node' ? self : this.fail(`${arg} refers to ${self.display.toLowerCase()}, not to a node`)
        if (typeof arg !== 'string') this.fail(`expected the name of a node, got ${JSON.stringify(arg)}`)
        const node = this.graph.node(arg as string)
        if (node) return node
        return this.fail(`Node "${textOf(arg)}" not found`, {help: closestHelp(arg as string, this.graph.nodes)})
    }

    relation(arg: unknown): RelationElement {
        const self = this.self(arg)
        if (self) return self.kind === 'relation' ? self : this.fail(`${textOf(arg)} refers to ${self.display.toLowerCase()}, not to a relation`)
        const [node, key] = this.pair(arg, 'relation')
        return this.graph.relationOf(this.node(node), this.key(key), this.at)
    }

    artifact(arg: unknown): ArtifactElement {
        const self = this.self(arg)
        if (self) return self.kind === 'artifact' ? self : this.fail(`${textOf(arg)} refers to ${self.display.toLowerCase()}, not to an artifact`)
        const [node, key] = this.pair(arg, 'artifact')
        return this.graph.artifactOf(this.node(node), this.key(key), this.at)
    }

    policy(arg: unknown): PolicyElement {
        const self = this.self(arg)
        if (self) return self.kind === 'policy' ? self : this.fail(`${textOf(arg)} refers to ${self.display.toLowerCase()}, not to a policy`)
        return this.graph.policy(this.key(arg), this.at)
    }

    group(arg: unknown): GroupElement {
        const self = this.self(arg)
        if (self) return self.kind === 'group' ? self : this.fail(`${textOf(arg)} refers to ${self.display.toLowerCase()}, not to a group`)
        if (typeof arg !== 'string') this.fail(`expected the name of a group, got ${JSON.stringify(arg)}`)
        return this.graph.group(arg as string, this.at)
    }

    /** An element of the given kind named by SELF/CONTAINER, a name or an index. */
    keyed<T extends Element>(arg: unknown, kind: T['kind'], find: (key: string | number) => T): T {
        const self = this.self(arg)
        if (self) return self.kind === kind ? (self as T) : this.fail(`${textOf(arg)} refers to ${self.display.toLowerCase()}, not to an ${kind}`)
        return find(this.key(arg))
    }

    key(arg: unknown): string | number {
        if (typeof arg === 'string' || typeof arg === 'number') return arg
        return this.fail(`expected a name or an index, got ${JSON.stringify(arg)}`)
    }

    pair(arg: unknown, what: string): [unknown, unknown] {
        if (!Array.isArray(arg) || arg.length !== 2) this.fail(`expected [node, ${what}], got ${JSON.stringify(arg)}`)
        return [arg[0], arg[1]]
    }

    /** The trailing key of [container…, key] tuples. */
    split(arg: unknown, length: number, shape: string): unknown[] {
        if (!Array.isArray(arg) || arg.length !== length) this.fail(`expected ${shape}, got ${JSON.stringify(arg)}`)
        return arg as unknown[]
    }
}
