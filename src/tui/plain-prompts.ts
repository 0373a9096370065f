// Questions as plain lines, for a terminal that cannot move the cursor (TERM=dumb), a pipe or a
// log: no escape codes, one question per line, answers typed in full. Line editing is the
// terminal's own (Backspace, Ctrl-U and Ctrl-W work in its cooked mode). The same three kinds
// of question as @inquirer/prompts, with the same options, so line mode asks either way.
import readline from 'node:readline'
import {escapeControls, terminalText} from '../app/shown-text.js'

export interface PromptContext {
    readonly input: NodeJS.ReadableStream
    readonly output: NodeJS.WritableStream
}

interface Choice {
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
class ExitPromptError extends Error {
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

/**
 * The prompts, with every text they show (messages, choices, defaults, validation messages) passed
 * through the control-character rule of app/shown-text; an answer that takes a default shown
 * escaped is the default itself.
 */
export function shownPrompts(prompts: Prompts): Prompts {
    return {
        close: () => prompts.close(),
        checkbox: ({message, choices}, context) => prompts.checkbox({message: escapeControls(message), choices: choices.map(c => ({...c, name: escapeControls(c.name)}))}, context),
        confirm: (options, context) => prompts.confirm({...options, message: escapeControls(options.message)}, context),
        async input({message, default: fallback, validate}, context) {
            const shown = fallback === undefined ? undefined : escapeControls(fallback)
            const real = (answer: string) => (answer === shown ? fallback! : answer)
            const check =
                validate &&
                ((answer: string) => {
                    const verdict = validate(real(answer))
                    return verdict === true ? true : escapeControls(verdict)
                })
            return real(await prompts.input({message: escapeControls(message), default: shown, validate: check}, context))
        },
    }
}

export function plainPrompts(): Prompts {
    let lines: Lines | undefined
    // no escape codes of their own: all they write passes the control-character rule (choice values, echoed answers)
    const write = (context: PromptContext, text: string) => context.output.write(terminalText(text))
    const ask = async (context: PromptContext, text: string): Promise<string> => {
        lines ??= new Lines(context.input)
        write(context, text)
        const answer = (await lines.next()).trim()
        // typed answers echo themselves; piped ones are written, so a log reads as a dialogue
        if (!(context.input as {isTTY?: boolean}).isTTY) write(context, `${answer}\n`)
        return answer
    }
    return {
        close: () => lines?.close(),
        async checkbox({message, choices}, context) {
            write(context, `? ${message}\n`)
            choices.forEach((c, i) => write(context, `  ${i + 1}. ${c.name}\n`))
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
                write(context, `  ! no choice ${unknown.map(w => `"${w}"`).join(', ')}: give numbers from 1 to ${choices.length} or names\n`)
            }
        },
        async confirm({message, default: fallback = false}, context) {
            for (;;) {
                const answer = (await ask(context, `? ${message} (${fallback ? 'Y/n' : 'y/N'}): `)).toLowerCase()
                if (answer === '') return fallback
                if (answer === 'y' || answer === 'yes') return true
                if (answer === 'n' || answer === 'no') return false
                write(context, '  ! answer y or n\n')
            }
        },
        async input({message, default: fallback, validate}, context) {
            for (;;) {
                const typed = await ask(context, `? ${message}${fallback !== undefined && fallback !== '' ? ` [${fallback}]` : ''}: `)
                const answer = typed === '' ? (fallback ?? '') : typed
                const verdict = validate ? validate(answer) : true
                if (verdict === true) return answer
                write(context, `  ! ${verdict}\n`)
            }
        },
    }
}

/** Plain lines when the output cannot take the cursor moves of interactive prompts. */
export function wantsPlainPrompts(output: NodeJS.WritableStream, env: NodeJS.ProcessEnv = process.env): boolean {
    return env.TERM === 'dumb' || !(output as {isTTY?: boolean}).isTTY
}
