// The shell command that reproduces a resolution, quoted for POSIX shells.

const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/

export function shellQuote(word: string): string {
    if (word !== '' && SAFE.test(word)) return word
    return `'${word.replace(/'/g, `'\\''`)}'`
}

/** `NAME=value trellis resolve …`: environment assignments first, in name order. */
export function commandLine(argv: readonly string[], env: Readonly<Record<string, string>> = {}): string {
    const assignments = Object.keys(env)
        .sort()
        .map(name => `${name}=${shellQuote(env[name]!)}`)
    return [...assignments, ...argv.map(shellQuote)].join(' ')
}
