// The element graph and the look-ups presence operators need.
import {TrellisError, type SourceLocation} from '../errors.js'
import {closestHelp} from '../names.js'
import {lowerFirst} from '../text.js'
import type {
    ArtifactElement,
    Element,
    GroupElement,
    ImportElement,
    InputElement,
    NodeElement,
    OutputElement,
    PolicyElement,
    PropertyElement,
    RelationElement,
    TechnologyElement,
    TypeElement,
} from './elements.js'

export class Graph {
    readonly elements: Element[] = []
    readonly nodes: NodeElement[] = []
    readonly relations: RelationElement[] = []
    readonly properties: PropertyElement[] = []
    readonly artifacts: ArtifactElement[] = []
    readonly types: TypeElement[] = []
    readonly groups: GroupElement[] = []
    readonly policies: PolicyElement[] = []
    readonly inputs: InputElement[] = []
    readonly outputs: OutputElement[] = []
    readonly imports: ImportElement[] = []
    readonly technologies: TechnologyElement[] = []
    readonly groupsByName = new Map<string, GroupElement>()
    /** The relation each relationship template is used by, in the order relations name them. */
    // dictionaries without a prototype, not Maps: see docs/performance.md#names-looked-up
    private readonly nodesByName: Record<string, NodeElement | undefined> = Object.create(null)
    private readonly relationsByTemplateName: Record<string, RelationElement | undefined> = Object.create(null)
    /** Relationship templates no relation uses, kept as written: with the node whose plain requirement names one, or on their own. */
    private readonly keptTemplates: Record<string, {readonly node?: NodeElement} | undefined> = Object.create(null)
    private byId?: Map<string, Element>
    private sealed = false

    add(element: Element): void {
        if (this.sealed) throw new Error('graph is sealed')
        this.elements.push(element)
        switch (element.kind) {
            case 'node':
                this.nodes.push(element)
                this.nodesByName[element.name] = element
                break
            case 'relation':
                this.relations.push(element)
                break
            case 'property':
                this.properties.push(element)
                break
            case 'artifact':
                this.artifacts.push(element)
                break
            case 'type':
                this.types.push(element)
                break
            case 'group':
                this.groups.push(element)
                this.groupsByName.set(element.name, element)
                break
            case 'policy':
                this.policies.push(element)
                break
            case 'input':
                this.inputs.push(element)
                break
            case 'output':
                this.outputs.push(element)
                break
            case 'import':
                this.imports.push(element)
                break
            case 'technology':
                this.technologies.push(element)
                break
        }
    }

    seal(): void {
        this.sealed = true
    }

    node(name: string): NodeElement | undefined {
        return this.nodesByName[name]
    }

    /** The relation that uses a relationship template. */
    relationOfTemplate(name: string): RelationElement | undefined {
        return this.relationsByTemplateName[name]
    }

    /** Records that a relation uses a relationship template; false when another relation uses it already. */
    useTemplate(name: string, relation: RelationElement): boolean {
        if (this.relationsByTemplateName[name] !== undefined) return false
        this.relationsByTemplateName[name] = relation
        return true
    }

    /** Keeps a relationship template no relation uses: present with `node` (whose plain requirement names it), or always. */
    keepTemplate(name: string, node?: NodeElement): void {
        this.keptTemplates[name] = {node}
    }

    /** A relationship template kept as written (keepTemplate), with the node it is present with, if any. */
    keptTemplate(name: string): {readonly node?: NodeElement} | undefined {
        return this.keptTemplates[name]
    }

    /** Look-up by identifier; the index is built on first use (rare: bare-string conditions). */
    element(id: string): Element | undefined {
        this.byId ??= new Map(this.elements.map(e => [e.id, e]))
        return this.byId.get(id)
    }

    /** A relation of a node by requirement name (must be unique) or by its index among the node's requirements. */
    relationOf(node: NodeElement, key: string | number, at?: SourceLocation): RelationElement {
        // an index counts every requirement written, the plain ones (no relations) too
        const position = typeof key === 'number' && node.plainRequirements.length > 0 ? node.relations.findIndex(r => r.index === key) : key
        const plain = node.plainRequirements.find(p => p.index === key || (p.name === key && !node.relations.some(r => r.name === key)))
        if (plain)
            throw new TrellisError('undefined-reference', `Relation "${key}" of ${lowerFirst(node.display)} not found`, at, {
                help: [`requirement "${plain.name}@${plain.index}" names no node template: it is written as it is, no relation`],
            })
        return pick(node.relations, position, `Relation "${key}" of ${lowerFirst(node.display)}`, at)
    }

    artifactOf(node: NodeElement, key: string | number, at?: SourceLocation): ArtifactElement {
        return pick(node.artifacts, key, `Artifact "${key}" of ${lowerFirst(node.display)}`, at)
    }

    propertyOf(container: {readonly properties: readonly PropertyElement[]; readonly display: string}, key: string | number, at?: SourceLocation): PropertyElement {
        return pick(container.properties, key, `Property "${key}" of ${lowerFirst(container.display)}`, at)
    }

    typeOf(container: {readonly types: readonly TypeElement[]; readonly display: string}, key: string | number, at?: SourceLocation): TypeElement {
        return pick(container.types, key, `Type "${key}" of ${lowerFirst(container.display)}`, at)
    }

    technologyOf(node: NodeElement, key: string | number, at?: SourceLocation): TechnologyElement {
        const k = typeof key === 'string' ? key.toLowerCase() : key
        return pick(node.technologies, k, `Technology "${key}" of ${lowerFirst(node.display)}`, at)
    }

    policy(key: string | number, at?: SourceLocation): PolicyElement {
        return pick(this.policies, key, `Policy "${key}"`, at)
    }

    group(name: string, at?: SourceLocation): GroupElement {
        const group = this.groupsByName.get(name)
        if (!group) throw new TrellisError('undefined-reference', `Group "${name}" not found`, at, {help: closestHelp(name, [...this.groupsByName.keys()])})
        return group
    }

    input(key: string | number, at?: SourceLocation): InputElement {
        return pick(this.inputs, key, `Input "${key}"`, at)
    }

    output(key: string | number, at?: SourceLocation): OutputElement {
        return pick(this.outputs, key, `Output "${key}"`, at)
    }

    import(key: number, at?: SourceLocation): ImportElement {
        return pick(this.imports, key, `Import "${key}"`, at)
    }
}

function pick<T extends {name: string}>(list: readonly T[], key: string | number, what: string, at?: SourceLocation): T {
    if (typeof key === 'number') {
        const found = list[key]
        if (!found) throw new TrellisError('undefined-reference', `${what} not found`, at)
        return found
    }
    const found = list.filter(e => e.name === key)
    if (found.length === 0) throw new TrellisError('undefined-reference', `${what} not found`, at, {help: closestHelp(key, list)})
    if (found.length > 1) throw new TrellisError('undefined-reference', `${what} is ambiguous: ${found.length} share that name, refer to one by its index`, at)
    return found[0]!
}
