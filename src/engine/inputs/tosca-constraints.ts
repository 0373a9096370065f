// A variability input's TOSCA `constraints` (`valid_values`, `in_range`, `pattern`, `greater_than`,
// …): the one rule of what they allow. The reference ignores them, so a value they refuse is used
// as given with a warning (values.ts); the wizard and line mode offer only the values they allow.
import {isMap, toList} from '../model/index.js'

/** One clause of `constraints`, in words (`one of vm, managed`, `from 1 to 10`), and whether a value meets it. */
export interface ConstraintClause {
    readonly words: string
    readonly allows: (value: unknown) => boolean
}

const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v))
const bound = (v: unknown): number | undefined => (typeof v === 'number' ? v : v === 'UNBOUNDED' ? Infinity : undefined)
const number = (f: (n: number) => boolean) => (value: unknown) => typeof value === 'number' && f(value)
// TOSCA compares strings too (greater_than: b): ordering of two strings is theirs
const ordered = (limit: unknown, f: (c: number) => boolean) => (value: unknown) =>
    (typeof value === 'number' && typeof limit === 'number') || (typeof value === 'string' && typeof limit === 'string') ? f(value < limit ? -1 : value > limit ? 1 : 0) : false
const size = (value: unknown) => (typeof value === 'string' || Array.isArray(value) ? value.length : isMap(value) ? Object.keys(value).length : undefined)

/** The clauses of an input's `constraints` this rule knows (a list of one-key maps); others are ignored. */
export function constraintClauses(raw: unknown): ConstraintClause[] {
    const out: ConstraintClause[] = []
    for (const clause of toList(raw)) {
        if (!isMap(clause)) continue
        for (const [key, arg] of Object.entries(clause)) {
            const made = makeClause(key, arg)
            if (made) out.push(made)
        }
    }
    return out
}

function makeClause(key: string, arg: unknown): ConstraintClause | undefined {
    switch (key) {
        case 'valid_values':
            return Array.isArray(arg) ? {words: `one of ${arg.map(shown).join(', ')}`, allows: v => arg.some(a => JSON.stringify(a) === JSON.stringify(v))} : undefined
        case 'equal':
            return {words: `${shown(arg)}`, allows: v => JSON.stringify(v) === JSON.stringify(arg)}
        case 'in_range': {
            if (!Array.isArray(arg) || arg.length !== 2) return undefined
            const [low, high] = [bound(arg[0]), bound(arg[1])]
            if (low === undefined || high === undefined) return undefined
            return {words: Number.isFinite(high) ? `from ${low} to ${high}` : `${low} or more`, allows: number(n => n >= low && n <= high)}
        }
        case 'greater_than':
            return {words: `greater than ${shown(arg)}`, allows: ordered(arg, c => c > 0)}
        case 'greater_or_equal':
            return {words: `${shown(arg)} or more`, allows: ordered(arg, c => c >= 0)}
        case 'less_than':
            return {words: `less than ${shown(arg)}`, allows: ordered(arg, c => c < 0)}
        case 'less_or_equal':
            return {words: `${shown(arg)} or less`, allows: ordered(arg, c => c <= 0)}
        case 'length':
            return typeof arg === 'number' ? {words: `of length ${arg}`, allows: v => size(v) === arg} : undefined
        case 'min_length':
            return typeof arg === 'number' ? {words: `of length ${arg} or more`, allows: v => (size(v) ?? -1) >= arg} : undefined
        case 'max_length':
            return typeof arg === 'number' ? {words: `of length ${arg} or less`, allows: v => (size(v) ?? Infinity) <= arg} : undefined
        case 'pattern': {
            // a template may be untrusted: a quantified group that holds a quantifier can backtrack for
            // ever (ReDoS), so such a pattern is not checked
            if (typeof arg !== 'string' || arg.length > 200 || /\([^)]*[+*}][^)]*\)\s*[+*{]/.test(arg)) return undefined
            let re: RegExp
            try {
                // TOSCA's pattern matches the whole value
                re = new RegExp(`^(?:${arg})$`, 'u')
            } catch {
                return undefined
            }
            return {words: `matching ${arg}`, allows: v => typeof v === 'string' && re.test(v)}
        }
        default:
            return undefined
    }
}

/** What the clauses allow, in words, when the value breaks one of them; undefined when it meets them all. */
export function brokenConstraints(clauses: readonly ConstraintClause[], value: unknown): string | undefined {
    if (value === undefined || value === null || clauses.every(c => c.allows(value))) return undefined
    return clauses.map(c => c.words).join(' and ')
}
