export interface Random {
    /** A number in [0, 1). */
    next(): number
    /** A whole number from lo to hi, both included. */
    int(lo: number, hi: number): number
    pick<T>(list: readonly T[]): T
    chance(p: number): boolean
}
export function random(seed: number): Random
