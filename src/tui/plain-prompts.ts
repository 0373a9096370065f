// Questions as plain lines, for a terminal that cannot move the cursor (TERM=dumb), a pipe or a
// log: no escape codes, one question per line, answers typed in full. Line editing is the
// terminal's own (Backspace, Ctrl-U and Ctrl-W work in its cooked mode). The same three kinds
// of question as @inquirer/prompts, with the same options, so line mode asks either way.
// In a list (checkbox, select) `q` and Esc leave it, as they leave the wizard's lists.
import readline from 'node:readline'
import {escapeControls, terminalText} from '../app/shown-text.js'
import {terminalWidth, wrapLine} from '../app/wrap.js'

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
    /** One of the choices; Enter takes `default` (a choice's value) when there is one. */
    select(options: {message: string; choices: readonly Choice[]; default?: string}, context: PromptContext): Promise<string>
    confirm(options: {message: string; default?: boolean}, context: PromptContext): Promise<boolean>
    /** `leaves`: `q` or Esc alone leaves the question as they leave a list (a path, where `./q` names a file q). */
    input(options: {message: string; default?: string; validate?: (answer: string) => true | string; leaves?: boolean}, context: PromptContext): Promise<string>
    /** Stops reading the input: an input left open (a pipe, a terminal) must not keep the process alive. */
    close(): void
}

/** The input ended before an answer: the same name as @inquirer/prompts gives it, so callers treat both alike. */
class ExitPromptError extends Error {
    override readonly name = 'ExitPromptError'
}

/** `q` or Esc in a list: the user leaves it (the caller says what that means: on, or stop). */
export class LeftPrompt extends Error {
    override readonly name = 'LeftPrompt'
    constructor(readonly key: 'q' | 'escape') {
        super(`left with ${key}`)
    }
}

/** The key that left a list, when `e` is leaving one. */
export function leftWith(e: unknown): 'q' | 'escape' | undefined {
    return e instanceof LeftPrompt ? e.key : undefined
}

/** The columns text is wrapped to (app/wrap.ts). */
export const outputWidth = terminalWidth

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
        select: (options, context) =>
            prompts.select({...options, message: escapeControls(options.message), choices: options.choices.map(c => ({...c, name: escapeControls(c.name)}))}, context),
        confirm: (options, context) => prompts.confirm({...options, message: escapeControls(options.message)}, context),
        async input({message, default: fallback, validate, leaves}, context) {
            const shown = fallback === undefined ? undefined : escapeControls(fallback)
            const real = (answer: string) => (answer === shown ? fallback! : answer)
            const check =
                validate &&
                ((answer: string) => {
                    const verdict = validate(real(answer))
                    return verdict === true ? true : escapeControls(verdict)
                })
            return real(await prompts.input({message: escapeControls(message), default: shown, validate: check, leaves}, context))
        },
    }
}

export function plainPrompts(): Prompts {
    let lines: Lines | undefined
    const write = writeWrapped
    const ask = async (context: PromptContext, text: string): Promise<string> => {
        lines ??= new Lines(context.input)
        write(context, text)
        // Esc reaches a line as its character (the terminal's cooked mode passes it on)
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
                    `  numbers or names in the order to apply, separated by spaces or commas; "-" for none${checked.length ? `; empty keeps ${checked.join(', ')}` : ''}; Esc goes on, q stops: `,
                )
                if (answer === '') return checked
                if (answer === '-') return []
                const left = leaving(answer)
                if (left) throw new LeftPrompt(left)
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
        async select({message, choices, default: fallback}, context) {
            write(context, `? ${message}\n`)
            choices.forEach((c, i) => write(context, `  ${i + 1}. ${c.name}\n`))
            const kept = choices.findIndex(c => c.value === fallback)
            const hint = `a number from 1 to ${choices.length}${kept >= 0 ? `; empty keeps ${kept + 1}` : ''}; Esc or q leaves`
            for (;;) {
                const answer = await ask(context, `  ${hint}: `)
                if (answer === '' && kept >= 0) return choices[kept]!.value
                const left = leaving(answer)
                if (left) throw new LeftPrompt(left)
                const n = Number(answer)
                const choice = /^\d+$/.test(answer) && n >= 1 && n <= choices.length ? choices[n - 1] : choices.find(c => c.value === answer || c.name === answer)
                if (choice) return choice.value
                // a value in another case is a slip, not a new value: say which one is meant
                const near = choices.findIndex(c => c.value.toLowerCase() === answer.toLowerCase())
                write(context, `  ! ${near >= 0 ? `did you mean ${choices[near]!.value}? answer ${near + 1}` : `answer ${hint}`}\n`)
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
        async input({message, default: fallback, validate, leaves}, context) {
            for (;;) {
                const typed = await ask(context, `? ${message}${fallback !== undefined && fallback !== '' ? ` [${fallback}]` : ''}: `)
                const left = leaves ? leaving(typed) : undefined
                if (left) throw new LeftPrompt(left)
                const answer = typed === '' ? (fallback ?? '') : typed
                const verdict = validate ? validate(answer) : true
                if (verdict === true) return answer
                write(context, `  ! ${verdict}\n`)
            }
        },
    }
}

/**
 * Writes the text, each line wrapped to the width, its continued rows under its text; no escape
 * codes of its own: all it writes passes the control-character rule (choice values, echoed answers).
 */
function writeWrapped(context: PromptContext, text: string): void {
    const fit = (line: string) => wrapLine(line, outputWidth(context.output), {hang: /^\s*(\d+\.|\?|!) /.exec(line)?.[0].trimStart().length ?? 2}).join('\n')
    context.output.write(terminalText(text.split('\n').map(fit).join('\n')))
}

/** The key an answer leaves a list with: q, or Esc (its character, then Enter). */
export function leaving(answer: string): 'q' | 'escape' | undefined {
    return answer === 'q' || answer === 'Q' ? 'q' : answer === '\x1b' ? 'escape' : undefined
}

/** Plain lines when the output cannot take the cursor moves of interactive prompts. */
export function wantsPlainPrompts(output: NodeJS.WritableStream, env: NodeJS.ProcessEnv = process.env): boolean {
    return env.TERM === 'dumb' || !(output as {isTTY?: boolean}).isTTY
}
