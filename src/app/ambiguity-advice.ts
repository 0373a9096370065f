// What to do about two equally good variants, said the same way by `explain` and the report: an
// optimization that is off can be switched on; one that is on and found a tie needs a condition,
// or weights that tell the variants apart.

/** The advice for an ambiguous result considering `subject` ('nodes' or 'technologies'); `code` marks option names (Markdown). */
export function ambiguityAdvice(subject: string, optimized: boolean, code: (name: string) => string = name => name): string {
    const option = subject === 'nodes' ? 'optimization_topology' : 'optimization_technologies'
    if (!optimized) return `Add a condition or enable optimization (${code(option)}) to choose between them.`
    return `Optimization (${code(option)}) finds them equally good: add a condition, or weights (${code('weight')}) that tell them apart, to choose between them.`
}
