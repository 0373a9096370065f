// Questions as plain lines, for a terminal that cannot move the cursor (TERM=dumb), a pipe or a
// log: no escape codes, one question per line, answers typed in full. Line editing is the
// terminal's own (Backspace, Ctrl-U and Ctrl-W work in its cooked mode). The same three kinds
// of question as @inquirer/prompts, with the same options, so line mode asks either way.
import readline from 'node:readline'

export interface PromptContext {
    readonly input: NodeJS.ReadableStream
    readonly output: NodeJS.WritableStream
}

export interface Choice {
    readonly name: string
    readonly value: string
    readonly checked?: boolean
}

export interface Prompts {
    checkbox(options: {message: string; choices: readonly Choice[]}, context: PromptContext): Promise<string[]>
    confirm(options: {message: string; default?: boolean}, context: PromptContext): Promise<boolean>
    input(options: {message: string; default?: string; validate?: (answer: string) => true | string}, context: PromptContext): Promise<string>
    /** Stops reading the input: an input left open (a pipe, a terminal) must not keep the process alive. */
    close(): void
}

/** The input ended before an answer: the same name as @inquirer/prompts gives it, so callers treat both alike. */
export class ExitPromptError extends Error {
    override readonly name = 'ExitPromptError'
}

/** Ctrl-C in a question (@inquirer/prompts rejects with an ExitPromptError naming SIGINT), as opposed to an input that ended. */
export function isInterrupt(e: unknown): boolean {
    return (e as Error)?.name === 'ExitPromptError' && /SIGINT/.test((e as Error).message)
}

/** Reads answers line by line from one input; every prompt of a run shares it. */
class Lines {
    private readonly queue: string[] = []
    private waiting: {resolve: (line: string) => void; reject: (e: Error) => void} | undefined
    private ended = false
    private readonly rl: readline.Interface

    constructor(input: NodeJS.ReadableStream) {
        const rl = (this.rl = readline.createInterface({input, terminal: false, crlfDelay: Infinity}))
        rl.on('line', line => {
            if (this.waiting) {
                const w = this.waiting
                this.waiting = undefined
                w.resolve(line)
            } else this.queue.push(line)
        })
        rl.on('close', () => {
            this.ended = true
            this.waiting?.reject(new ExitPromptError('the input ended'))
            this.waiting = undefined
        })
    }

    close(): void {
        this.rl.close()
    }

    next(): Promise<string> {
        const line = this.queue.shift()
        if (line !== undefined) return Promise.resolve(line)
        if (this.ended) return Promise.reject(new ExitPromptError('the input ended'))
        return new Promise((resolve, reject) => (this.waiting = {resolve, reject}))
    }
}

export function plainPrompts(): Prompts {
    let lines: Lines | undefined
    const ask = async (context: PromptContext, text: string): Promise<string> => {
        lines ??= new Lines(context.input)
        context.output.write(text)
        const answer = (await lines.next()).trim()
        // typed answers echo themselves; piped ones are written, so a log reads as a dialogue
        if (!(context.input as {isTTY?: boolean}).isTTY) context.output.write(`${answer}\n`)
        return answer
    }
    return {
        close: () => lines?.close(),
        async checkbox({message, choices}, context) {
            context.output.write(`? ${message}\n`)
            choices.forEach((c, i) => context.output.write(`  ${i + 1}. ${c.name}\n`))
            const checked = choices.filter(c => c.checked).map(c => c.value)
            for (;;) {
                const answer = await ask(
                    context,
                    `  numbers or names in the order to apply, separated by spaces or commas; "-" for none${checked.length ? `; empty keeps ${checked.join(', ')}` : ''}: `,
                )
                if (answer === '') return checked
                if (answer === '-') return []
                const picked: string[] = []
                const unknown: string[] = []
                for (const word of answer.split(/[\s,]+/).filter(Boolean)) {
                    const n = Number(word)
                    const choice = Number.isInteger(n) && n >= 1 && n <= choices.length ? choices[n - 1] : choices.find(c => c.value === word)
                    if (!choice) unknown.push(word)
                    else if (!picked.includes(choice.value)) picked.push(choice.value)
                }
                if (unknown.length === 0) return picked
                context.output.write(`  ! no choice ${unknown.map(w => `"${w}"`).join(', ')}: give numbers from 1 to ${choices.length} or names\n`)
            }
        },
        async confirm({message, default: fallback = false}, context) {
            for (;;) {
                const answer = (await ask(context, `? ${message} (${fallback ? 'Y/n' : 'y/N'}): `)).toLowerCase()
                if (answer === '') return fallback
                if (answer === 'y' || answer === 'yes') return true
                if (answer === 'n' || answer === 'no') return false
                context.output.write('  ! answer y or n\n')
            }
        },
        async input({message, default: fallback, validate}, context) {
            for (;;) {
                const typed = await ask(context, `? ${message}${fallback !== undefined && fallback !== '' ? ` [${fallback}]` : ''}: `)
                const answer = typed === '' ? (fallback ?? '') : typed
                const verdict = validate ? validate(answer) : true
                if (verdict === true) return answer
                context.output.write(`  ! ${verdict}\n`)
            }
        },
    }
}

/** Plain lines when the output cannot take the cursor moves of interactive prompts. */
export function wantsPlainPrompts(output: NodeJS.WritableStream, env: NodeJS.ProcessEnv = process.env): boolean {
    return env.TERM === 'dumb' || !(output as {isTTY?: boolean}).isTTY
}
