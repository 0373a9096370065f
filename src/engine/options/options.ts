// Effective variability options: an option written in the template wins, then
// the pruning mode's bundle, then the wider option, then the definitions
// version's default. The mode's bundle beats a wider option even when the
// template writes that wider option (the reference resolves each option as
// "template ?? mode ?? wider"). Each value remembers which of these decided it,
// so an explanation can say "node pruning is on because of mode semantic-loose".
import {TrellisError, type SourceLocation} from '../errors.js'
import type {SourceMap} from '../load/index.js'
import type {VariabilityVersion} from '../load/index.js'
import {modeTable, normalizeMode, PRUNING_MODES, type ModeTable, type OptionKind, type PruningMode} from './modes.js'
import {textOf} from '../text.js'

export type OptionOrigin =
    | {readonly kind: 'template'; readonly option: string; readonly location?: SourceLocation}
    | {readonly kind: 'mode'; readonly mode: PruningMode}
    | {readonly kind: 'version'; readonly version: string}
    | {readonly kind: 'builtin'}

export interface Resolved<T> {
    readonly value: T
    /** The option whose value this is (a wider option when inherited). */
    readonly option: string
    readonly origin: OptionOrigin
}

type Generation = 'v1' | 'rc2' | 'rc3'

/** The option naming each element kind's default condition mode. */
const MODE_OPTIONS = {
    node: 'node_default_condition_mode',
    relation: 'relation_default_condition_mode',
    artifact: 'artifact_default_condition_mode',
    property: 'property_default_condition_mode',
    technology: 'technology_default_condition_mode',
} as const

export class Options {
    readonly generation: Generation
    readonly mode: Resolved<PruningMode>
    private readonly table: ModeTable
    private readonly cache = new Map<string, Resolved<unknown>>()

    constructor(
        readonly raw: Readonly<Record<string, unknown>>,
        readonly version: VariabilityVersion,
        private readonly sourceMap?: SourceMap,
    ) {
        this.generation = version === 'tosca_variability_1_0_rc_3' ? 'rc3' : version === 'tosca_variability_1_0_rc_2' ? 'rc2' : 'v1'
        const rawMode = raw.mode
        if (rawMode !== undefined && rawMode !== null) {
            const mode = typeof rawMode === 'string' ? normalizeMode(rawMode) : undefined
            if (!mode) throw new TrellisError('invalid-option', `Pruning mode "${textOf(rawMode)}" unknown: expected one of ${PRUNING_MODES.join(', ')}`, this.at('mode'))
            this.mode = {value: mode, option: 'mode', origin: this.template('mode')}
        } else if (this.generation === 'v1') this.mode = {value: 'manual', option: 'mode', origin: {kind: 'builtin'}}
        else this.mode = {value: 'semantic-loose', option: 'mode', origin: {kind: 'version', version}}
        this.table = modeTable(this.mode.value, this.generation === 'rc3')
    }

    private at(option: string): SourceLocation | undefined {
        return this.sourceMap?.locate(this.raw, option)
    }

    private template(option: string): OptionOrigin {
        // looked up when shown: finding where a map is in a large file walks the file's data
        const at = () => this.at(option)
        return {
            kind: 'template',
            option,
            get location() {
                return at()
            },
        }
    }

    /** raw ?? mode table ?? fallback, as a boolean. */
    private flag(option: string, fallback: () => Resolved<boolean>, useMode = true): Resolved<boolean> {
        const cached = this.cache.get(option)
        if (cached) return cached as Resolved<boolean>
        let result: Resolved<boolean>
        const raw = this.raw[option]
        if (raw !== undefined && raw !== null) {
            if (typeof raw !== 'boolean') throw new TrellisError('invalid-option', `Option ${option} must be a boolean, got ${JSON.stringify(raw)}`, this.at(option))
            result = {value: raw, option, origin: this.template(option)}
        } else if (useMode && option in this.table) {
            result = {value: this.table[option]!, option, origin: {kind: 'mode', mode: this.mode.value}}
        } else result = fallback()
        this.cache.set(option, result)
        return result
    }

    private builtin<T>(value: T, option: string): Resolved<T> {
        return {value, option, origin: {kind: 'builtin'}}
    }

    private versioned<T>(option: string, v1: T, later: T, rc3: T = later): Resolved<T> {
        if (this.generation === 'v1') return this.builtin(v1, option)
        return {value: this.generation === 'rc3' ? rc3 : later, option, origin: {kind: 'version', version: this.version}}
    }

    // default conditions

    defaultCondition(kind: OptionKind): Resolved<boolean> {
        return this.perKind(`${kind}_default_condition`, 'default_condition')
    }

    defaultConsistency(kind: OptionKind): Resolved<boolean> {
        return this.flag(`${kind}_default_consistency_condition`, () => this.defaultCondition(kind))
    }

    defaultSemantic(kind: OptionKind): Resolved<boolean> {
        return this.flag(`${kind}_default_semantic_condition`, () => this.defaultCondition(kind))
    }

    defaultConditionMode(kind: 'node' | 'relation' | 'artifact' | 'property' | 'technology'): Resolved<string> {
        // asked of every element: the option's name is not built each time
        const option = MODE_OPTIONS[kind]
        const cached = this.cache.get(option)
        if (cached) return cached as Resolved<string>
        const resolved = this.resolveMode(kind, option)
        this.cache.set(option, resolved)
        return resolved
    }

    private resolveMode(kind: keyof typeof DEFAULT_MODES, option: string): Resolved<string> {
        const raw = this.raw[option]
        if (raw !== undefined && raw !== null) {
            if (typeof raw !== 'string') throw new TrellisError('invalid-option', `Option ${option} must be a string such as "${DEFAULT_MODES[kind].v1}"`, this.at(option))
            return {value: raw, option, origin: this.template(option)}
        }
        const d = DEFAULT_MODES[kind]
        return this.versioned(option, d.v1, d.rc2, d.rc3)
    }

    // pruning

    pruning(kind: OptionKind): Resolved<boolean> {
        return this.perKind(`${kind}_pruning`, 'pruning')
    }

    /** An option of one element kind: as written, else the option of every kind, else off. */
    private perKind(option: string, every: string): Resolved<boolean> {
        return this.flag(option, () => this.flag(every, () => this.builtin(false, every)))
    }

    consistencyPruning(kind: OptionKind): Resolved<boolean> {
        return this.flag(`${kind}_consistency_pruning`, () => this.pruning(kind))
    }

    semanticPruning(kind: OptionKind): Resolved<boolean> {
        return this.flag(`${kind}_semantic_pruning`, () => this.pruning(kind))
    }

    relationDefaultImplied(): Resolved<boolean> {
        return this.flag('relation_default_implied', () => this.versioned('relation_default_implied', false, true), false)
    }

    // checks

    checks(): Resolved<boolean> {
        return this.flag('checks', () => this.versioned('checks', true, true, false), false)
    }

    check(name: CheckOption): Resolved<boolean> {
        const group = CHECK_GROUP[name]
        const wider = () => (group === 'consistency' ? this.flag('consistency_checks', () => this.checks(), false) : this.flag('semantic_checks', () => this.checks(), false))
        // The spec's table has both on; its RC v2 list turns both off, and the reference keeps
        // both off for 1_0 too: only rc_3 ties them to semantic_checks / consistency_checks.
        if ((name === 'unconsumed_input_check' || name === 'unproduced_output_check') && this.generation !== 'rc3')
            return this.flag(name, () => this.versioned(name, false, false), false)
        // the persistent check hangs off `checks` itself, not off semantic_checks (as in the reference)
        if (name === 'persistent_check') return this.flag(name, () => this.checks(), false)
        return this.flag(name, wider, false)
    }

    // solver

    optimizationTopology(): Resolved<false | 'min' | 'max'> {
        return this.optimization('optimization_topology', true)
    }

    optimizationTopologyUnique(): Resolved<boolean> {
        return this.flag('optimization_topology_unique', () => this.builtin(true, 'optimization_topology_unique'), false)
    }

    optimizationTopologyMode(): Resolved<'count' | 'weight'> {
        return this.choice('optimization_topology_mode', ['count', 'weight'], this.builtin('weight' as const, 'optimization_topology_mode'))
    }

    optimizationTechnologies(): Resolved<false | 'min' | 'max'> {
        return this.optimization('optimization_technologies', this.generation === 'v1')
    }

    optimizationTechnologiesUnique(): Resolved<boolean> {
        return this.flag('optimization_technologies_unique', () => this.builtin(false, 'optimization_technologies_unique'), false)
    }

    optimizationTechnologiesMode(): Resolved<'count' | 'weight' | 'weight-count'> {
        const fallback = this.versioned<'count' | 'weight' | 'weight-count'>('optimization_technologies_mode', 'count', 'weight-count')
        return this.choice('optimization_technologies_mode', ['count', 'weight', 'weight-count'], fallback)
    }

    private optimization(option: string, trueMeansMin: boolean): Resolved<false | 'min' | 'max'> {
        const raw = this.raw[option]
        const origin = this.template(option)
        if (raw === undefined || raw === null) {
            const d = this.versioned(option, false, true)
            return {...d, value: d.value ? (trueMeansMin ? 'min' : 'max') : false}
        }
        if (raw === false) return {value: false, option, origin}
        if (raw === true) return {value: trueMeansMin ? 'min' : 'max', option, origin}
        if (raw === 'min' || raw === 'max') return {value: raw, option, origin}
        throw new TrellisError('invalid-option', `Option ${option} must be a boolean, "min", or "max"`, this.at(option))
    }

    private choice<T extends string>(option: string, allowed: readonly T[], fallback: Resolved<T>): Resolved<T> {
        const raw = this.raw[option]
        if (raw === undefined || raw === null) return fallback
        if (!allowed.includes(raw as T)) throw new TrellisError('invalid-option', `Option ${option} must be one of ${allowed.map(a => `"${a}"`).join(', ')}`, this.at(option))
        return {value: raw as T, option, origin: this.template(option)}
    }

    // constraints (experimental in the spec)

    constraint(name: ConstraintOption): Resolved<boolean> {
        // `constraints` switches all of them; rc_2 and rc_3 turn on the ones their lists name
        const fallback = (): Resolved<boolean> => {
            const all = this.raw.constraints
            if (typeof all === 'boolean') return {value: all, option: 'constraints', origin: this.template('constraints')}
            if (this.generation === 'v1' || !RC_CONSTRAINTS.has(name)) return this.builtin(false, 'constraints')
            return {value: true, option: name, origin: {kind: 'version', version: this.version}}
        }
        return this.flag(name, fallback, false)
    }

    // enricher

    enrichInputCondition(): Resolved<boolean> {
        return this.flag('enrich_input_condition', () => this.builtin(true, 'enrich_input_condition'), false)
    }

    enrichTechnologies(): Resolved<boolean> {
        return this.flag('enrich_technologies', () => this.versioned('enrich_technologies', false, true), false)
    }

    enrichImplementations(): Resolved<boolean> {
        // off in the spec's table, on in its RC v2 and RC v3 lists; the reference has it on for every
        // version (it only acts when technology rules or plugins exist)
        return this.flag('enrich_implementations', () => this.builtin(true, 'enrich_implementations'), false)
    }
}

const DEFAULT_MODES = {
    node: {v1: 'incoming-artifact', rc2: 'incomingnaive-artifact-host', rc3: 'incomingnaive-artifact-host'},
    relation: {v1: 'source-target', rc2: 'source-target', rc3: 'source-target'},
    artifact: {v1: 'container', rc2: 'container', rc3: 'container-managed'},
    property: {v1: 'container-consuming', rc2: 'container-consuming', rc3: 'container-consuming'},
    technology: {v1: 'container-other', rc2: 'container-other', rc3: 'container-other'},
} as const

export const CHECK_GROUP = {
    relation_source_check: 'consistency',
    relation_target_check: 'consistency',
    ambiguous_hosting_check: 'consistency',
    missing_artifact_container_check: 'consistency',
    ambiguous_artifact_check: 'consistency',
    missing_property_container_check: 'consistency',
    ambiguous_property_check: 'consistency',
    missing_type_container_check: 'consistency',
    ambiguous_type_check: 'consistency',
    missing_technology_container_check: 'consistency',
    ambiguous_technology_check: 'consistency',
    ambiguous_relation_check: 'consistency',
    ambiguous_input_check: 'consistency',
    ambiguous_output_check: 'consistency',
    unproduced_output_check: 'consistency',
    expected_hosting_check: 'semantic',
    expected_incoming_relation_check: 'semantic',
    expected_artifact_check: 'semantic',
    expected_technology_check: 'semantic',
    required_technology_check: 'semantic',
    unconsumed_input_check: 'semantic',
    persistent_check: 'semantic',
} as const
export type CheckOption = keyof typeof CHECK_GROUP

export const CONSTRAINT_OPTIONS = [
    'relation_source_constraint',
    'relation_target_constraint',
    'artifact_container_constraint',
    'property_container_constraint',
    'type_container_constraint',
    'hosting_stack_constraint',
    'technology_constraint',
    'unique_property_constraint',
    'unique_artifact_constraint',
    'unique_input_constraint',
    'unique_output_constraint',
    'unique_relation_constraint',
    'required_artifact_constraint',
    'required_incoming_relation_constraint',
] as const

export type ConstraintOption = (typeof CONSTRAINT_OPTIONS)[number]

/**
 * The constraints rc_2 and rc_3 turn on. The spec's "RC v3" list names these; its "RC v2" list
 * names only the technology and hosting-stack constraints, but the reference turns the unique_*
 * constraints on for rc_2 as well, and Trellis follows it. No version turns on
 * required_artifact_constraint or required_incoming_relation_constraint.
 */
const RC_CONSTRAINTS = new Set<ConstraintOption>([
    'technology_constraint',
    'hosting_stack_constraint',
    'unique_property_constraint',
    'unique_artifact_constraint',
    'unique_input_constraint',
    'unique_output_constraint',
    'unique_relation_constraint',
])
