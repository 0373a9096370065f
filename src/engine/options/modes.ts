// The pruning modes: named bundles of default-condition and pruning options.
// rc_3 applies them to every element kind; 1_0 and rc_2 leave topology inputs
// and outputs out (their default conditions and pruning stay off).

export const PRUNING_MODES = ['manual', 'consistent-strict', 'consistent-loose', 'default', 'semantic-strict', 'semantic-loose'] as const
export type PruningMode = (typeof PRUNING_MODES)[number]
/** Older spellings still accepted. */
const ALIASES: Readonly<Record<string, PruningMode>> = {strict: 'manual', loose: 'semantic-loose'}

export const OPTION_KINDS = ['input', 'node', 'output', 'relation', 'policy', 'group', 'artifact', 'property', 'type', 'technology'] as const
export type OptionKind = (typeof OPTION_KINDS)[number]

export type ModeTable = Readonly<Record<string, boolean>>

export function normalizeMode(mode: string): PruningMode | undefined {
    return (PRUNING_MODES as readonly string[]).includes(mode) ? (mode as PruningMode) : Object.prototype.hasOwnProperty.call(ALIASES, mode) ? ALIASES[mode] : undefined
}

function each(kinds: readonly OptionKind[], entries: (kind: OptionKind) => Record<string, boolean>): Record<string, boolean> {
    return Object.assign({}, ...kinds.map(entries))
}

const consistentDefaults = (k: OptionKind) => ({
    [`${k}_default_condition`]: true,
    [`${k}_default_consistency_condition`]: true,
    [`${k}_default_semantic_condition`]: false,
})
const consistentPruning = (k: OptionKind) => ({
    [`${k}_pruning`]: true,
    [`${k}_consistency_pruning`]: true,
    [`${k}_semantic_pruning`]: false,
})
const offDefaults = (k: OptionKind) => ({
    [`${k}_default_condition`]: false,
    [`${k}_default_consistency_condition`]: false,
    [`${k}_default_semantic_condition`]: false,
})
const offPruning = (k: OptionKind) => ({
    [`${k}_pruning`]: false,
    [`${k}_consistency_pruning`]: false,
    [`${k}_semantic_pruning`]: false,
})

const TOPOLOGY_KINDS = OPTION_KINDS.filter(k => k !== 'input' && k !== 'output')
const IO_KINDS: readonly OptionKind[] = ['input', 'output']
const ioOff = {...each(IO_KINDS, offDefaults), ...each(IO_KINDS, offPruning)}

/** rc_3: modes cover every element kind. */
function everyKindTable(mode: PruningMode): ModeTable {
    switch (mode) {
        case 'manual':
            return {}
        case 'consistent-strict':
            return each(OPTION_KINDS, consistentDefaults)
        case 'consistent-loose':
            return each(OPTION_KINDS, consistentPruning)
        case 'default':
            return {default_condition: true}
        case 'semantic-strict':
            return {default_condition: true, ...each(OPTION_KINDS, consistentPruning)}
        case 'semantic-loose':
            return {pruning: true}
    }
}

/** 1_0 and rc_2: modes leave topology inputs and outputs alone. */
function topologyTable(mode: PruningMode): ModeTable {
    switch (mode) {
        case 'manual':
            return ioOff
        case 'consistent-strict':
            return {...each(TOPOLOGY_KINDS, consistentDefaults), ...each(IO_KINDS, offDefaults)}
        case 'consistent-loose':
            return {...each(TOPOLOGY_KINDS, consistentPruning), ...each(IO_KINDS, offPruning)}
        case 'default':
            return {default_condition: true, ...ioOff}
        case 'semantic-strict':
            return {default_condition: true, ...ioOff, ...each(TOPOLOGY_KINDS, consistentPruning)}
        case 'semantic-loose':
            return {pruning: true, ...ioOff}
    }
}

export function modeTable(mode: PruningMode, everyKind: boolean): ModeTable {
    return everyKind ? everyKindTable(mode) : topologyTable(mode)
}
