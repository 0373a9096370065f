// The third generation of random variable service templates, shaped like realistic
// technology-aware deployments: a string input `env` picks one of 2–5 environments,
// each with its own abstract provider, and components sit on deep, shared hosting
// stacks (component → runtime → machine → provider, or a platform or cluster) whose
// types form derived_from chains. Technology rules (inline, in a named file, in
// technology-rules.yaml or lib/technology-rules.yaml) and manual technologies choose
// how each node is deployed; type-specific conditions cover every type kind; inputs
// come from default expressions, presets and an inputs file at once. About a fifth of
// the cases carry one realistic mistake, and some a second whose place among the others the
// reference's reading fixes (orderingMistake). Seeded: the same seed gives the same case.
import {ELEMENT_MODES, elementOptions, variabilityOptions} from './element-options.mjs'
import {random} from './random.mjs'

const ENVIRONMENTS = ['ONPREM', 'CLOUD', 'EDGE', 'LAB', 'HYBRID']
// what an environment hosts components on: a runtime on a machine, a platform, a cluster, or the provider itself
const HOSTINGS = ['machine', 'machine', 'platform', 'cluster', 'provider']
const SERVICE_TYPES = ['service', 'service.web', 'service.api', 'service.web.shop']
const WEIGHTS = [1, 0.75, 0.5, 0.25, 0]
// an abstract type is unmanaged: it needs no technology
const abstract = () => ({metadata: {vintner_abstract: 'true'}})

/** One template, how to resolve it and the files beside it: `{template, inputs, presets, files}` (plain data). */
export function generateThird(seed) {
    const r = random(seed)
    const version = r.pick(['tosca_variability_1_0_rc_3', 'tosca_variability_1_0_rc_3', 'tosca_variability_1_0', 'tosca_variability_1_0', 'tosca_variability_1_0_rc_2'])
    const envs = environments(r)
    const types = typeSystem(r, envs)
    const mode = pruningMode(r, version)
    // without semantic pruning, every host and hosting relation says when it is present
    const explicit = !mode.startsWith('semantic')
    const c = {r, version, mode, envs, types, explicit, nodes: {}, relationships: {}, files: {}, rules: [], ruleHosting: new Map()}
    c.imageType = r.pick(['artifact.image', 'tosca.artifacts.Deployment.Image'])
    stacks(c)

    const variability = {inputs: variabilityInputs(r, envs), presets: presets(r, envs)}
    variability.expressions = {is_large: {variability_input: 'large'}, machine_name: {concat: [{variability_input: 'env'}, '-', {variability_input: 'size'}]}}
    const options = optionsFor(r, version, mode)
    if (Object.keys(options).length) variability.options = options
    c.rules = technologyRules(r, c)
    manualTechnologies(c)
    placeRules(c, variability)
    if (r.chance(0.6)) placeTypeSpecific(c, variability, typeSpecificConditions(r, c))

    const topology = {}
    if (r.chance(0.4)) topology.inputs = Object.fromEntries(envs.map(env => [`${env.slug}_region`, {type: 'string', default: `${env.slug}-1`}]))
    topology.variability = variability
    topology.node_templates = c.nodes
    if (Object.keys(c.relationships).length) topology.relationship_templates = c.relationships
    groupsAndPolicies(c, topology)
    if (topology.inputs) for (const env of envs) c.nodes[`${env.slug}_provider`].properties = [{region: {get_input: `${env.slug}_region`}}]
    outputs(seed, c, topology)

    const template = {tosca_definitions_version: version}
    placeTypes(c, template)
    template.topology_template = topology
    decorate(c)

    const chosen = r.chance(0.6) ? [r.pick(Object.keys(variability.presets))] : []
    if (chosen.length && r.chance(0.3)) chosen.push(r.pick(Object.keys(variability.presets)))
    const inputs = inputValues(r, envs, variability, chosen)
    const generated = {template, inputs, presets: chosen, files: c.files}
    const mistaken = r.chance(0.2)
    if (mistaken) r.pick(MISTAKES)(c, generated)
    orderingMistake(seed, mistaken, generated.template)
    // plain data without shared objects, so the YAML has no aliases
    return JSON.parse(JSON.stringify(generated))
}

/** 2–5 environments with their hosting (the second never on machines, so kinds mix). */
function environments(r) {
    const values = ENVIRONMENTS.slice(0, r.int(2, 5))
    return values.map((value, i) => ({value, slug: value.toLowerCase(), hosting: i === 1 ? r.pick(HOSTINGS.filter(h => h !== 'machine')) : r.pick(HOSTINGS)}))
}

/** The types of every kind, with derived_from chains; `roles` names the type each kind of node gets. */
function typeSystem(r, envs) {
    const node = {}
    const define = (name, parent, extra = {}) => ((node[name] = {derived_from: parent, ...extra}), name)
    const provider = define('provider', 'tosca.nodes.Root', abstract())
    // a chain of abstract providers: an environment's provider may sit below provider.public
    const cloud = r.chance(0.5) ? define('provider.public', provider, abstract()) : provider
    const providers = Object.fromEntries(envs.map(env => [env.value, define(`provider.${env.slug}`, r.chance(0.5) ? cloud : provider, abstract())]))
    const machine = define('machine', 'tosca.nodes.Compute')
    const vm = r.chance(0.5) ? define('machine.virtual', machine) : machine
    const runtime = define('runtime', 'tosca.nodes.SoftwareComponent')
    define('service', 'tosca.nodes.SoftwareComponent')
    define('service.web', 'service')
    define('service.api', 'service')
    define('service.web.shop', 'service.web')
    const dbms = define('dbms', 'tosca.nodes.SoftwareComponent')
    const roles = {
        provider,
        providers,
        machine,
        vm,
        runtime,
        runtimes: [define('runtime.node', runtime), define('runtime.python', runtime)],
        platform: define('platform', 'tosca.nodes.Root'),
        cluster: r.chance(0.5) ? define('cluster.k8s', define('cluster', 'tosca.nodes.Root')) : define('cluster', 'tosca.nodes.Root'),
        dbms,
        sql: define('dbms.sql', dbms),
        managedSql: define('dbms.managed', dbms),
        database: define('database', 'tosca.nodes.Root'),
        ingress: define('ingress', 'tosca.nodes.Root'),
        monitor: define('monitor', 'tosca.nodes.Root'),
    }
    const artifacts = {'artifact.image': {derived_from: 'tosca.artifacts.Deployment.Image'}, 'artifact.archive': {derived_from: 'tosca.artifacts.Deployment'}}
    artifacts['artifact.archive.zip'] = {derived_from: 'artifact.archive'}
    return {
        roles,
        definitions: {
            node_types: node,
            artifact_types: artifacts,
            relationship_types: {'connects.database': {derived_from: 'tosca.relationships.ConnectsTo'}},
            group_types: {'group.tier': {derived_from: 'tosca.groups.Root'}},
            policy_types: {'policy.scaling': {derived_from: 'tosca.policies.Root'}},
        },
    }
}

const envIs = env => ({equal: [{variability_input: 'env'}, env.value]})

/** The nodes: a provider per environment, its hosts, components sharing them, a database stack and extras. */
function stacks(c) {
    const {r, envs, types, nodes} = c
    const {roles} = types
    const add = (name, body) => (nodes[name] = body)
    // the application machines and the clusters: artifacts are conditioned on them, extras hosted by them
    c.machines = []
    c.clusters = []
    const database = r.chance(0.6)
    for (const env of envs) {
        const provider = `${env.slug}_provider`
        add(provider, {type: roles.providers[env.value], conditions: envIs(env)})
        const own = {env, provider}
        if (env.hosting === 'machine') {
            const vm = (own.vm = `${env.slug}_vm`)
            add(vm, {type: roles.vm, properties: machineProperties(r), requirements: [hosted(c, provider)]})
            if (r.chance(0.4)) nodes[vm].artifacts = [{machine_image: {type: 'tosca.artifacts.Deployment.Image', file: 'ubuntu-24.04', ...hostCondition(r, provider, vm)}}]
            // one or two runtimes on the machine, shared by the components
            own.runtimes = roles.runtimes.slice(0, r.int(1, 2)).map(type => {
                const name = `${env.slug}_${type.split('.')[1]}`
                add(name, {type, requirements: [hosted(c, vm)]})
                return name
            })
            c.machines.push(vm)
            // the database's own machine, sometimes
            if (database && r.chance(0.3)) {
                own.dbvm = `${env.slug}_dbvm`
                add(own.dbvm, {type: roles.vm, requirements: [hosted(c, provider)]})
            }
        } else if (env.hosting === 'platform') {
            own.platform = `${env.slug}_platform`
            add(own.platform, {type: roles.platform, requirements: [hosted(c, provider)]})
        } else if (env.hosting === 'cluster') {
            own.cluster = `${env.slug}_cluster`
            add(own.cluster, {type: roles.cluster, requirements: [hosted(c, provider)]})
            c.clusters.push(own.cluster)
        }
        env.stack = own
    }
    components(c)
    if (database) databaseStack(c)
    extras(c)
}

/** A hosting requirement; explicit templates say it holds when its target does. */
function hosted(c, target) {
    return c.explicit || c.r.chance(0.15) ? {host: {node: target, conditions: {node_presence: target}}} : {host: target}
}

/** An artifact condition on the node's host: which host is present, or that any is. */
function hostCondition(r, host, container) {
    return r.chance(0.7) ? {conditions: {node_presence: host}} : {conditions: {host_presence: container}}
}

function machineProperties(r) {
    const flavor = large => ({flavor: {value: large ? 'm1.large' : 'm1.medium', conditions: large ? {logic_expression: 'is_large'} : {not: {variability_input: 'large'}}}})
    return [{name: {expression: {value_expression: 'machine_name'}}}, ...(r.chance(0.7) ? [flavor(false), flavor(true)] : [{flavor: 'm1.small'}])]
}

/** 1–8 components, each hosted in every environment; the first is persistent, the others are used by an earlier one. */
function components(c) {
    const {r, nodes} = c
    const count = Math.max(1, Math.min(r.int(1, 8), 34 - Object.keys(nodes).length - 8))
    c.components = []
    for (let i = 0; i < count; i++) {
        const name = `component_${i}`
        const type = r.pick(SERVICE_TYPES)
        const node = {type}
        if (i === 0) node.persistent = true
        node.properties = [{port: 8000 + i}, ...featureProperties(r)]
        // a runtime per machine environment (several components share it), the platform or the cluster
        const hosts = c.envs.map(env => (env.stack.runtimes ? r.pick(env.stack.runtimes) : (env.stack.platform ?? env.stack.cluster ?? env.stack.provider)))
        node.requirements = hosts.map(host => hosted(c, host))
        // one relation name per target: two present relations of one name break the uniqueness constraint
        if (i > 0) nodes[`component_${r.int(0, i - 1)}`].requirements.push({[`backend_${i}`]: `component_${i}`})
        node.artifacts = componentArtifacts(c, name, hosts)
        if (!node.artifacts.length) delete node.artifacts
        nodes[name] = node
        c.components.push(name)
    }
}

function featureProperties(r) {
    if (!r.chance(0.6)) return []
    return [{feature: {value: 'on', conditions: {variability_input: 'feature'}}}, {feature: {value: 'off', conditions: {not: {variability_input: 'feature'}}}}]
}

/** An image for clusters, an archive for runtimes and platforms, each conditioned on its hosts. */
function componentArtifacts(c, name, hosts) {
    const {r} = c
    const onCluster = hosts.filter(h => c.clusters.includes(h))
    const elsewhere = hosts.filter(h => !c.clusters.includes(h))
    const presence = list => (list.length === 1 ? {node_presence: list[0]} : {or: list.map(h => ({node_presence: h}))})
    const artifacts = []
    if (onCluster.length) artifacts.push({image: {type: c.imageType, file: `registry/${name}:1`, conditions: presence(onCluster)}})
    if (elsewhere.length) {
        const conditions = onCluster.length && r.chance(0.3) ? {not: presence(onCluster)} : presence(elsewhere)
        artifacts.push({archive: {type: r.pick(['artifact.archive.zip', 'artifact.archive']), file: `files/${name}.zip`, ...(c.explicit || r.chance(0.8) ? {conditions} : {})}})
    }
    return artifacts
}

/** A database on a self-managed DBMS (on machines or clusters) or on each platform's managed DBMS. */
function databaseStack(c) {
    const {r, nodes, types, envs} = c
    const hosts = []
    const selfManaged = envs.filter(env => env.hosting === 'machine' || env.hosting === 'cluster')
    if (selfManaged.length) {
        const dbms = {type: types.roles.sql, requirements: selfManaged.map(env => hosted(c, env.stack.cluster ?? env.stack.dbvm ?? `${env.slug}_vm`))}
        // an artifact for each kind of host: with conditional artifacts, a present DBMS without one is pruned or fails a check
        const on = hosts => ({or: hosts.map(h => ({node_presence: h}))})
        const machines = dbms.requirements.map(req => req.host.node ?? req.host).filter(h => !c.clusters.includes(h))
        dbms.artifacts = [
            ...(c.clusters.length ? [{dbms_image: {type: 'artifact.image', file: 'mysql:8', conditions: on(c.clusters)}}] : []),
            ...(machines.length && c.clusters.length ? [{dbms_package: {type: 'tosca.artifacts.Deployment', file: 'mysql-server', conditions: on(machines)}}] : []),
        ]
        if (!dbms.artifacts.length) delete dbms.artifacts
        nodes.dbms = dbms
        hosts.push('dbms')
    }
    for (const env of envs.filter(e => e.hosting === 'platform' || e.hosting === 'provider')) {
        nodes[`${env.slug}_sql`] = {type: types.roles.managedSql, requirements: [hosted(c, env.stack.provider)]}
        hosts.push(`${env.slug}_sql`)
    }
    nodes.database = {type: 'database', properties: [{schema: 'app'}], requirements: hosts.map(h => hosted(c, h))}
    // the components that use it, some through a relationship template of a derived type
    for (const name of c.components.filter((_, i) => i === 0 || r.chance(0.4))) {
        let requirement = 'database'
        if (r.chance(0.4)) {
            const relationship = `${name}_database`
            c.relationships[relationship] = {type: 'connects.database', properties: [{user: 'app'}]}
            requirement = {node: 'database', relationship}
        }
        nodes[name].requirements.push({database: requirement})
    }
}

/** An ingress in front of the first component and a monitor on every machine, each sometimes. */
function extras(c) {
    const {r, nodes} = c
    const candidates = [...c.clusters, ...c.machines]
    // only where every environment can host it: a pruned ingress leaves its application's incoming relation conditional
    if (candidates.length === c.envs.length && r.chance(0.5)) nodes.ingress = {type: 'ingress', requirements: [{application: 'component_0'}, ...candidates.map(h => hosted(c, h))]}
    if (c.machines.length && r.chance(0.35)) {
        nodes.monitor = {type: 'monitor', requirements: c.machines.map(h => hosted(c, h))}
        // a node with conditions gets no default condition but under semantic-loose: it says where it is hosted
        nodes.monitor.conditions =
            c.mode !== 'semantic-loose' ? {and: [{variability_input: 'feature'}, {or: c.machines.map(h => ({node_presence: h}))}]} : {variability_input: 'feature'}
    }
    if (c.explicit) explicitConditions(c)
}

/** Without pruning: a host is present with its provider, a DBMS or database with any of its hosts. */
function explicitConditions(c) {
    for (const env of c.envs)
        for (const name of [...(env.stack.runtimes ?? []), `${env.slug}_vm`, env.stack.dbvm, env.stack.platform, env.stack.cluster, `${env.slug}_sql`])
            if (c.nodes[name]) c.nodes[name].conditions = c.r.chance(0.5) ? envIs(env) : {node_presence: env.stack.provider}
    for (const name of ['dbms', 'database']) {
        const node = c.nodes[name]
        if (node) node.conditions = {or: node.requirements.filter(req => req.host).map(req => ({node_presence: req.host.node}))}
    }
}

/** A group of the components and a scaling policy, conditioned or not, of their own types. */
function groupsAndPolicies(c, topology) {
    const {r} = c
    if (r.chance(0.4)) topology.groups = {frontend: {type: 'group.tier', members: c.components.filter((_, i) => i === 0 || r.chance(0.5))}}
    if (r.chance(0.4)) {
        const targets = topology.groups && r.chance(0.5) ? ['frontend'] : [c.components[0]]
        topology.policies = [{scaling: {type: 'policy.scaling', targets, properties: {replicas: 2}, ...(r.chance(0.5) ? {conditions: {logic_expression: 'is_large'}} : {})}}]
    }
}

/** The variability inputs: the environment, a default_expression chain replicas → size → large, and a feature flag. */
function variabilityInputs(r, envs) {
    const env = {type: 'string'}
    if (r.chance(0.4)) env.default = envs[0].value
    const replicas = r.chance(0.8) ? {type: 'integer', default: r.int(1, 3)} : {type: 'integer', default_expression: {add: [1, r.int(0, 2)]}}
    const size = {type: 'integer', default_expression: r.pick([{mul: [{variability_input: 'replicas'}, 2]}, {add: [{variability_input: 'replicas'}, r.int(0, 3)]}])}
    const large = {type: 'boolean', default_expression: {greater_or_equal: [{variability_input: 'size'}, r.int(3, 5)]}}
    return {env, replicas, size, large, feature: {type: 'boolean', default: r.chance(0.5)}}
}

/** A preset per environment (some also scale), and one that only switches the feature. */
function presets(r, envs) {
    const out = {}
    for (const env of envs) out[env.slug] = {inputs: {env: env.value, ...(r.chance(0.3) ? {replicas: r.int(1, 4)} : {})}}
    out.full = {inputs: {feature: true, ...(r.chance(0.5) ? {replicas: 3} : {})}}
    return out
}

/** The inputs file: the environment unless a preset or the default gives it, sometimes a mistyped or undeclared value. */
function inputValues(r, envs, variability, chosen) {
    const inputs = {}
    const given = variability.inputs.env.default !== undefined || chosen.some(p => variability.presets[p].inputs.env)
    if (!given || r.chance(0.4)) inputs.env = r.pick(envs).value
    if (r.chance(0.3)) inputs.feature = r.chance(0.5)
    if (r.chance(0.3)) inputs.replicas = r.int(1, 4)
    // the reference keeps a string as a string for an integer or boolean input; an undeclared input is ignored
    if (r.chance(0.06)) Object.assign(inputs, r.pick([{replicas: 'two'}, {replicas: '3'}, {feature: 'yes'}, {feature: 'true'}]))
    if (r.chance(0.1)) inputs[r.pick(['region', 'enviroment', 'tier'])] = 'eu'
    return inputs
}

/** The pruning mode: mostly semantic (the rc default; 1_0 templates set it), sometimes one that leaves conditions to the template. */
function pruningMode(r, version) {
    const semantic = version === 'tosca_variability_1_0' ? r.chance(0.65) : r.chance(0.9)
    return semantic
        ? r.pick(['semantic-loose', 'semantic-loose', 'semantic-loose', 'semantic-strict'])
        : r.pick(['manual', 'manual', 'consistent-loose', 'consistent-strict', 'default'])
}

/** The template-wide options: the mode unless it is the default, sometimes per-kind options, checks and optimization. */
function optionsFor(r, version, mode) {
    if (r.chance(0.04)) return {...variabilityOptions(r, version), mode}
    const options = {}
    const fallback = version === 'tosca_variability_1_0' ? 'manual' : 'semantic-loose'
    if (mode !== fallback || r.chance(0.2)) options.mode = mode
    // 1_0 prunes nodes only by incoming relations and artifacts unless told to look at hosts as well
    if (version === 'tosca_variability_1_0' && mode.startsWith('semantic'))
        options.node_default_condition_mode = r.pick(['incomingnaive-artifact-host', 'incoming-artifact-host', 'host'])
    if (version === 'tosca_variability_1_0') {
        if (r.chance(0.75)) options.enrich_technologies = true
        // without these, a variant with fewer hosts is as good as the one wanted (1_0 optimizes nothing by default)
        if (mode.startsWith('semantic')) Object.assign(options, {hosting_stack_constraint: true, optimization_topology: true})
        // by weight, so that distinct weights decide (the count ties on one technology per node)
        if (r.chance(0.85)) Object.assign(options, {optimization_technologies: true, optimization_technologies_mode: 'weight'})
    }
    // conditions the template does not write: elements of absent nodes go with them
    if (!mode.startsWith('semantic') && mode !== 'consistent-loose') {
        const kinds = ['property', 'artifact', 'type', 'technology', 'relation']
        // sometimes one is forgotten
        if (r.chance(0.05)) kinds.splice(r.int(0, kinds.length - 1), 1)
        for (const kind of kinds) options[`${kind}_pruning`] = true
    }
    for (let i = r.chance(0.12) ? r.int(1, 3) : 0; i > 0; i--) {
        const kind = r.pick(['node', 'relation', 'property', 'artifact', 'type', 'technology', 'group', 'policy'])
        options[`${kind}_${r.pick(['default_condition', 'pruning', 'default_semantic_condition', 'semantic_pruning', 'consistency_pruning'])}`] = r.chance(0.5)
    }
    if (r.chance(0.1)) options.node_default_condition_mode = r.pick(ELEMENT_MODES.node.filter(m => m.endsWith('host') && !m.startsWith('relation')))
    if (r.chance(0.15)) options.checks = r.chance(0.5)
    if (r.chance(0.15)) options.optimization_technologies = r.pick([true, 'min', 'max'])
    if (r.chance(0.1)) options.optimization_technologies_unique = true
    if (r.chance(0.1)) options.optimization_topology_unique = false
    return options
}

/** Rules for every kind of managed node, for the hosting stacks the template has; weights mostly differ per component. */
function technologyRules(r, c) {
    const {roles} = c.types
    const hostings = new Set(c.envs.map(env => env.hosting))
    const rules = []
    const weights = new Map()
    // a component's rules draw distinct weights, so an optimum is mostly unique
    const weight = component => {
        const left = weights.get(component) ?? [...WEIGHTS]
        weights.set(component, left)
        return left.length && r.chance(0.95) ? left.splice(r.int(0, left.length - 1), 1)[0] : r.pick(WEIGHTS)
    }
    // `stack`: the environments' hosting the rule is for, which manual technologies look up
    const rule = (technology, component, hosting, extra = {}, stack = undefined) => {
        if (r.chance(0.005)) return // a kind of node no rule covers (its nodes cannot be deployed)
        // a weight of 1 is sometimes left to the default
        const w = weight(component)
        rules.push({technology, component, ...(hosting ? {hosting} : {}), ...extra, ...(w !== 1 || r.chance(0.5) ? {weight: w} : {})})
        if (stack) c.ruleHosting.set(rules.at(-1), stack)
    }
    // mostly for every service; a rule for a narrower type leaves the others without it
    const service = () => (r.chance(0.95) ? 'service' : r.pick(SERVICE_TYPES))
    // mostly any provider; one environment's provider leaves the others without the rule
    const provider = () => (r.chance(0.9) ? roles.provider : r.pick(Object.values(roles.providers)))
    if (hostings.has('machine')) {
        rule('ansible', service(), [roles.runtime, r.pick([roles.machine, roles.vm])], {}, 'machine')
        rule('terraform', service(), ['*', roles.machine], {}, 'machine')
        rule('ansible', roles.runtime, [roles.machine])
        rule('terraform', roles.machine, [provider()])
        rule('ansible', roles.machine, ['*', roles.provider])
    }
    if (hostings.has('platform')) {
        rule('terraform', service(), [roles.platform], r.chance(0.5) ? {artifact: 'artifact.archive'} : {}, 'platform')
        rule('terraform', roles.platform, r.chance(0.5) ? [roles.provider] : undefined)
    }
    if (hostings.has('provider')) rule('terraform', service(), [provider()], {}, 'provider')
    if (hostings.has('cluster')) {
        rule('kubernetes', service(), [roles.cluster], {artifact: r.pick([c.imageType, 'tosca.artifacts.Deployment.Image'])}, 'cluster')
        rule('terraform', roles.cluster, r.chance(0.5) ? ['*', roles.provider] : undefined)
    }
    if (c.nodes.dbms) {
        if (hostings.has('machine')) rule('ansible', r.pick([roles.dbms, roles.sql]), [roles.machine])
        if (hostings.has('cluster')) rule('kubernetes', roles.dbms, [roles.cluster])
    }
    if (c.nodes.database) {
        rule('ansible', 'database', [roles.dbms])
        rule('terraform', 'database', ['*', roles.provider])
    }
    if (Object.keys(c.nodes).some(name => name.endsWith('_sql'))) rule('terraform', roles.managedSql, [roles.provider])
    if (c.nodes.ingress) rule(r.pick(['ansible', 'kubernetes']), 'ingress', r.chance(0.5) ? ['*', roles.provider] : undefined)
    if (c.nodes.monitor) rule('ansible', 'monitor', [roles.machine])
    return rules
}

/** Technologies written on nodes beside the rules: one by name, per environment with conditions, or a default alternative. */
function manualTechnologies(c) {
    const {r, nodes, rules} = c
    const nodeTypes = c.types.definitions.node_types
    const isA = (type, ancestor) => type === ancestor || (nodeTypes[type] !== undefined && isA(nodeTypes[type].derived_from, ancestor))
    for (const env of c.envs.filter(env => env.stack.vm && r.chance(0.25))) {
        // the technologies of the rules that implement this machine on its provider
        const vm = env.stack.vm
        const provider = nodes[env.stack.provider].type
        const implementing = rules.filter(rule => isA(nodes[vm].type, rule.component) && isA(provider, rule.hosting?.at(-1)))
        const choices = [...new Set(implementing.map(rule => rule.technology))]
        if (!choices.length) continue
        if (choices.length > 1 && r.chance(0.4))
            // one implementation each (a machine has one host), so the default alternative is the only default
            nodes[vm].technology = [{[choices[0]]: {default_alternative: true}}, {[choices[1]]: {conditions: {logic_expression: 'is_large'}}}]
        else nodes[vm].technology = r.pick(choices)
    }
    if (c.components.length > 1 && r.chance(0.25)) {
        const name = c.components[c.components.length - 1]
        const service = SERVICE_TYPES.filter(t => nodes[name].type === t || nodes[name].type.startsWith(`${t}.`))
        // per environment, a technology a rule implements on that environment's hosting
        const technology = c.envs.map(env => [env, rules.filter(rule => service.includes(rule.component) && c.ruleHosting.get(rule) === env.hosting)])
        nodes[name].technology = technology.filter(([, found]) => found.length).map(([env, found]) => ({[r.pick(found).technology]: {conditions: envIs(env)}}))
        if (!nodes[name].technology.length) delete nodes[name].technology
    }
}

/** Rules inline, in a file the template names, or in one of the default files the reference reads. */
function placeRules(c, variability) {
    const {r, rules} = c
    if (!rules.length) return
    // the specification's own examples write the map form, which the reference does not read
    const written = r.chance(0.03) ? byTechnology(rules) : rules
    const place = r.pick(['inline', 'inline', 'named', 'beside', 'lib'])
    if (place === 'inline') variability.technology_rules = written
    else if (place === 'named') {
        const file = r.pick(['rules.yaml', 'lib/rules.yaml', 'deployment/technology-rules.yaml'])
        variability.technology_rules = `./${file}`
        c.files[file] = written
    } else c.files[place === 'lib' ? 'lib/technology-rules.yaml' : 'technology-rules.yaml'] = written
    // both default files: the reference reads the first only
    if (place === 'beside' && r.chance(0.15)) c.files['lib/technology-rules.yaml'] = rules.slice(0, 1)
}

/** The map form of rules: `{technology: [{component, …}]}`. */
function byTechnology(rules) {
    const out = {}
    for (const {technology, ...rule} of rules) (out[technology] ??= []).push(rule)
    return out
}

/** Type-specific conditions for types of every kind, base and derived types alike. */
function typeSpecificConditions(r, c) {
    // the list form in one entry of a few cases: the reference reads only a single condition (see the doc)
    let listed = r.chance(0.05)
    const entry = conditions => {
        const written = listed ? [conditions, true] : conditions
        listed = false
        return {conditions: written, ...(r.chance(0.15) ? {consistency: r.chance(0.5)} : {}), ...(r.chance(0.05) ? {semantic: false} : {})}
    }
    // the reference adds a type-specific condition to the element-generic one, Trellis replaces it (as the
    // specification says): mostly entries that ask for what the generic one asks, a diverging one in a few cases
    const nodeTypes = {}
    if (c.nodes.monitor && r.chance(0.6)) nodeTypes.monitor = entry({host_presence: 'SELF'})
    if (r.chance(0.15)) {
        const type = r.pick(['service', 'service.web', 'service.web.shop', 'runtime.node', 'runtime.python', c.types.roles.vm, 'dbms.sql', 'database'])
        nodeTypes[type] = entry(r.pick([{host_presence: 'SELF'}, {has_incoming_relation: 'SELF'}]))
    }
    // an entry for a parent type applies to no node of a derived type: it is looked up by the type's own name
    if (r.chance(0.2)) nodeTypes[r.pick(['runtime', 'provider', 'dbms'])] = entry({has_incoming_relation: 'SELF'})
    const out = {}
    if (Object.keys(nodeTypes).length) out.node_types = nodeTypes
    // rare: the reference fails on any relation without a relationship template once relationship_types has entries
    if (r.chance(0.04)) out.relationship_types = {'connects.database': entry({target_presence: 'SELF'})}
    if (r.chance(0.5)) {
        // the reference never applies these (it looks them up by the artifact's normalized type list): mostly the
        // element-generic condition written out (its container, and from rc_3 on a technology that deploys it)
        const generic = c.version === 'tosca_variability_1_0_rc_3' ? {and: [{container_presence: 'SELF'}, {is_managed: 'SELF'}]} : {container_presence: 'SELF'}
        const image = c.clusters.length ? {'artifact.image': entry(r.chance(0.7) ? generic : {or: c.clusters.map(h => ({node_presence: h}))})} : {}
        out.artifact_types = {...image, 'artifact.archive.zip': entry(r.chance(0.7) ? generic : {host_presence: 'CONTAINER'})}
    }
    if (r.chance(0.5)) out.group_types = {'group.tier': entry({has_present_member: 'SELF'})}
    if (r.chance(0.5)) out.policy_types = {'policy.scaling': entry({has_present_target: 'SELF'})}
    return out
}

function placeTypeSpecific(c, variability, conditions) {
    if (!Object.keys(conditions).length) return
    const place = c.r.pick(['inline', 'inline', 'inline', 'beside', 'named'])
    if (place === 'inline') variability.type_specific_conditions = conditions
    else if (place === 'beside') c.files['type-specific-conditions.yaml'] = conditions
    else {
        variability.type_specific_conditions = './conditions.yaml'
        c.files['conditions.yaml'] = conditions
    }
}

/** The types in the template, in lib/types.yaml (the reference reads the whole lib/ folder) or split between them. */
function placeTypes(c, template) {
    const {r} = c
    const definitions = c.types.definitions
    const place = r.pick(['template', 'lib', 'split'])
    const lib = {tosca_definitions_version: 'tosca_simple_yaml_1_3'}
    for (const [kind, types] of Object.entries(definitions)) {
        const inLib = place === 'lib' || (place === 'split' && kind !== 'node_types')
        if (inLib) lib[kind] = types
        else template[kind] = types
    }
    if (place === 'split') {
        // the providers in a file of their own
        const providers = Object.entries(definitions.node_types).filter(([, type]) => type.metadata)
        lib.node_types = Object.fromEntries(providers)
        for (const [name] of providers) delete template.node_types[name]
    }
    if (place !== 'template') {
        c.files['lib/types.yaml'] = lib
        if (r.chance(0.5)) template.imports = ['lib/types.yaml']
    }
    // keep the keys in the usual order: version, imports, types, topology
    const {tosca_definitions_version, imports, ...rest} = template
    for (const key of Object.keys(template)) delete template[key]
    Object.assign(template, {tosca_definitions_version, ...(imports ? {imports} : {}), ...rest})
}

/** Per-element option keywords and weights, here and there. */
function decorate(c) {
    const {r, nodes} = c
    for (const node of Object.values(nodes)) {
        if (r.chance(0.08)) Object.assign(node, nodeOptions(r))
        if (r.chance(0.05)) node.weight = r.pick([0, 0.5, 1])
        for (const requirement of node.requirements ?? []) {
            const body = Object.values(requirement)[0]
            if (typeof body === 'object' && r.chance(0.08)) Object.assign(body, elementOptions(r, 'relation'))
        }
        for (const artifact of node.artifacts ?? []) if (r.chance(0.08)) Object.assign(Object.values(artifact)[0], elementOptions(r, 'artifact'))
        for (const property of node.properties ?? []) {
            const body = Object.values(property)[0]
            if (body && typeof body === 'object' && 'value' in body && r.chance(0.08)) Object.assign(body, elementOptions(r, 'property'))
        }
    }
}

/** A node's own options; a default condition mode looks at the host, which these stacks rely on. */
function nodeOptions(r) {
    const own = elementOptions(r, 'node')
    if (own.default_condition_mode !== undefined) own.default_condition_mode = r.pick(['host', 'incoming-host', 'incomingnaive-artifact-host', 'artifact-host'])
    return own
}

/**
 * Topology outputs that read the components' properties, in each form the reference links to the
 * node producing them (an output is pruned with it): `get_property`, `get_attribute` and Unfurl's
 * eval, now and then with a node misspelled. From a stream of their own, so that every other part
 * of a seed's case stays as it was before outputs were generated.
 */
function outputs(seed, c, topology) {
    const r = random(seed * 7919 + 17)
    if (!r.chance(0.5)) return
    const forms = [
        name => ({get_property: [name, 'port']}),
        name => ({get_attribute: [name, 'public_address']}),
        name => `{{ '::${name}::port' | eval }}`,
        name => ({eval: `${name}::port`}),
        name => ({concat: ['http://', {get_attribute: [name, 'public_address']}]}),
    ]
    const out = {}
    for (const [i, name] of c.components.entries()) {
        if (i > 0 && !r.chance(0.5)) continue
        const read = r.chance(0.05) ? `${name}_app` : name
        const output = {value: r.pick(forms)(read)}
        if (r.chance(0.2)) output.conditions = {variability_input: 'large'}
        out[`${name}_endpoint`] = output
    }
    topology.outputs = out
}

/**
 * Mistakes whose place among the others the reference's reading fixes (persistent_check at the end
 * of reading the elements, default condition modes while enriching, a node named SELF while
 * reading): beside the case's mistake in half the cases that have one, alone in a few. From a stream
 * of their own, so that every other case stays as it was.
 */
function orderingMistake(seed, mistaken, template) {
    const r = random(seed * 104729 + 31)
    if (r.chance(mistaken ? 0.5 : 0.05)) r.pick(ORDERING_MISTAKES)(r, template)
}

const ORDERING_MISTAKES = [
    // checks on and no node persistent, which a node default condition of incoming and host needs
    (r, t) => {
        const variability = t.topology_template.variability
        variability.options = {...variability.options, checks: true}
        for (const node of Object.values(t.topology_template.node_templates)) delete node.persistent
    },
    // an artifact default condition mode misspelled
    (r, t) => {
        const variability = t.topology_template.variability
        variability.options = {...variability.options, artifact_default_condition_mode: r.pick(['container-manage', 'containers', 'managed-container-x'])}
    },
    // a node's own default condition mode misspelled
    (r, t) => {
        const nodes = t.topology_template.node_templates
        nodes[r.pick(Object.keys(nodes))].default_condition_mode = r.pick(['incoming-hots', 'sources', 'host-artifacts'])
    },
    // a node named SELF, a copy of another
    (r, t) => {
        const nodes = t.topology_template.node_templates
        nodes.SELF = JSON.parse(JSON.stringify(nodes[r.pick(Object.keys(nodes))]))
    },
]

/** Realistic mistakes, one per case that has one; each changes the generated case in place. */
const MISTAKES = [
    // an operator misspelled
    c => {
        const provider = c.nodes[`${c.envs[0].slug}_provider`]
        provider.conditions = {[c.r.pick(['equals', 'eq', 'is'])]: provider.conditions.equal}
    },
    // an input read under another name
    c => (c.nodes[`${c.envs[1].slug}_provider`].conditions = {equal: [{variability_input: c.r.pick(['environment', 'Env', 'envs'])}, c.envs[1].value]}),
    // a node named wrongly, in a condition or as a host
    c => {
        const name = c.components[0]
        if (c.r.chance(0.5)) c.nodes[name].conditions = {node_presence: `${c.envs[0].slug}_provder`}
        else c.nodes[name].requirements.push({host: `${c.envs[0].slug}_vmm`})
    },
    // a type-specific entry without conditions, for a type a node has
    (c, g) => {
        const variability = g.template.topology_template.variability
        const entry = {[c.nodes[c.components[0]].type]: {semantic: true}}
        if (typeof variability.type_specific_conditions === 'object')
            variability.type_specific_conditions.node_types = {...variability.type_specific_conditions.node_types, ...entry}
        else variability.type_specific_conditions = {node_types: entry}
    },
    // a preset that is not defined
    (c, g) => g.presets.push(c.r.pick(['staging', 'prod', 'default'])),
    // a technology no rule implements, written on a component
    c => (c.nodes[c.components[0]].technology = c.r.pick(['chef', 'puppet'])),
    // a rules file the template names but nobody wrote
    (c, g) => {
        const variability = g.template.topology_template.variability
        for (const file of Object.keys(g.files)) if (file.endsWith('rules.yaml')) delete g.files[file]
        variability.technology_rules = './rules.yaml'
    },
    // a provider type that forgot it is abstract: managed, it now needs a technology
    (c, g) => {
        const name = c.types.roles.providers[c.envs[0].value]
        for (const types of [g.template.node_types, g.files['lib/types.yaml']?.node_types]) if (types?.[name]) delete types[name].metadata
    },
    // a type defined both in the template and in the type library
    (c, g) => {
        const lib = g.files['lib/types.yaml']
        if (lib?.node_types) g.template.node_types = {...g.template.node_types, [Object.keys(lib.node_types)[0]]: {derived_from: 'tosca.nodes.Root'}}
        else g.files['lib/extra.yaml'] = {tosca_definitions_version: 'tosca_simple_yaml_1_3', node_types: {monitor: {derived_from: 'tosca.nodes.Root'}}}
    },
    // a rule whose hosting is one type, written as the specification's example writes it
    c => {
        const rule = c.rules.find(rule => rule.hosting?.length === 1)
        if (rule) rule.hosting = rule.hosting[0]
    },
]
