// Random variability expressions for the second generation, one builder per operator
// family of the specification: logic (and, or, not, xor, exo, implies, amo), presence,
// arithmetic, string (concat, join, token), constraint (equal … max_length), analytical,
// date, and the references (variability_input, logic_expression, value_expression).
// Every builder draws from one seeded random source, so a template replays by seed.

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']
const DATES = ['2024-01-15', '2024-06-30', '2025-03-01', 1700000000000]
const LABELS = ['a-1', 'b-2', 'a', 'b-2-c', 'c:3']

/**
 * Expression builders over the elements a template declares. `refs` names what presence
 * operators may point at: nodes, relations ([node, name, index]), artifacts, properties,
 * groups, policies, topology inputs and outputs, imports, technologies.
 */
export function expressions(r, refs, avoid = new Set()) {
    // a definition must not reach itself (an input's default expression, a named value expression):
    // each candidate names the definitions it reads, and those in `avoid` are left out
    const choose = candidates => r.pick(candidates.filter(([reads]) => !reads.some(name => avoid.has(name))))[1]()
    const LEVEL = ['level']
    const AMOUNT = ['amount', 'level']

    // numeric values: literals, the integer input, arithmetic and analytical operators
    const num = (depth = 0) =>
        depth > 1
            ? choose([
                  [[], () => r.int(0, 4)],
                  [LEVEL, () => ({variability_input: 'level'})],
              ])
            : choose([
                  [[], () => r.int(0, 4)],
                  [LEVEL, () => ({variability_input: 'level'})],
                  [LEVEL, () => ({variability_input: 'level'})],
                  [[], () => ({add: [num(depth + 1), num(depth + 1)]})],
                  [[], () => ({sub: [num(depth + 1), num(depth + 1)]})],
                  [[], () => ({mul: [num(depth + 1), r.int(1, 3)]})],
                  [[], () => ({div: [num(depth + 1), r.pick([1, 2, 4])]})],
                  [[], () => ({mod: [num(depth + 1), r.pick([2, 3])]})],
                  [AMOUNT, () => ({value_expression: 'amount'})],
                  [[], analytical],
              ])
    const list = () => Array.from({length: r.int(1, 4)}, () => r.int(0, 6))
    const points = () => [
        [1, r.int(1, 3)],
        [2, r.int(2, 5)],
        [3, r.int(3, 7)],
    ]
    const analytical = () =>
        r.pick([
            () => ({sum: list()}),
            () => ({count: list()}),
            () => ({min: list()}),
            () => ({max: list()}),
            () => ({mean: list()}),
            () => ({median: list()}),
            () => ({variance: list()}),
            () => ({standard_deviation: list()}),
            () => ({linear_regression: [points(), r.int(1, 4)]}),
            () => ({polynomial_regression: [points(), r.int(1, 2), r.int(1, 4)]}),
            () => ({logarithmic_regression: [points(), r.int(1, 4)]}),
            () => ({exponential_regression: [points(), r.int(1, 4)]}),
        ])()

    // string values: literals, the string input, concat, join and token (an index may point past the last token)
    const LABEL = ['label']
    const TAG = ['tag', 'label', 'amount', 'level']
    const str = (depth = 0) =>
        depth > 1
            ? choose([
                  [[], () => r.pick(LABELS)],
                  [LABEL, () => ({variability_input: 'label'})],
              ])
            : choose([
                  [[], () => r.pick(LABELS)],
                  [LABEL, () => ({variability_input: 'label'})],
                  [LABEL, () => ({variability_input: 'label'})],
                  [[], () => ({concat: [str(depth + 1), r.pick(['-', '', 'x']), num(depth + 1)]})],
                  [[], () => ({join: [[str(depth + 1), str(depth + 1)], r.pick(['-', ':'])]})],
                  [[], () => ({token: [str(depth + 1), r.pick(['-', ':']), r.int(0, 2)]})],
                  [LABEL, () => ({token: [{variability_input: 'label'}, '-', r.int(0, 2)]})],
                  [TAG, () => ({value_expression: 'tag'})],
              ])
    // the date operators take dates as written (the specification's String | Number), not expressions
    const date = () => r.pick(DATES)
    const value = () => r.pick([num, str, () => r.chance(0.5)])()

    // constraint and date operators: value expressions that yield a boolean
    const comparison = () =>
        r.pick([
            () => ({equal: [str(), str()]}),
            () => ({equal: [num(), num()]}),
            () => ({equal: [value(), value()]}),
            () => ({[r.pick(['greater', 'greater_or_equal', 'less', 'less_or_equal'])]: [num(), num()]}),
            () => ({in_range: [num(), [r.int(0, 2), r.int(2, 4)]]}),
            () => ({valid_values: [str(), [r.pick(LABELS), r.pick(LABELS)]]}),
            () => ({valid_values: [num(), [r.int(0, 4), r.int(0, 4)]]}),
            () => ({[r.pick(['length', 'min_length', 'max_length'])]: [str(), r.int(0, 4)]}),
            () => ({[r.pick(['same', 'before', 'before_or_same', 'after', 'after_or_same'])]: [date(), date()]}),
            () => ({within: [date(), [r.pick(DATES.slice(0, 2)), r.pick(DATES.slice(2))]]}),
            () => ({valid_values: [{weekday: []}, [...WEEKDAYS]]}),
        ])()

    // presence operators over what the template declares; SELF where the element kind allows it
    const presence = self => {
        const options = [() => ({node_presence: r.pick(refs.nodes)})]
        const node = () => r.pick(refs.nodes)
        options.push(
            () => ({[r.pick(['host_presence', 'has_source', 'has_incoming_relation', 'has_incoming_relation_naive'])]: node()}),
            () => ({[r.pick(['has_outgoing_relation', 'has_outgoing_relation_naive', 'has_artifact', 'has_artifact_naive'])]: node()}),
        )
        if (refs.relations.length)
            options.push(() => {
                const [n, name, index] = r.pick(refs.relations)
                return {relation_presence: [n, r.chance(0.5) ? index : name]}
            })
        if (refs.artifacts.length)
            options.push(() => {
                const [n, name, index] = r.pick(refs.artifacts)
                return {artifact_presence: [n, r.chance(0.5) ? index : name]}
            })
        if (refs.properties.length)
            options.push(() => {
                // by index: by name, the reference finds its hidden undefined sibling too (see the doc)
                const [n, , index] = r.pick(refs.properties)
                return {node_property_presence: [n, index]}
            })
        if (refs.types.length) options.push(() => ({node_type_presence: r.pick(refs.types)}))
        if (refs.groups.length) options.push(() => ({[r.pick(['group_presence', 'has_present_member'])]: r.pick(refs.groups)}))
        if (refs.policies.length) options.push(() => ({[r.pick(['policy_presence', 'has_present_target'])]: r.pick(refs.policies)}))
        if (refs.inputs.length) options.push(() => ({[r.pick(['input_presence', 'is_consumed'])]: r.pick(refs.inputs)}))
        if (refs.outputs.length) options.push(() => ({[r.pick(['output_presence', 'is_produced'])]: r.pick(refs.outputs)}))
        if (refs.imports > 0) options.push(() => ({import_presence: r.int(0, refs.imports - 1)}))
        if (refs.technologies.length) options.push(() => ({technology_presence: r.pick(refs.technologies)}))
        if (self === 'relation') options.push(() => ({[r.pick(['source_presence', 'target_presence'])]: 'SELF'}))
        if (self === 'property' || self === 'artifact') options.push(() => ({container_presence: 'SELF'}))
        return r.pick(options)()
    }

    // logic leaves: literals, boolean inputs, named logic expressions, presence and comparisons
    const leaf = self =>
        r.pick([
            () => r.chance(0.5),
            () => ({variability_input: r.pick(['x', 'y'])}),
            () => ({variability_input: r.pick(['x', 'y'])}),
            () => ({logic_expression: r.pick(['is_x', 'is_big'])}),
            () => presence(self),
            () => presence(self),
            comparison,
            comparison,
        ])()
    const condition = (self, depth = 0) =>
        depth > 1
            ? leaf(self)
            : r.pick([
                  () => leaf(self),
                  () => leaf(self),
                  () => leaf(self),
                  () => ({and: [condition(self, depth + 1), condition(self, depth + 1)]}),
                  () => ({or: [condition(self, depth + 1), condition(self, depth + 1)]}),
                  () => ({not: condition(self, depth + 1)}),
                  () => ({[r.pick(['xor', 'exo', 'amo'])]: [condition(self, depth + 1), condition(self, depth + 1), leaf(self)]}),
                  () => ({implies: [condition(self, depth + 1), condition(self, depth + 1)]}),
              ])()

    return {num, str, date, value, comparison, presence, leaf, condition}
}
