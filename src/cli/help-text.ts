// Text added to a command's --help, wrapped when the help is shown: to the terminal's width, 80
// columns when standard output is no terminal (as commander wraps the options above it).
import {terminalWidth, wrapLine} from '../app/wrap.js'

/** The text's lines wrapped between words, each continued row under its own text. */
export function wrappedHelp(text: string): () => string {
    return () =>
        text
            .split('\n')
            .flatMap(line => wrapLine(line, terminalWidth(process.stdout), {hang: /^\s*(# |\w+\s{2,})/.exec(line)?.[1]?.length ?? 0}))
            .join('\n')
}

/** Examples as `  command  # what`, the comments aligned; a pair too wide for the terminal puts its comment on a line of its own below. */
export function examplesHelp(examples: readonly [command: string, what: string][]): () => string {
    return () => {
        const columns = terminalWidth(process.stdout)
        const width = Math.max(...examples.map(([c]) => c.length))
        const fits = examples.every(([, what]) => 2 + width + 4 + what.length <= columns)
        const lines = examples.flatMap(([c, what]) => (fits ? [`  ${c.padEnd(width)}  # ${what}`] : [`  ${c}`, `      # ${what}`]))
        return `\nExamples:\n${lines.flatMap(line => wrapLine(line, columns, {hang: line.trimStart().startsWith('#') ? 2 : 4})).join('\n')}`
    }
}
