// Names: "did you mean …?" for names a user typed, and things grouped by name.

/** The help for a name that is not defined: the closest of the defined names (or named things), when one is close. */
export function closestHelp(name: string, candidates: Iterable<string | {readonly name: string}>): string[] {
    const close = closestName(
        name,
        Array.from(candidates, c => (typeof c === 'string' ? c : c.name)),
    )
    return close === undefined ? [] : [`did you mean "${close}"?`]
}

/** At most this many defined names are listed in a help line. */
const MOST_LISTED = 12

/**
 * The help for a name a user gave that the template does not define: the closest defined name when
 * one is close, else the names the template defines (`what`: "presets"), the first few of many.
 */
export function definedNamesHelp(name: string, defined: readonly string[], what: string): string[] {
    const close = closestHelp(name, defined)
    if (close.length || defined.length === 0) return close
    const listed = defined.slice(0, MOST_LISTED).join(', ')
    return [`the template's ${what} are ${listed}${defined.length > MOST_LISTED ? ` and ${defined.length - MOST_LISTED} more` : ''}`]
}

/** The things of each name, in the order each name first occurs (elements of one name are alternatives). */
export function groupByName<T extends {readonly name: string}>(list: readonly T[]): T[][] {
    const groups = new Map<string, T[]>()
    for (const item of list) {
        const group = groups.get(item.name)
        if (group) group.push(item)
        else groups.set(item.name, [item])
    }
    return [...groups.values()]
}

export function closestName(name: string, candidates: readonly string[]): string | undefined {
    let best: string | undefined
    let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1
    for (const candidate of candidates) {
        const d = editDistance(name.toLowerCase(), candidate.toLowerCase())
        if (d < bestDistance) {
            best = candidate
            bestDistance = d
        }
    }
    return best
}

function editDistance(a: string, b: string): number {
    const row = Array.from({length: b.length + 1}, (_, i) => i)
    for (let i = 1; i <= a.length; i++) {
        let previous = row[0]!
        row[0] = i
        for (let j = 1; j <= b.length; j++) {
            const current = row[j]!
            row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1))
            previous = current
        }
    }
    return row[b.length]!
}
