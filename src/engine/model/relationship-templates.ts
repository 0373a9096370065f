// The relationship templates requirement assignments name or write inline: each read as its
// relation's, or kept as written (named by a requirement that is no relation, or, in TOSCA 1.3, by
// none). A name that is a relationship type names no template (TOSCA 1.3 §3.8.2).
import {type DiagnosticDetails, TrellisError, type SourceLocation} from '../errors.js'
import {isVariabilityKey, ownValue} from '../keys.js'
import type {SourceMap} from '../load/index.js'
import {closestHelp} from '../names.js'
import {lowerFirst} from '../text.js'
import {isMap} from './collections.js'
import type {NodeElement, Raw} from './elements.js'
import type {Graph} from './graph.js'
import type {RelationRecord} from './records.js'
import type {TypeHierarchy} from './type-library.js'

/** A requirement assignment as the relationship template it names sees it. */
export interface Requirement {
    readonly node: NodeElement
    readonly name: string
    readonly assignment: Raw
    readonly display: () => string
}

export interface TemplateReading {
    readonly graph: Graph
    readonly sourceMap: SourceMap
    readonly relationshipTypes: TypeHierarchy
    /** A template no requirement uses is kept (TOSCA 1.3), else a mistake (Variability4TOSCA). */
    readonly keepsUnused: boolean
    /** Makes `raw` the relation's template: its types and properties become the relation's. */
    readonly own: (relation: RelationRecord, raw: Raw) => void
}

/** Reads the templates the relations and the plain requirements (no relations) use, then those none uses. */
export function readRelationshipTemplates(defined: Raw, relations: readonly RelationRecord[], plain: readonly Requirement[], r: TemplateReading): void {
    let used = 0
    for (let i = 0; i < relations.length; i++) {
        const relation = relations[i]!
        const written = relation.assignment.relationship
        // a relationship template written inline belongs to this relation alone
        const raw = isMap(written)
            ? written
            : named(written, {node: relation.source, name: relation.name, assignment: relation.assignment, display: () => relation.display}, defined, r)
        if (raw === undefined) continue
        if (typeof written === 'string') {
            if (!r.graph.useTemplate(written, relation)) usedTwice(written, relation.assignment, r)
            used++
        }
        r.own(relation, raw)
    }
    for (const requirement of plain) {
        const {node, assignment, display} = requirement
        const written = assignment.relationship
        const raw = isMap(written) ? written : named(written, requirement, defined, r)
        if (raw === undefined) continue
        requirePlain(raw, () => `The relationship template of ${lowerFirst(display())}`, r.sourceMap.locate(assignment, 'relationship'))
        if (typeof written !== 'string') continue
        if (r.graph.relationOfTemplate(written) || r.graph.keptTemplate(written)) usedTwice(written, assignment, r)
        r.graph.keepTemplate(written, node)
        used++
    }
    // every used name is defined, so equal counts mean every template is used
    const names = Object.keys(defined)
    if (names.length !== used) for (const name of names) if (!r.graph.relationOfTemplate(name) && !r.graph.keptTemplate(name)) unused(name, defined, r)
}

function fail(message: string, location?: SourceLocation, details?: DiagnosticDetails): never {
    throw new TrellisError('invalid-template', message, location, details)
}

/**
 * The relationship template a requirement's `relationship` names; undefined when it names none
 * (nothing written, or a relationship type, which TOSCA 1.3 lets the orchestrator find a template for).
 */
function named(name: unknown, requirement: Requirement, defined: Raw, r: TemplateReading): Raw | undefined {
    if (name === undefined || name === null) return undefined
    const at = () => r.sourceMap.locate(requirement.assignment, 'relationship')
    if (typeof name !== 'string')
        fail(`${requirement.display()} has a "relationship" that is neither a name nor a relationship template`, at(), {
            help: ['name a relationship template or type, or write the template as a map'],
        })
    const raw = ownValue(defined, name)
    if (raw === undefined) {
        if (r.relationshipTypes.defines(name)) return undefined
        // as the reference says it: the requirement by name, without its index
        fail(`Relationship "${name}" of relation "${requirement.name}" of ${lowerFirst(requirement.node.display)} does not exist!`, at(), {
            help: closestHelp(name, Object.keys(defined)),
        })
    }
    if (!isMap(raw)) fail(`relationship template "${name}" must be a map`, r.sourceMap.locate(defined, name))
    return raw
}

function usedTwice(name: string, assignment: Raw, r: TemplateReading): never {
    const relation = r.graph.relationOfTemplate(name)
    const first = relation ? r.sourceMap.locate(relation.assignment, 'relationship') : undefined
    return fail(`Relation "${name}" is used multiple times`, r.sourceMap.locate(assignment, 'relationship'), first ? {related: [{location: first, label: 'first used here'}]} : {})
}

/**
 * A relationship template no requirement names. TOSCA 1.3 allows it: a `tosca_simple_yaml_1_3`
 * template keeps it as written. In Variability4TOSCA its presence is bound to the requirement that
 * uses it (the specification), so it is a mistake, as the conformance suite and the reference say.
 */
function unused(name: string, defined: Raw, r: TemplateReading): void {
    const at = r.sourceMap.locate(defined, name)
    if (!r.keepsUnused)
        fail(`Relation "${name}" is never used`, at, {
            help: ['a relationship template is present with the requirement that uses it; TOSCA 1.3 (tosca_simple_yaml_1_3) keeps one no requirement uses'],
        })
    const raw = defined[name]
    if (!isMap(raw)) fail(`relationship template "${name}" must be a map`, at)
    requirePlain(raw, () => `Relationship template "${name}", which no relation uses,`, at)
    r.graph.keepTemplate(name)
}

/** A relationship template kept as written has one type and a map of properties: nothing conditional, which only a relation could resolve. */
function requirePlain(raw: Raw, what: () => string, at: SourceLocation | undefined): void {
    const conditional = Array.isArray(raw.type) || isMap(raw.type) ? 'type' : Array.isArray(raw.properties) ? 'properties' : Object.keys(raw).find(isVariabilityKey)
    if (conditional !== undefined) fail(`${what()} is written as it is and cannot have conditional ${conditional === 'type' ? 'types' : `"${conditional}"`}`, at)
}
