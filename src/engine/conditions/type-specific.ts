// Type-specific default conditions (`variability.type_specific_conditions`):
// defined per node, relationship, artifact, group or policy type, they replace
// the element-generic default conditions of elements of that type.
import {TrellisError} from '../errors.js'
import type {LoadedTemplate, SourceMap} from '../load/index.js'
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
    // an entry that is no map with conditions was refused before (checkedTypeSpecificConditions)
    if (!isMap(entry)) return undefined
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

/**
 * The template's type-specific conditions (`type_specific_conditions` inline or a file, or the
 * default file beside the template), once every element whose type has an entry was checked:
 * an entry without `conditions` (the specification makes them mandatory) is a mistake as soon as an
 * element of that type exists, whether or not its default conditions are on, and it is met before
 * any condition is compiled, as the reference meets it when it enriches the template. `before` is
 * told the element holding such an entry before the error is thrown.
 */
export function checkedTypeSpecificConditions(
    template: LoadedTemplate,
    variability: Raw,
    elements: readonly Element[],
    before?: (element: Element) => void,
): TypeSpecificConditions | undefined {
    const read = readDefinitions(template, variability)
    if (!read) return undefined
    for (const element of elements) {
        const section = SECTION[element.kind]
        if (!section || !('types' in element) || element.types.length !== 1) continue
        const byType = read.definitions[section]
        const entry = isMap(byType) ? byType[element.types[0]!.name] : undefined
        if (entry === undefined || (isMap(entry) && entry.conditions !== undefined && entry.conditions !== null)) continue
        // what the elements before it get wrong is met first (see prepare)
        before?.(element)
        throw new TrellisError('invalid-template', `${element.display} holds type-specific condition without any condition`, read.locate(byType, element.types[0]!.name))
    }
    return read.definitions
}

function readDefinitions(template: LoadedTemplate, variability: Raw): {definitions: TypeSpecificConditions; locate: SourceMap['locate']} | undefined {
    const value = variability.type_specific_conditions
    const where = () => template.sourceMap.locate(variability, 'type_specific_conditions')
    if (value === undefined || value === null) {
        const file = template.readDefault('./type-specific-conditions.yaml')
        return file ? {definitions: readTypeSpecific(file.data, () => file.sourceMap.at(0)), locate: file.sourceMap.locate.bind(file.sourceMap)} : undefined
    }
    if (typeof value === 'string') {
        const file = template.readRelative(value, where())
        if (!file) throw new TrellisError('file-not-found', `type-specific conditions file "${value}" not found next to the template`, where())
        return {definitions: readTypeSpecific(file.data, () => file.sourceMap.at(0)), locate: file.sourceMap.locate.bind(file.sourceMap)}
    }
    return {definitions: readTypeSpecific(value, where), locate: template.sourceMap.locate.bind(template.sourceMap)}
}
