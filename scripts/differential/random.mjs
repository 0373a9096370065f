// A small seeded random generator (mulberry32): the same seed gives the same
// templates and mutants, so a failure can be replayed.
export function random(seed) {
    let a = seed >>> 0
    const next = () => {
        a = (a + 0x6d2b79f5) >>> 0
        let t = a
        t = Math.imul(t ^ (t >>> 15), t | 1)
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
    const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1))
    const pick = list => list[int(0, list.length - 1)]
    const chance = p => next() < p
    return {next, int, pick, chance}
}
