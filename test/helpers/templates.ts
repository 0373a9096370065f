// Templates more than one test reads.

/**
 * A pruning chain: app (persistent) uses db, which is present only when mode = prod, and db is
 * hosted on dbms; with incoming default conditions, dbms and its property go when db goes.
 * Presets dev and prod set the mode.
 */
export const CHAIN = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            mode: {type: string, default: dev}
        presets:
            dev: {inputs: {mode: dev}}
            prod: {inputs: {mode: prod}}
        expressions:
            is_prod: {equal: [{variability_input: mode}, prod]}
        options:
            mode: default
            node_default_condition_mode: incoming
            expected_incoming_relation_check: false
    node_templates:
        app:
            type: app
            persistent: true
            requirements:
                - database: db
        db:
            type: db
            conditions: {logic_expression: is_prod}
            requirements:
                - host: dbms
        dbms:
            type: dbms
            properties:
                - port: 5432
`

/**
 * A free choice: terraform's conditions hold and ansible is the default alternative; under
 * "other" pruning either one alone satisfies everything, and nothing (no optimization) chooses.
 */
export const FREE_TECHNOLOGY = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        options: {mode: consistent-loose}
    node_templates:
        n:
            type: tosca.nodes.Compute
            technology:
                - terraform: {conditions: true}
                - ansible: {default_alternative: true}
`

/** A condition that reads a misspelt variability input ("envv" for "env", line 7): a mistake the choices reach. */
export const MISSPELT_INPUT = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            env: {type: string, default: dev}
    node_templates:
        app: {type: a, conditions: {equal: [{variability_input: envv}, prod]}}
`

/** The preset "big" gives the integer input "replicas" a string (line 7): resolved, with a warning. */
export const MISTYPED_PRESET = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            replicas: {type: integer, default: 1}
        presets:
            big: {inputs: {replicas: lots}}
    node_templates:
        app: {type: a}
`

/** Two clouds, one of which must be present: env names it (GCP or AWS); any other value has no variant. */
export const CLOUDS = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            env: {type: string, default: GCP}
        options: {type_default_condition: true}
        constraints:
            - {or: [{node_presence: gcp}, {node_presence: aws}]}
    node_templates:
        gcp: {type: cloud, conditions: {equal: [{variability_input: env}, GCP]}}
        aws: {type: cloud, conditions: {equal: [{variability_input: env}, AWS]}}
`

// n2 keeps n5 (an implied relation); n5 needs a host, n4 (which n5 hosts in turn, a cycle) or n1
// (kept only by n5's relation to it): two variants of four nodes each. Deduction decides n5; its
// hosting default still binds n1 and n4, which the quick way through optimization once dropped,
// counting a variant of three nodes without either host as the unique optimum
export const TWO_HOSTS = (options: string) => `node_types: {t0: {derived_from: tosca.nodes.Root}, t1: {derived_from: tosca.nodes.Root}, t2: {derived_from: tosca.nodes.Root}}
topology_template:
  variability:
    inputs: {mode: {type: string}, size: {type: integer, default: 4}}
    presets: {prod: {inputs: {mode: prod}}}
    options: {enrich_technologies: false, technology_constraint: false, hosting_stack_constraint: false${options}}
  node_templates:
    n0: {type: t1, conditions: true, persistent: true}
    n1: {type: t0, conditions: {or: [true, {not: {node_presence: n0}}, {and: [{equal: [{variability_input: mode}, prod]}]}]}}
    n2: {type: t0, conditions: {equal: [{variability_input: mode}, prod]}, requirements: [{uses: {node: n5}}]}
    n4: {type: t2, conditions: {equal: [{variability_input: mode}, prod]}, requirements: [{host: {node: n5}}]}
    n5:
      type: t0
      properties: [{p0: {value: 3, conditions: {greater: [{variability_input: size}, 3]}}}]
      requirements: [{host: {node: n4}}, {host: {node: n1, conditions: true}}]
`
