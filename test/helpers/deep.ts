// How hard the randomized and stress tests push: sized for `npm test` on a busy 2-core machine
// by default; `npm run test:deep` (TRELLIS_DEEP=1) runs them longer, for changes to the engine,
// the readers or the lock. Each test names its count, so a run says how much it tried.

export const DEEP = process.env.TRELLIS_DEEP === '1'

/** `ci` iterations, or `deep` ones under TRELLIS_DEEP=1; a number in the environment variable `override` wins. */
export function iterations(ci: number, deep: number, override?: string): number {
    const given = override === undefined ? undefined : process.env[override]
    if (given !== undefined && given !== '') return Number(given)
    return DEEP ? deep : ci
}
