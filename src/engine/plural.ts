// Counted nouns for messages: "1 condition", "2 conditions". Every sentence that
// puts a number before a noun goes through here, so none reads "1 conditions".

/** `count(1, 'condition')` → "1 condition"; `count(2, 'condition')` → "2 conditions". */
export function count(n: number, singular: string, plural = `${singular}s`): string {
    return `${n} ${n === 1 ? singular : plural}`
}

/**
 * `grouped(10000000)` → "10,000,000": what toLocaleString('en') writes, without loading the locale
 * data (20 ms of a command's start when a module's constant asks for it).
 */
export function grouped(n: number): string {
    if (!Number.isSafeInteger(n)) return n.toLocaleString('en')
    return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}
