// The normative types of the TOSCA Simple Profile in YAML 1.3, as far as resolving
// reads them: each type's name and the type it is derived from. Every template is
// resolved as if it imported them (as the reference implementation does), so a
// technology rule for `tosca.nodes.SoftwareComponent` matches a `tosca.nodes.DBMS`,
// and a node of a normative type counts as a defined type. They never appear in
// the resolved template.

/** The type of an artifact that names none (a bare file name included). */
export const DEFAULT_ARTIFACT_TYPE = 'tosca.artifacts.File'

/** The type maps of a TOSCA service template, in the order TOSCA lists them. */
export const TYPE_KEYS = ['artifact_types', 'data_types', 'capability_types', 'interface_types', 'relationship_types', 'node_types', 'group_types', 'policy_types'] as const
export type TypeKey = (typeof TYPE_KEYS)[number]

/** Where a type without `derived_from` hangs: the root of its kind (TOSCA 1.3, 3.7.1 and following). */
export const TYPE_ROOTS: Readonly<Record<TypeKey, string>> = {
    artifact_types: 'tosca.artifacts.Root',
    data_types: 'tosca.datatypes.Root',
    capability_types: 'tosca.capabilities.Root',
    interface_types: 'tosca.interfaces.Root',
    relationship_types: 'tosca.relationships.Root',
    node_types: 'tosca.nodes.Root',
    group_types: 'tosca.groups.Root',
    policy_types: 'tosca.policies.Root',
}

/** Above every root. */
export const ENTITY_ROOT = 'tosca.entity.Root'

/** name → derived_from, per type map. */
export const NORMATIVE_TYPES: Readonly<Record<TypeKey, Readonly<Record<string, string>>>> = {
    artifact_types: {
        'tosca.artifacts.Root': ENTITY_ROOT,
        'tosca.artifacts.File': 'tosca.artifacts.Root',
        'tosca.artifacts.Deployment': 'tosca.artifacts.Root',
        'tosca.artifacts.Deployment.Image': 'tosca.artifacts.Deployment',
        'tosca.artifacts.Deployment.Image.VM': 'tosca.artifacts.Deployment.Image',
        'tosca.artifacts.Implementation': 'tosca.artifacts.Root',
        'tosca.artifacts.Implementation.Bash': 'tosca.artifacts.Implementation',
        'tosca.artifacts.Implementation.Python': 'tosca.artifacts.Implementation',
        'tosca.artifacts.template': 'tosca.artifacts.Root',
    },
    data_types: {
        'tosca.datatypes.Root': ENTITY_ROOT,
        'tosca.datatypes.json': 'string',
        'tosca.datatypes.xml': 'string',
        'tosca.datatypes.Credential': 'tosca.datatypes.Root',
        'tosca.datatypes.TimeInterval': 'tosca.datatypes.Root',
        'tosca.datatypes.network.NetworkInfo': 'tosca.datatypes.Root',
        'tosca.datatypes.network.PortInfo': 'tosca.datatypes.Root',
        'tosca.datatypes.network.PortDef': 'integer',
        'tosca.datatypes.network.PortSpec': 'tosca.datatypes.Root',
    },
    capability_types: {
        'tosca.capabilities.Root': ENTITY_ROOT,
        'tosca.capabilities.Node': 'tosca.capabilities.Root',
        'tosca.capabilities.Container': 'tosca.capabilities.Root',
        'tosca.capabilities.Compute': 'tosca.capabilities.Container',
        'tosca.capabilities.Network': 'tosca.capabilities.Root',
        'tosca.capabilities.Storage': 'tosca.capabilities.Root',
        'tosca.capabilities.Endpoint': 'tosca.capabilities.Root',
        'tosca.capabilities.Endpoint.Public': 'tosca.capabilities.Endpoint',
        'tosca.capabilities.Endpoint.Admin': 'tosca.capabilities.Endpoint',
        'tosca.capabilities.Endpoint.Database': 'tosca.capabilities.Endpoint',
        'tosca.capabilities.Attachment': 'tosca.capabilities.Root',
        'tosca.capabilities.OperatingSystem': 'tosca.capabilities.Root',
        'tosca.capabilities.Scalable': 'tosca.capabilities.Root',
        'tosca.capabilities.network.Bindable': 'tosca.capabilities.Node',
        'tosca.capabilities.network.Linkable': 'tosca.capabilities.Node',
    },
    interface_types: {
        'tosca.interfaces.Root': ENTITY_ROOT,
        'tosca.interfaces.node.lifecycle.Standard': 'tosca.interfaces.Root',
        'tosca.interfaces.relationship.Configure': 'tosca.interfaces.Root',
    },
    relationship_types: {
        'tosca.relationships.Root': ENTITY_ROOT,
        'tosca.relationships.DependsOn': 'tosca.relationships.Root',
        'tosca.relationships.HostedOn': 'tosca.relationships.Root',
        'tosca.relationships.ConnectsTo': 'tosca.relationships.Root',
        'tosca.relationships.AttachesTo': 'tosca.relationships.Root',
        'tosca.relationships.RoutesTo': 'tosca.relationships.ConnectsTo',
        'tosca.relationships.network.LinksTo': 'tosca.relationships.DependsOn',
        'tosca.relationships.network.BindsTo': 'tosca.relationships.DependsOn',
    },
    node_types: {
        'tosca.nodes.Root': ENTITY_ROOT,
        'tosca.nodes.Abstract.Compute': 'tosca.nodes.Root',
        'tosca.nodes.Compute': 'tosca.nodes.Abstract.Compute',
        'tosca.nodes.SoftwareComponent': 'tosca.nodes.Root',
        'tosca.nodes.WebServer': 'tosca.nodes.SoftwareComponent',
        'tosca.nodes.WebApplication': 'tosca.nodes.Root',
        'tosca.nodes.DBMS': 'tosca.nodes.SoftwareComponent',
        'tosca.nodes.Database': 'tosca.nodes.Root',
        'tosca.nodes.Abstract.Storage': 'tosca.nodes.Root',
        'tosca.nodes.Storage.ObjectStorage': 'tosca.nodes.Abstract.Storage',
        'tosca.nodes.Storage.BlockStorage': 'tosca.nodes.Abstract.Storage',
        'tosca.nodes.Container.Runtime': 'tosca.nodes.SoftwareComponent',
        'tosca.nodes.Container.Application': 'tosca.nodes.Root',
        'tosca.nodes.LoadBalancer': 'tosca.nodes.Root',
        'tosca.nodes.network.Network': 'tosca.nodes.Root',
        'tosca.nodes.network.Port': 'tosca.nodes.Root',
    },
    group_types: {
        'tosca.groups.Root': ENTITY_ROOT,
    },
    policy_types: {
        'tosca.policies.Root': ENTITY_ROOT,
        'tosca.policies.Placement': 'tosca.policies.Root',
        'tosca.policies.Scaling': 'tosca.policies.Root',
        'tosca.policies.Update': 'tosca.policies.Root',
        'tosca.policies.Performance': 'tosca.policies.Root',
    },
}
