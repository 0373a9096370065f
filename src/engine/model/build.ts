// Builds the element graph from a variable service template: every conditional
// element with its spec identifier, display, container, raw conditions and
// source location. Structural errors (unknown targets, unused relationship
// templates, several defaults) are reported here, each at its location.
import {collectErrors, type DiagnosticDetails, MAX_ERRORS, TrellisError, type SourceLocation} from '../errors.js'
import {closestHelp} from '../names.js'
import {isFloatLiteral, noteFloatLiteral, TOSCA_VERSION, type SourceMap} from '../load/index.js'
import {eachEntry, entries, Entry, isMap, toList} from './collections.js'
import {isVariabilityKey} from '../keys.js'
import {DEFAULT_ARTIFACT_TYPE} from './normative-types.js'
import {displayOf, type Element, type NodeElement, type PropertyContainer, type InputElement, type Raw, type RelationElement} from './elements.js'
import {
    append,
    artifactRecord,
    groupRecord,
    importRecord,
    inputRecord,
    nodeRecord,
    outputRecord,
    policyRecord,
    propertyRecord,
    relationRecord,
    technologyRecord,
    typeRecord,
    type ArtifactRecord,
    type GroupRecord,
    type InputRecord,
    type NodeRecord,
    type Place,
    type PolicyRecord,
    type RecordBasics,
    type RelationRecord,
    type TechnologyFields,
} from './records.js'
import {Graph} from './graph.js'
import {readRelationshipTemplates, type Requirement} from './relationship-templates.js'
import {candidates, type TechnologyCandidate} from './technology-match.js'
import type {TechnologyRule} from './technology-rules.js'
import {TypeHierarchy, TypeLibrary} from './type-library.js'
import type {LoadedPlugin} from '../load/index.js'
import {pluginOf, type TechnologyPlugin} from './technology-plugins.js'
import {findProducers} from './producers.js'
import {textOf, lowerFirst} from '../text.js'
import {groupByName} from '../names.js'

/** A hosting requirement: "host" as a whole word of its name, words separated by "_" (host, my_host, host_1, a_host_b). */
function isHostingName(name: string): boolean {
    return name === 'host' || name.startsWith('host_') || name.endsWith('_host') || name.includes('_host_')
}
const VARIABILITY_GROUP_TYPES = new Set(['variability.groups.ConditionalMembers', 'variability.groups.Root'])
/** How many entries a list-or-map-or-name value holds. */
function writtenCount(value: unknown): number {
    if (value === undefined || value === null) return 0
    if (Array.isArray(value)) return value.length
    return isMap(value) ? Object.keys(value).length : 1
}
/** The definition of an element written as a bare name (`type: my.Type`): it has no keys of its own. */
const NO_DEFINITION: Raw = Object.freeze({})

/** How technology rules enrich node templates (the spec's enricher options). */
export interface TechnologyEnrichment {
    readonly rules: readonly TechnologyRule[]
    readonly nodeTypes: TypeHierarchy
    readonly artifactTypes: TypeHierarchy
    /** What a requirement's `relationship` may name besides a relationship template. */
    readonly relationshipTypes: TypeHierarchy
    /** enrich_implementations: a technology written on a node becomes the rule candidates of that name. */
    readonly implementations: boolean
    /** enrich_technologies: a node without technologies gets every rule candidate. */
    readonly technologies: boolean
    /** required_technology_check: a managed node without candidates is an error. */
    readonly required: boolean
    /** technology_constraint: every managed node is deployed by exactly one technology. */
    readonly constraint: boolean
    readonly plugins: readonly LoadedPlugin[]
}

/**
 * The elements of a template. `read` is called once every element is read and linked (inputs and
 * outputs looked up), before what enriching technologies finds wrong is said: where the reference
 * runs persistent_check, at the end of reading the template.
 */
export function buildGraph(template: Raw, sourceMap: SourceMap, enrichment?: TechnologyEnrichment, read?: (graph: Graph) => void): Graph {
    return new Builder(template, sourceMap, enrichment).build(read)
}

/**
 * technology_constraint: every managed node is deployed by exactly one technology, so whether a node
 * without technologies is managed is asked of its one node type. Asked after the elements' default
 * condition modes are read, as the reference asks it while adding its constraints.
 */
export function requireTechnologyTypes(graph: Graph, enrichment: TechnologyEnrichment): void {
    if (!enrichment.constraint) return
    for (const node of graph.nodes) if (node.technologies.length === 0) requireKnownType(node, enrichment.nodeTypes)
}

/**
 * Whether a node without technologies (and without `managed`) is managed depends on its one node
 * type: a node with conditional types, or of a type neither the template, its `lib/` folder nor
 * the TOSCA normative types define, cannot be asked (as in the reference).
 */
function requireKnownType(node: NodeElement, nodeTypes: TypeHierarchy): void {
    if (typeof node.raw.managed === 'boolean' || writtenCount(node.raw.technology) > 0) return
    if (node.types.length > 1) throw new TrellisError('invalid-template', `${node.display} has more than one type`, node.location)
    const type = node.types[0]
    if (type && !nodeTypes.defines(type.name)) throw new TrellisError('invalid-template', `Node type "${type.name}" does not exist`, type.location)
}

class Builder {
    private readonly graph = new Graph()
    private readonly topology: Raw

    private readonly nodeTypes: TypeHierarchy
    private readonly relationshipTypes: TypeHierarchy

    constructor(
        private readonly template: Raw,
        private readonly sourceMap: SourceMap,
        private readonly enrichment?: TechnologyEnrichment,
    ) {
        const types = enrichment ? undefined : TypeLibrary.of(template)
        this.nodeTypes = enrichment?.nodeTypes ?? types!.hierarchy('node_types')
        this.relationshipTypes = enrichment?.relationshipTypes ?? types!.hierarchy('relationship_types')
        const topology = template.topology_template
        this.topology = isMap(topology) ? topology : {}
    }

    private fail(message: string, location?: SourceLocation, details?: DiagnosticDetails): never {
        throw new TrellisError('invalid-template', message, location, details)
    }

    /**
     * What the next element is made from; its sequence number is the next free one. It keeps of an entry
     * only where it was written (an Entry also holds its name, value and source map: twice the bytes).
     */
    private next(name: string, index: number | undefined, raw: Raw, place: Place | undefined): RecordBasics {
        const kept: Place | undefined =
            place === undefined || !(place instanceof Entry)
                ? place
                : place.list === undefined
                  ? {owner: place.owner, key: place.key}
                  : {owner: place.owner, key: place.key, list: place.list, item: place.item}
        return {seq: this.graph.elements.length, name, index, raw, place: kept, sourceMap: this.sourceMap}
    }

    private add<T extends Element>(element: T): T {
        this.graph.add(element)
        return element
    }

    build(read?: (graph: Graph) => void): Graph {
        try {
            this.inputs()
            this.nodes()
            this.relationshipTemplates()
            this.groups()
            this.policies()
            this.imports()
            this.outputs()
        } catch (e) {
            // after a kept mistake, what fails later may follow from it: report the mistakes found
            if (this.errors.length) throw collectErrors(e instanceof TrellisError ? [...this.errors, e] : this.errors)
            throw e
        }
        if (this.errors.length) throw collectErrors(this.errors)
        // the inputs properties read are looked up once every element is read, as the reference does
        for (const check of this.consuming) check()
        for (const check of this.producing) check()
        read?.(this.graph)
        // what enriching technologies finds wrong is said once the template's elements are all read
        for (const check of this.enriching) check()
        this.graph.seal()
        return this.graph
    }

    /** Checks of technology enrichment, run in order after the elements are read (the first failure is reported). */
    private readonly enriching: (() => void)[] = []

    /** Look-ups of the inputs properties read that failed, reported after every structural mistake (the first one). */
    private readonly consuming: (() => void)[] = []

    /** Look-ups of the nodes outputs read, after those of the inputs (the first failure is reported). */
    private readonly producing: (() => void)[] = []

    /** Mistakes kept so far: one in a relation, a group member or a policy does not hide the next. */
    private readonly errors: TrellisError[] = []

    /** Reads one entry; a mistake in it is kept and the entry left out, so the others are still read. */
    private entry<T>(read: () => T): T | undefined {
        try {
            return read()
        } catch (e) {
            if (!(e instanceof TrellisError) || e.errorClass !== 'input' || this.errors.length >= MAX_ERRORS - 1) throw e
            if (!this.errors.some(known => known.describe() === e.describe())) this.errors.push(e)
            return undefined
        }
    }

    private inputs(): void {
        entries(this.topology.inputs, '"inputs"', this.sourceMap, this.topology, 'inputs').forEach((entry, index) => {
            const raw = isMap(entry.value) ? entry.value : {}
            this.add(inputRecord(this.next(entry.name, index, raw, entry)))
        })
        this.checkDefaults(this.graph.inputs)
    }

    private outputs(): void {
        entries(this.topology.outputs, '"outputs"', this.sourceMap, this.topology, 'outputs').forEach((entry, index) => {
            const raw = isMap(entry.value) ? entry.value : {}
            const output = this.add(outputRecord(this.next(entry.name, index, raw, entry)))
            // the node an output reads is looked up once every element is read, after the inputs properties read, as the reference does
            this.producing.push(() => {
                output.producers = findProducers(raw.value, this.graph, name => {
                    throw new TrellisError('undefined-reference', `Node "${name}" not found`, this.sourceMap.locate(raw, 'value'), {help: closestHelp(name, this.graph.nodes)})
                })
            })
        })
        this.checkDefaults(this.graph.outputs)
    }

    private nodes(): void {
        const result: NodeRecord[] = []
        // names can repeat only in the list form: a map has each key once
        const listed = Array.isArray(this.topology.node_templates)
        eachEntry(this.topology.node_templates, '"node_templates"', this.sourceMap, this.topology, 'node_templates', entry => {
            if (entry.name === 'SELF' || entry.name === 'CONTAINER') this.fail(`Node must not be named "${entry.name}"`, entry.location)
            const defined = listed ? this.graph.node(entry.name) : undefined
            if (defined) this.fail(`Node "${entry.name}" defined multiple times`, entry.location, firstDefined(defined.location))
            if (!isMap(entry.value)) this.fail(`node template "${entry.name}" must be a map`, entry.location)
            const raw = entry.value
            const weight = readWeight(raw, this.sourceMap, () => displayOf('node', entry.name, undefined))
            const node = this.add(nodeRecord(this.next(entry.name, undefined, raw, entry), weight))
            this.types(node, raw)
            this.properties(node, raw)
            result.push(node)
        })
        // relations need every node to exist first; artifacts and technologies follow, in template order per node
        // (indexed loops: see docs/performance.md#indexed-loops)
        for (let i = 0; i < result.length; i++) this.relations(result[i]!)
        const e = this.enrichment
        // enriching asks every node whether it is managed before any technology is proposed
        if (e && (e.technologies || (e.implementations && (e.rules.length > 0 || e.plugins.length > 0))))
            for (const node of result) this.enriching.push(() => requireKnownType(node, this.nodeTypes))
        for (let i = 0; i < result.length; i++) {
            this.artifacts(result[i]!)
            // a technology rule that cannot be matched is a mistake of enriching too: said after the structure's
            try {
                this.technologies(result[i]!)
            } catch (e) {
                if (!(e instanceof TrellisError)) throw e
                this.enriching.push(() => {
                    throw e
                })
            }
        }
        // the technology constraint asks again once technologies are enriched (requireTechnologyTypes)
    }

    /** required_technology_check: a managed node that no rule or plugin proposes a technology for. */
    private noCandidates(node: NodeRecord): void {
        this.enriching.push(() => this.fail(`${node.display} has no technology candidates`, node.location))
    }

    private types(container: NodeRecord | RelationRecord | GroupRecord | PolicyRecord | ArtifactRecord, raw: Raw): void {
        const type = raw.type
        // the common case, `type: name`, needs no list of entries
        const types =
            typeof type === 'string'
                ? [this.add(typeRecord(this.next(type, 0, NO_DEFINITION, undefined), container))]
                : entries(type, () => `the types of ${container.display}`, this.sourceMap, raw, 'type').map((entry, index) =>
                      this.add(typeRecord(this.next(entry.name, index, isMap(entry.value) ? entry.value : NO_DEFINITION, entry), container)),
                  )
        container.types = append(container.types, types)
        if (types.length > 1 && types.filter(t => t.defaultAlternative).length > 1) this.fail(`${container.display} has multiple default types`, types[0]!.location)
    }

    private properties(container: NodeRecord | RelationRecord | GroupRecord | PolicyRecord | ArtifactRecord, raw: Raw): void {
        const value = raw.properties
        // most elements have none: no entries, no list, no closures to make
        if (value === undefined || value === null) return
        const listForm = Array.isArray(value)
        const list = entries(value, () => `the properties of ${container.display}`, this.sourceMap, raw, 'properties')
        const properties = list.map((entry, index) => {
            // only list entries can be wrapped, and only a map with `value` or `expression` is a wrapper
            const wrapped = listForm && isMap(entry.value) && ((entry.value.value ?? null) !== null || (entry.value.expression ?? null) !== null)
            const definition: Raw = wrapped ? (entry.value as Raw) : {value: entry.value}
            // `x: 1.0` stays a float where it is written (float-literals.ts)
            if (!wrapped && isFloatLiteral(entry.owner, entry.key)) noteFloatLiteral(definition, 'value')
            const property = this.add(propertyRecord(this.next(entry.name, index, definition, entry), container, this.consumed(definition.value, container)))
            if (property.consuming?.kind === 'input') {
                const input = own<InputRecord>(property.consuming)
                input.consumers = append(input.consumers, [property])
            }
            return property
        })
        container.properties = append(container.properties, properties)
        this.checkDefaults(properties)
    }

    /** `get_input` consumes a topology input; `get_property`/`get_attribute` consume the property's own container. */
    private consumed(value: unknown, container: PropertyContainer): InputElement | PropertyContainer | undefined {
        if (!isMap(value)) return undefined
        if ('get_input' in value) {
            const ref = value.get_input
            if (typeof ref !== 'number' && typeof ref !== 'string') return undefined
            const at = this.sourceMap.locate(value, 'get_input')
            // a property reading a topology input the template does not declare cannot be resolved, nor one
            // reading a name several inputs share (alternatives in the list form): it does not say which
            const declared = typeof ref === 'number' ? this.graph.inputs[ref] !== undefined : this.graph.inputs.some(i => i.name === ref)
            try {
                if (!declared) this.fail(`Input "${ref}" not found`, at, {help: typeof ref === 'string' ? closestHelp(ref, this.graph.inputs) : []})
                return this.graph.input(ref, at)
            } catch (e) {
                if (!(e instanceof TrellisError)) throw e
                this.consuming.push(() => {
                    throw e
                })
                return undefined
            }
        }
        if ('get_property' in value || 'get_attribute' in value) return container
        return undefined
    }

    private relations(node: NodeRecord): void {
        const written = node.raw.requirements
        if (written === undefined || written === null) return
        const requirements = entries(written, () => `the requirements of node "${node.name}"`, this.sourceMap, node.raw, 'requirements')
        if (requirements.length === 0) return
        // a list of exactly the node's relations (growing one by one would reserve room for 17)
        const relations = requirements.map((entry, index) => this.entry(() => this.requirement(node, entry, index)))
        node.relations = relations.every(r => r !== undefined) ? (relations as RelationRecord[]) : relations.filter((r): r is RelationRecord => r !== undefined)
        // several defaults among the relations of one name
        this.checkDefaults(node.relations)
    }

    /** The relation a requirement assignment is, or undefined for a plain requirement (no node template as target), kept on its node. */
    private requirement(node: NodeRecord, entry: Entry, index: number): RelationRecord | undefined {
        const short = typeof entry.value === 'string'
        if (!short && !isMap(entry.value)) this.fail(`requirement "${entry.name}" of ${node.display.toLowerCase()} must name a node or be a map`, entry.location)
        const assignment: Raw = short ? {node: entry.value} : (entry.value as Raw)
        const target = this.target(assignment, () => displayOf('relation', entry.name, index, node), entry)
        if (target === undefined) {
            node.plainRequirements = append(node.plainRequirements, [{name: entry.name, index, written: entry.value}])
            this.plainRecords.push({node, name: entry.name, assignment, display: () => displayOf('relation', entry.name, index, node)})
            return undefined
        }
        const relation = this.add(relationRecord(this.next(entry.name, index, assignment, entry), node, target, short, isHostingName(entry.name)))
        own<NodeRecord>(target).incoming = append(target.incoming, [relation])
        this.relationRecords.push(relation)
        return relation
    }

    /**
     * The node template a requirement assignment targets. TOSCA 1.3 (§3.8.2) lets `node` name a node
     * type, or be left out (a capability or a node filter says what to find): the orchestrator then
     * finds the target, there is no relation between two templates, and the assignment, without a
     * variability key of its own, is plain (undefined). Any other name is a node template missing.
     */
    private target(assignment: Raw, display: () => string, entry: Entry): NodeRecord | undefined {
        const name = assignment.node
        // the common case first: a node template (no list of the assignment's keys per relation)
        const target = typeof name === 'string' ? this.graph.node(name) : undefined
        if (target) return own<NodeRecord>(target)
        const variability = Object.keys(assignment).find(isVariabilityKey)
        const onlyRelations = (what: string) => ({help: [`${what} is written as it is with its node; only a relation to a node template can have "${variability}"`]})
        if (name === undefined || name === null) {
            if (variability === undefined) return undefined
            this.fail(`${display()} has no target node ("node")`, entry.location, onlyRelations('a requirement without "node"'))
        }
        if (typeof name !== 'string') this.fail(`${display()} has no target node ("node")`, entry.location)
        const type = this.nodeTypes.defines(name)
        if (type && variability === undefined) return undefined
        this.fail(
            `Target "${name}" of ${lowerFirst(display())} does not exist`,
            this.sourceMap.locate(assignment, 'node') ?? entry.location,
            type ? onlyRelations(`"${name}" is a node type: a requirement naming one`) : this.nodeHelp(name),
        )
    }

    /** Relations in template order, as records (the graph hands out read-only elements). */
    private readonly relationRecords: RelationRecord[] = []

    /** Plain requirements in template order, with their node (a relationship template they name is kept with it). */
    private readonly plainRecords: Requirement[] = []

    private relationshipTemplates(): void {
        const templates = this.topology.relationship_templates
        readRelationshipTemplates(isMap(templates) ? templates : {}, this.relationRecords, this.plainRecords, {
            graph: this.graph,
            sourceMap: this.sourceMap,
            relationshipTypes: this.relationshipTypes,
            keepsUnused: this.template.tosca_definitions_version === TOSCA_VERSION,
            own: (relation, raw) => {
                relation.template = raw
                this.types(relation, raw)
                this.properties(relation, raw)
            },
        })
    }

    private artifacts(node: NodeRecord): void {
        const written = node.raw.artifacts
        if (written === undefined || written === null) return
        const list = entries(written, () => `the artifacts of ${node.display}`, this.sourceMap, node.raw, 'artifacts')
        list.forEach((entry, index) => {
            const raw: Raw =
                typeof entry.value === 'string'
                    ? {type: DEFAULT_ARTIFACT_TYPE, file: entry.value}
                    : isMap(entry.value)
                      ? entry.value.type === undefined
                          ? {type: DEFAULT_ARTIFACT_TYPE, ...entry.value}
                          : entry.value
                      : this.fail(`artifact "${entry.name}" of ${node.display.toLowerCase()} must be a file name or a map`, entry.location)
            const artifact = this.add(artifactRecord(this.next(entry.name, index, raw, entry), node))
            node.artifacts = append(node.artifacts, [artifact])
            this.types(artifact, raw)
            this.properties(artifact, raw)
        })
        this.checkDefaults(node.artifacts)
    }

    private plugins?: {source: string; plugin: TechnologyPlugin}[]

    /** Technology templates that plugins propose for a node. */
    private proposals(node: NodeElement): {source: string; name: string; template: Raw}[] {
        this.plugins ??= (this.enrichment?.plugins ?? []).map(builder => {
            try {
                return {source: builder.source, plugin: pluginOf(builder.source, builder.build(this.graph))}
            } catch (e) {
                throw new TrellisError('plugin-load', `technology plugin "${builder.source}" failed to build: ${(e as Error).message}`)
            }
        })
        const out: {source: string; name: string; template: Raw}[] = []
        for (const {source, plugin} of this.plugins) {
            let assigned: unknown
            try {
                assigned = plugin.assign(node)
            } catch (e) {
                throw new TrellisError('plugin-load', `technology plugin "${source}" failed for ${lowerFirst(node.display)}: ${(e as Error).message}`)
            }
            for (const entry of toList(assigned))
                for (const [name, template] of Object.entries(isMap(entry) ? entry : {})) out.push({source, name: name.toLowerCase(), template: isMap(template) ? template : {}})
        }
        return out
    }

    private technologies(node: NodeRecord): void {
        const value = node.raw.technology
        const enriching = this.enrichment !== undefined && (this.enrichment.rules.length > 0 || this.enrichment.plugins.length > 0)
        if ((value === undefined || value === null) && !enriching) {
            // the common case: nothing to add, only whether the node needs a technology
            const own = node.raw.managed
            node.managed = typeof own === 'boolean' ? own : !isTrue(this.nodeTypes.ownMetadata(node.types[0]?.name ?? '', 'vintner_abstract'))
            // enriching technologies without any rule or plugin proposes nothing: a managed node then has no candidates
            if (node.managed && this.enrichment?.technologies && this.enrichment.required) this.noCandidates(node)
            return
        }
        const list: Entry[] =
            typeof value === 'string'
                ? [new Entry(value, NO_DEFINITION, this.sourceMap, node.raw, 'technology')]
                : entries(value, () => `the technologies of ${node.display}`, this.sourceMap, node.raw, 'technology')
        const nodeType = node.types[0]?.name ?? ''
        const rules = this.enrichment?.rules ?? []
        const abstract = isTrue(this.nodeTypes.ownMetadata(nodeType, 'vintner_abstract'))
        const match = () => candidates(node, rules, this.nodeTypes, this.enrichment!.artifactTypes)
        const add = (name: string, raw: Raw, at: Entry, extra: Partial<TechnologyFields>) => {
            const technology = technologyRecord(this.next(name, node.technologies.length, raw, at), node, {
                assign: typeof raw.assign === 'string' ? raw.assign : `${nodeType}~${nodeType}::${name}`,
                // a technology a rule implements is a copy of the one written (at.value), with the rule's weight unless it writes one
                weight: readWeight(
                    raw,
                    this.sourceMap,
                    () => displayOf('technology', name, node.technologies.length, node),
                    at.value,
                    () => at.location,
                ),
                ...extra,
            })
            node.technologies = append(node.technologies, [this.add(technology)])
        }
        const fromRule = (candidate: TechnologyCandidate) => ({
            assign: candidate.assign,
            weight: candidate.rule.weight,
            rule: {index: candidate.rule.index, technology: candidate.rule.technology, component: candidate.rule.component, location: candidate.rule.location},
            ruleConditions: candidate.conditions,
        })
        for (const entry of list) {
            const raw = isMap(entry.value) ? entry.value : {}
            const name = entry.name.toLowerCase()
            // a node written `managed: false` keeps its technologies as written (the reference enriches managed nodes only)
            if (!this.enrichment?.implementations || rules.length === 0 || node.raw.managed === false) {
                add(name, raw, entry, {})
                continue
            }
            // a technology named on the node is implemented by the rule candidates of that name
            const artifact = typeof raw.artifact === 'string' ? raw.artifact : undefined
            const implementations = match().filter(c => c.technology === name && (!artifact || c.rule.artifact === artifact))
            if (implementations.length === 0) {
                this.enriching.push(() => this.fail(`${node.display} has no implementation for technology "${name}"`, entry.location))
                continue
            }
            // the one default written stays one: the first implementation is the default, the others
            // alternatives to it (the reference drops the default altogether: docs/differential-testing.md)
            implementations.forEach((candidate, k) => {
                const {default_alternative: _, ...plain} = raw
                add(name, {...(k === 0 ? raw : plain), weight: raw.weight ?? candidate.rule.weight}, entry, fromRule(candidate))
            })
        }
        const managed = typeof node.raw.managed === 'boolean' ? node.raw.managed : node.technologies.length > 0 || !abstract
        if (list.length === 0 && managed && this.enrichment?.technologies) {
            const found = rules.length > 0 ? match() : []
            const proposed = this.proposals(node)
            if (found.length === 0 && proposed.length === 0 && this.enrichment.required) this.noCandidates(node)
            const at = new Entry(node.name, node.raw, this.sourceMap, node.raw, 'type')
            for (const candidate of found) add(candidate.technology, {}, at, {...fromRule(candidate), enriched: true})
            for (const {source, name, template} of proposed) {
                const {conditions, ...rest} = template
                add(name, rest, at, {plugin: source, ruleConditions: toList(conditions), enriched: true})
            }
        }
        node.managed = typeof node.raw.managed === 'boolean' ? node.raw.managed : node.technologies.length > 0 || !abstract
        if (node.technologies.filter(t => t.defaultAlternative).length > 1) this.fail(`${node.display} has multiple default technologies`, node.location)
    }

    private groups(): void {
        for (const entry of entries(this.topology.groups, '"groups"', this.sourceMap, this.topology, 'groups')) {
            const defined = this.graph.groupsByName.get(entry.name)
            if (defined) this.fail(`Group "${entry.name}" defined multiple times`, entry.location, firstDefined(defined.location))
            if (!isMap(entry.value)) this.fail(`group "${entry.name}" must be a map`, entry.location)
            const raw = entry.value
            const group = this.add(groupRecord(this.next(entry.name, undefined, raw, entry)))
            this.types(group, raw)
            const variability = this.isVariabilityGroup(group.types[0]?.name)
            group.variability = variability
            if (variability && group.types.length > 1) this.fail(`${group.display} is a variability group and must not have conditional types`, this.sourceMap.locate(raw, 'type'))
            this.properties(group, raw)
            const members = Array.isArray(raw.members)
                ? raw.members
                : raw.members === undefined || raw.members === null
                  ? []
                  : this.fail(`the members of ${group.display.toLowerCase()} must be a list`, this.sourceMap.locate(raw, 'members'))
            members.forEach((member, i) => {
                const at = this.sourceMap.locate(members, i)
                const element = this.entry(() => this.member(member, at))
                if (element === undefined) return
                group.members = append(group.members, [element])
                if (variability) {
                    const member = own<NodeRecord | RelationRecord>(element)
                    member.groups = append(member.groups, [group])
                }
            })
        }
    }

    private isVariabilityGroup(type: string | undefined): boolean {
        const definitions = isMap(this.template.group_types) ? this.template.group_types : {}
        const seen = new Set<string>()
        while (type !== undefined && !seen.has(type)) {
            if (VARIABILITY_GROUP_TYPES.has(type)) return true
            seen.add(type)
            const definition = definitions[type]
            type = isMap(definition) && typeof definition.derived_from === 'string' ? definition.derived_from : undefined
        }
        return false
    }

    /** The help of a node name that is not defined. */
    private nodeHelp(name: string): DiagnosticDetails {
        return {help: closestHelp(name, this.graph.nodes)}
    }

    private member(member: unknown, at: SourceLocation | undefined): NodeElement | RelationElement {
        if (typeof member === 'string') {
            const node = this.graph.node(member)
            if (!node) this.fail(`Member "${member}" does not exist`, at, this.nodeHelp(member))
            return node
        }
        if (Array.isArray(member) && member.length === 2 && typeof member[0] === 'string' && (typeof member[1] === 'string' || typeof member[1] === 'number')) {
            const node = this.graph.node(member[0])
            if (!node) this.fail(`Member "${JSON.stringify(member)}" does not exist: there is no node "${member[0]}"`, at, this.nodeHelp(member[0]))
            return this.graph.relationOf(node, member[1], at)
        }
        return this.fail(`Member "${JSON.stringify(member)}" has bad format: expected a node name or [node, relation]`, at)
    }

    private policies(): void {
        const value = this.topology.policies
        if (value !== undefined && value !== null && !Array.isArray(value)) this.fail('"policies" must be a list', this.sourceMap.locate(this.topology, 'policies'))
        entries(value, '"policies"', this.sourceMap, this.topology, 'policies').forEach((entry, index) =>
            this.entry(() => {
                if (!isMap(entry.value)) this.fail(`policy "${entry.name}" must be a map`, entry.location)
                const raw = entry.value
                const policy = this.add(policyRecord(this.next(entry.name, index, raw, entry)))
                this.types(policy, raw)
                this.properties(policy, raw)
                const targets = toList(raw.targets)
                targets.forEach((target, i) => {
                    const found = typeof target === 'string' ? (this.graph.node(target) ?? this.graph.groupsByName.get(target)) : undefined
                    if (!found)
                        this.fail(
                            `Policy target "${textOf(target)}" of ${lowerFirst(policy.display)} does not exist`,
                            this.sourceMap.locate(raw.targets, i) ?? this.sourceMap.locate(raw, 'targets'),
                            typeof target === 'string' ? {help: closestHelp(target, [...this.graph.nodes, ...this.graph.groupsByName.keys()])} : {},
                        )
                    policy.targets = append(policy.targets, [found])
                })
            }),
        )
    }

    private imports(): void {
        const value = this.template.imports
        if (value === undefined || value === null) return
        if (!Array.isArray(value)) this.fail('"imports" must be a list', this.sourceMap.locate(this.template, 'imports'))
        value.forEach((item, index) => {
            const raw: Raw = typeof item === 'string' ? {file: item} : isMap(item) ? item : this.fail('an import must be a file name or a map', this.sourceMap.locate(value, index))
            this.add(importRecord(this.next(String(index), index, raw, {owner: value, key: index})))
        })
    }

    /** At most one `default_alternative: true` among the elements of one name. */
    private checkDefaults(elements: readonly Element[]): void {
        if (!elements.some(e => e.defaultAlternative)) return
        for (const list of groupByName(elements)) if (list.filter(e => e.defaultAlternative).length > 1) this.fail(`${list[0]!.display} has multiple defaults`, list[0]!.location)
    }
}

/** The record behind an element of the graph: the builder made every one, so the read-only view hides a record it may still fill in. */
function own<R extends Element>(element: Element): R {
    return element as R
}

function isTrue(value: unknown): boolean {
    return value === true || value === 'true'
}

/**
 * `weight` of a node or technology: true is 1, false is 0, else a non-negative number (default 1).
 * A mistake names the element and is located on the weight where it was written (`written`: the
 * map as the template has it, when `owner` is a copy), else at the element (`at`).
 */
function readWeight(owner: Raw, sourceMap: SourceMap, display: () => string, written: unknown = owner, at?: () => SourceLocation | undefined): number {
    const value = owner.weight
    if (value === undefined || value === null) return 1
    if (value === true) return 1
    if (value === false) return 0
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value
    const location = (isMap(written) ? sourceMap.locate(written, 'weight') : undefined) ?? at?.()
    throw new TrellisError('invalid-template', `"weight" of ${lowerFirst(display())} must be a boolean or a non-negative number, got ${JSON.stringify(value)}`, location)
}

/** A second definition's details: where the first one is, when known. */
function firstDefined(location: SourceLocation | undefined, label = 'first defined here'): DiagnosticDetails {
    return location ? {related: [{location, label}]} : {}
}
