// The second generation of random variable service templates: the whole specification.
// First the structure (nodes with conditional types, properties as maps and lists,
// artifacts, explicit technologies, requirements with relationship templates, groups,
// policies, topology inputs and outputs, conditional imports, technology rules), then
// each element is decorated with conditions, default alternatives, implications and the
// keywords that override the options for it. Conditions and value expressions use every
// operator family (see expressions.mjs). Seeded: the same seed gives the same case.
import {elementOptions, variabilityOptions, VERSIONS} from './element-options.mjs'
import {expressions} from './expressions.mjs'
import {random} from './random.mjs'

const TECHNOLOGIES = ['ansible', 'terraform', 'docker']
const NODE_TYPES = ['app', 'db', 'vm', 'tosca.nodes.Compute', 'tosca.nodes.SoftwareComponent']
const RELATION_NAMES = ['host', 'connects_to', 'uses', 'db']
const ARTIFACT_TYPES = ['tosca.artifacts.File', 'tosca.artifacts.Deployment.Image', 'zip']

/** One template and how to resolve it: `{template, inputs, presets}` (plain data). */
export function generateSecond(seed) {
    const r = random(seed)
    const version = r.pick(VERSIONS)
    const names = Array.from({length: r.int(1, 4)}, (_, i) => `n${i}`)
    const refs = {nodes: names, relations: [], artifacts: [], properties: [], types: [], groups: [], policies: [], inputs: [], outputs: [], imports: 0, technologies: []}
    const topology = {}

    // topology inputs, consumed by properties and outputs
    const inputNames = r.chance(0.35) ? ['endpoint', ...(r.chance(0.4) ? ['token'] : [])] : []
    refs.inputs = inputNames
    if (inputNames.length) {
        const defs = inputNames.map(name => ({[name]: {type: 'string', ...(r.chance(0.3) ? {default: 'x'} : {})}}))
        // the list form allows two definitions of one name, one the default alternative
        if (r.chance(0.3)) defs.push({[inputNames[0]]: {type: 'string', default_alternative: true}})
        topology.inputs = r.chance(0.5) && defs.length === inputNames.length ? Object.assign({}, ...defs) : defs
    }

    // nodes, their properties, artifacts and technologies
    const nodes = {}
    for (const name of names) {
        const node = {}
        node.type = r.chance(0.2) ? [{[r.pick(NODE_TYPES)]: {}}, {[r.pick(NODE_TYPES)]: {}}] : r.pick(NODE_TYPES)
        if (Array.isArray(node.type)) node.type.forEach((_, i) => refs.types.push([name, i]))
        else refs.types.push([name, 0])
        const properties = propertyList(r, inputNames)
        if (properties.length) {
            node.properties = r.chance(0.3) && new Set(properties.map(p => Object.keys(p)[0])).size === properties.length ? Object.assign({}, ...properties.map(plain)) : properties
            properties.forEach((p, index) => refs.properties.push([name, Object.keys(p)[0], index]))
        }
        if (r.chance(0.3)) {
            node.artifacts = []
            for (let i = r.int(1, 2); i > 0; i--) {
                const key = r.pick(['code', 'image'])
                refs.artifacts.push([name, key, node.artifacts.length])
                node.artifacts.push({[key]: {type: r.pick(ARTIFACT_TYPES), file: `f${i}.zip`}})
            }
        }
        if (r.chance(0.25)) {
            node.technology = []
            for (let i = r.int(1, 2); i > 0; i--) {
                refs.technologies.push([name, node.technology.length])
                node.technology.push({[r.pick(TECHNOLOGIES)]: {}})
            }
        }
        if (r.chance(0.15)) node.persistent = r.chance(0.7)
        if (r.chance(0.15)) node.weight = r.pick([0, 0.5, 1])
        if (r.chance(0.1)) node.managed = r.chance(0.5)
        nodes[name] = node
    }

    // requirements, some through relationship templates
    const relationships = {}
    for (let i = r.int(0, names.length + 1); i > 0; i--) {
        const source = r.pick(names)
        const target = r.pick(names)
        const relationName = r.pick(RELATION_NAMES)
        const node = nodes[source]
        node.requirements ??= []
        refs.relations.push([source, relationName, node.requirements.length])
        let requirement = target
        if (r.chance(0.6)) {
            requirement = {node: target}
            if (r.chance(0.3)) {
                const name = `r${Object.keys(relationships).length}`
                requirement.relationship = name
                relationships[name] = {type: r.chance(0.2) ? [{'tosca.relationships.ConnectsTo': {}}, {'tosca.relationships.Root': {}}] : 'tosca.relationships.ConnectsTo'}
                const properties = propertyList(r, inputNames)
                if (properties.length) relationships[name].properties = properties
            }
        }
        node.requirements.push({[relationName]: requirement})
    }
    if (Object.keys(relationships).length) topology.relationship_templates = relationships

    if (r.chance(0.3)) {
        topology.groups = []
        for (let i = r.int(1, 2); i > 0; i--) {
            const name = `g${topology.groups.length}`
            const members = names.filter(() => r.chance(0.5))
            const relation = refs.relations.length && r.chance(0.2) ? r.pick(refs.relations) : undefined
            if (relation) members.push([relation[0], relation[1]])
            const conditional = r.chance(0.4)
            // a variability group is always absent and removed: presence operators name the others
            if (!conditional) refs.groups.push(name)
            const group = {
                type: conditional ? 'variability.groups.ConditionalMembers' : r.chance(0.2) ? [{'tosca.groups.Root': {}}, {'tosca.groups.Root': {}}] : 'tosca.groups.Root',
                members,
            }
            if (!conditional && r.chance(0.3)) group.properties = propertyList(r, inputNames)
            topology.groups.push({[name]: group})
        }
        if (r.chance(0.5)) topology.groups = Object.assign({}, ...topology.groups)
    }
    if (r.chance(0.3)) {
        topology.policies = []
        for (let i = r.int(1, 2); i > 0; i--) {
            const name = `p${i}`
            refs.policies.push(name)
            const targets = [...names, ...refs.groups].filter(() => r.chance(0.5))
            topology.policies.push({[name]: {type: r.chance(0.2) ? [{'tosca.policies.Root': {}}, {'tosca.policies.Placement': {}}] : 'tosca.policies.Root', targets}})
        }
    }
    if (r.chance(0.35)) {
        const outputs = []
        for (let i = r.int(1, 2); i > 0; i--) {
            const [n, p] = refs.properties.length && r.chance(0.7) ? r.pick(refs.properties) : [r.pick(names), 'port']
            const value = inputNames.length && r.chance(0.3) ? {get_input: r.pick(inputNames)} : {get_property: [n, p]}
            outputs.push({[r.pick(['out', 'address'])]: {value}})
        }
        refs.outputs = outputs.map((o, i) => (r.chance(0.5) ? i : Object.keys(o)[0]))
        topology.outputs = r.chance(0.5) && new Set(outputs.map(o => Object.keys(o)[0])).size === outputs.length ? Object.assign({}, ...outputs) : outputs
    }

    const template = {tosca_definitions_version: version}
    if (r.chance(0.2)) {
        template.imports = Array.from({length: r.int(1, 2)}, (_, i) => ({file: `lib${i}.yaml`}))
        refs.imports = template.imports.length
    }
    if (r.chance(0.25)) template.node_types = {app: {derived_from: 'tosca.nodes.SoftwareComponent'}, db: {derived_from: 'app'}, vm: {derived_from: 'tosca.nodes.Compute'}}

    // the variability definition: inputs (with constraints among them), presets, expressions, options, constraints, rules
    const e = expressions(r, refs)
    const without = name => expressions(r, refs, new Set([name]))
    const inputs = {
        x: {type: 'boolean', default: r.chance(0.5)},
        y: r.chance(0.5) ? {type: 'boolean'} : {type: 'boolean', default_expression: r.pick([() => ({not: {variability_input: 'x'}}), () => e.comparison()])()},
        level: r.chance(0.7) ? {type: 'integer', default: r.int(0, 3)} : {type: 'integer', default_expression: without('level').num()},
        label: r.chance(0.6) ? {type: 'string', default: r.pick(['a-1', 'b-2', 'a', 'c:3'])} : {type: 'string', default_expression: without('label').str()},
    }
    if (r.chance(0.15)) {
        const [a, b] = [r.pick(['x', 'y', 'level']), r.pick(['x', 'y', 'label'])]
        const key = r.pick(['mandatory', 'optional', 'choices', 'alternatives', 'requires', 'excludes'])
        // the reference reads \`optional\` only as a list (see the doc)
        inputs[a][key] = key === 'choices' || key === 'alternatives' ? [b, r.pick(['x', 'y'])] : key !== 'optional' && r.chance(0.5) ? b : [b]
    }
    const variability = {inputs}
    if (r.chance(0.5))
        variability.presets = {
            on: {inputs: {x: true, y: true, level: 3}},
            off: {inputs: {x: false, y: false, label: r.pick(['a', 'b-2'])}},
            odd: {inputs: {level: r.pick([1, 'high']), label: 'c:3'}},
        }
    variability.expressions = {is_x: {variability_input: 'x'}, is_big: e.comparison(), amount: without('amount').num(), tag: without('tag').str()}
    const options = variabilityOptions(r, version)
    if (Object.keys(options).length) variability.options = options
    if (r.chance(0.2))
        variability.technology_rules = TECHNOLOGIES.map(technology => ({technology, component: r.pick(NODE_TYPES), ...(r.chance(0.3) ? {weight: r.pick([0.5, 1])} : {})}))
    if (r.chance(0.2)) variability.constraints = [e.condition()]
    topology.variability = variability
    topology.node_templates = nodes
    template.topology_template = topology

    decorate(r, e, template)

    const assigned = {}
    if (r.chance(0.5)) assigned.x = r.chance(0.5)
    if (r.chance(0.6)) assigned.y = r.chance(0.5)
    if (r.chance(0.3)) assigned.level = r.int(0, 4)
    if (r.chance(0.3)) assigned.label = r.pick(['a-1', 'b', 'b-2-c', 'c:3'])
    const presets = variability.presets ? [r.pick(['on', 'off', 'odd'])].filter(() => r.chance(0.6)) : []
    return {template, inputs: assigned, presets}
}

/** A list of property assignments: plain values, consumed topology inputs, or wrapped with a value expression. */
function propertyList(r, inputNames) {
    if (!r.chance(0.45)) return []
    return Array.from({length: r.int(1, 3)}, () => {
        const name = r.pick(['port', 'name', 'size'])
        const value = r.pick([() => r.int(1, 9), () => r.pick(['a', 'b']), () => (inputNames.length ? {get_input: r.pick(inputNames)} : 'c')])()
        return {[name]: r.chance(0.25) ? {expression: {concat: ['p-', {variability_input: 'label'}]}} : {value}}
    })
}

/** A wrapped property assignment as a plain map entry (the map form has no conditions). */
function plain(entry) {
    const [name, wrapped] = Object.entries(entry)[0]
    return {[name]: wrapped.value ?? 'v'}
}

/** Conditions, default alternatives, implications and per-element keywords on every element kind. */
function decorate(r, e, template) {
    const topology = template.topology_template
    const listed = collection => (Array.isArray(collection) ? collection.map(entry => Object.values(entry)[0]) : [])
    const typed = (entries, kind, container) => {
        if (!Array.isArray(entries)) return
        // a policy's default type names its policy by index, which the reference cannot look up (see the doc)
        const defaults = container !== 'policy' && r.chance(0.6) ? r.int(0, entries.length - 1) : -1
        entries.forEach((entry, i) => {
            const body = Object.values(entry)[0]
            if (i === defaults) body.default_alternative = true
            else body.conditions = e.condition(kind)
            if (r.chance(0.1)) Object.assign(body, elementOptions(r, 'type'))
        })
    }
    // alternatives of one collection: each gets conditions, or is the default alternative (at most one per name)
    const alternatives = (bodies, kind, names) => {
        const defaulted = new Set()
        bodies.forEach((body, i) => {
            const name = names?.[i]
            if (r.chance(0.2) && !defaulted.has(name)) {
                body.default_alternative = true
                defaulted.add(name)
            } else if (r.chance(0.5)) body.conditions = r.chance(0.85) ? e.condition(kind) : [e.condition(kind), e.condition(kind)]
            if (r.chance(0.25)) Object.assign(body, elementOptions(r, kind))
            if (r.chance(0.08)) body.implies = implications(r, e, kind)
        })
    }
    const propertiesOf = holder => {
        if (!Array.isArray(holder.properties)) return
        alternatives(
            listed(holder.properties),
            'property',
            holder.properties.map(p => Object.keys(p)[0]),
        )
    }

    for (const node of Object.values(topology.node_templates)) {
        if (r.chance(0.4)) node.conditions = e.condition('node')
        if (r.chance(0.25)) Object.assign(node, elementOptions(r, 'node'))
        if (r.chance(0.08)) node.implies = implications(r, e, 'node')
        typed(node.type, 'type')
        propertiesOf(node)
        if (node.artifacts) {
            alternatives(
                listed(node.artifacts),
                'artifact',
                node.artifacts.map(a => Object.keys(a)[0]),
            )
            for (const artifact of listed(node.artifacts)) if (r.chance(0.15)) artifact.properties = [{checksum: {value: 'abc', conditions: e.condition('property')}}]
        }
        if (node.technology) {
            const bodies = listed(node.technology)
            alternatives(bodies, 'technology')
            for (const body of bodies) if (r.chance(0.2)) body.weight = r.pick([0, 0.5, 1])
        }
        if (node.requirements) {
            const requirements = node.requirements.map(entry => Object.values(entry)[0]).filter(body => typeof body === 'object')
            alternatives(requirements, 'relation', undefined)
            for (const body of requirements) if (r.chance(0.1)) body.implied = r.pick([true, false, 'SOURCE', 'TARGET', 'CONTAINER'])
        }
    }
    for (const relationship of Object.values(topology.relationship_templates ?? {})) {
        typed(relationship.type, 'type')
        propertiesOf(relationship)
    }
    const groups = Array.isArray(topology.groups) ? listed(topology.groups) : Object.values(topology.groups ?? {})
    for (const group of groups) {
        if (r.chance(0.6)) group.conditions = e.condition('group')
        if (r.chance(0.2) && group.type !== 'variability.groups.ConditionalMembers') Object.assign(group, elementOptions(r, 'group'))
        typed(group.type, 'type')
        propertiesOf(group)
    }
    for (const policy of listed(topology.policies)) {
        if (r.chance(0.5)) policy.conditions = e.condition('policy')
        if (r.chance(0.2)) Object.assign(policy, elementOptions(r, 'policy'))
        if (r.chance(0.08)) policy.implies = implications(r, e, 'policy')
        typed(policy.type, 'type', 'policy')
    }
    for (const [kind, collection] of [
        ['input', topology.inputs],
        ['output', topology.outputs],
    ]) {
        if (!collection) continue
        const entries = Array.isArray(collection) ? collection : Object.entries(collection).map(([k, v]) => ({[k]: v}))
        const bodies = entries.map(entry => Object.values(entry)[0])
        if (Array.isArray(collection)) {
            const names = entries.map(entry => Object.keys(entry)[0])
            // a default alternative written by the structure stays the only one of its name
            bodies.forEach((body, i) => {
                if (body.default_alternative) return
                if (r.chance(0.5)) body.conditions = e.condition(kind)
                if (r.chance(0.15) && !bodies.some((b, j) => j !== i && names[j] === names[i] && b.default_alternative)) body.default_alternative = true
                if (r.chance(0.2)) Object.assign(body, elementOptions(r, kind))
                if (r.chance(0.08)) body.implies = implications(r, e, kind)
            })
        } else for (const body of bodies) if (r.chance(0.5)) body.conditions = e.condition(kind)
    }
    for (const entry of template.imports ?? []) {
        if (r.chance(0.8)) entry.conditions = e.condition('import')
        if (r.chance(0.1)) entry.implies = implications(r, e, 'import')
    }
}

/** An `implies` list: each entry a target condition, sometimes guarded by a second condition. */
function implications(r, e, kind) {
    return Array.from({length: r.int(1, 2)}, () => (r.chance(0.5) ? [e.condition(kind)] : [e.condition(kind), e.condition(kind)]))
}
