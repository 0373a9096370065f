// A minimal set among many that still has a property only the whole set is known to have: which
// constraints force a verdict (explain/deciding.ts), which conflict (explain/conflict.ts), which
// conditions make an element dead (analyze/symbolic.ts).

/**
 * A minimal subset of `all` that still has `holds` (QuickXplain, Junker 2004): about k·log(n/k)
 * questions for k items needed out of n, where removing them one by one takes n. Requires
 * holds(all) and not holds([]); `holds` must be monotone (a superset of a set that has it has it).
 */
export function quickXplain<T>(all: readonly T[], holds: (kept: readonly T[]) => boolean): T[] {
    const search = (background: readonly T[], added: boolean, candidates: readonly T[]): T[] => {
        if (added && holds(background)) return []
        if (candidates.length === 1) return [...candidates]
        const half = candidates.length >> 1
        const first = candidates.slice(0, half)
        const second = candidates.slice(half)
        const fromSecond = search([...background, ...first], first.length > 0, second)
        const fromFirst = search([...background, ...fromSecond], fromSecond.length > 0, first)
        return [...fromFirst, ...fromSecond]
    }
    return all.length === 0 ? [] : search([], false, all)
}
