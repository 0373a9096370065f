// Type-specific default conditions (`variability.type_specific_conditions`):
// defined per node, relationship, artifact, group or policy type, they replace
// the element-generic default conditions of elements of that type.
import {TrellisError} from '../errors.js'
import type {LoadedTemplate} from '../load/index.js'
import type {Raw} from '../model/index.js'
import type {Element} from '../model/index.js'
import {isMap, toList} from '../model/index.js'
import {compileCondition, type CompileContext} from './compile.js'
import {and, TRUE} from './formula.js'
import {makeWrapper, type DefaultDescriptors} from './descriptors.js'
import type {DefaultCondition} from './records.js'

/** `{node_types: {T: {conditions, consistency?, semantic?}}, relationship_types: …, …}` */
export type TypeSpecificConditions = Readonly<Record<string, Readonly<Record<string, unknown>>>>

const SECTION: Partial<Record<Element['kind'], string>> = {
    node: 'node_types',
    relation: 'relationship_types',
    artifact: 'artifact_types',
    group: 'group_types',
    policy: 'policy_types',
}

function readTypeSpecific(value: unknown, where: () => ReturnType<CompileContext['inputs']['locate']>): TypeSpecificConditions {
    if (!isMap(value))
        throw new TrellisError('invalid-template', 'type-specific conditions must be a map of node_types, relationship_types, artifact_types, group_types or policy_types', where())
    return value as TypeSpecificConditions
}

export function typeSpecificDefault(element: Element, definitions: TypeSpecificConditions, c: CompileContext, d: DefaultDescriptors): DefaultCondition | undefined {
    const section = SECTION[element.kind]
    if (!section || !('types' in element) || element.types.length !== 1) return undefined
    const type = element.types[0]!.name
    const byType = definitions[section]
    const entry = isMap(byType) ? byType[type] : undefined
    if (entry === undefined) return undefined
    if (!isMap(entry)) throw new TrellisError('invalid-template', `type-specific condition of "${type}" must be a map with "conditions"`, c.inputs.locate(byType))
    const conditions = toList(entry.conditions)
    const formulas = conditions.map(x => compileCondition(x, element, c))
    let wrapper = d.typeSpecific.get(entry)
    if (!wrapper) {
        const consistency = entry.consistency === true
        const semantic = entry.semantic === undefined ? true : entry.semantic === true
        wrapper = makeWrapper({token: 'type-specific', typeSpecific: type, consistency, semantic, expression: conditions.length === 1 ? conditions[0] : {and: conditions}})
        d.typeSpecific.set(entry, wrapper)
    }
    return {wrapper, formula: formulas.length === 0 ? TRUE : and(formulas)}
}

/** Type-specific conditions from `type_specific_conditions` (inline or a file) or the default file beside the template. */
export function typeSpecificConditions(template: LoadedTemplate, variability: Raw): TypeSpecificConditions | undefined {
    const value = variability.type_specific_conditions
    const where = () => template.sourceMap.locate(variability, 'type_specific_conditions')
    if (value === undefined || value === null) {
        const file = template.readDefault('./type-specific-conditions.yaml')
        return file ? readTypeSpecific(file.data, () => file.sourceMap.at(0)) : undefined
    }
    if (typeof value === 'string') {
        const file = template.readRelative(value, where())
        if (!file) throw new TrellisError('file-not-found', `type-specific conditions file "${value}" not found next to the template`, where())
        return readTypeSpecific(file.data, () => file.sourceMap.at(0))
    }
    return readTypeSpecific(value, where)
}
