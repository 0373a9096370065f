// Counted nouns for messages: "1 condition", "2 conditions". Every sentence that
// puts a number before a noun goes through here, so none reads "1 conditions".

/** `count(1, 'condition')` → "1 condition"; `count(2, 'condition')` → "2 conditions". */
export function count(n: number, singular: string, plural = `${singular}s`): string {
    return `${n} ${n === 1 ? singular : plural}`
}
