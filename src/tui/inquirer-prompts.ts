// @inquirer/prompts for a terminal that can show them (loaded only then), with the leave keys of
// the plain prompts: `q` or Esc in a list (checkbox, select) leaves it. A list left so is wiped
// from the screen (a list still drawn looks as if it still asks); an answered one leaves its
// question and answer on one line, as inquirer's own do.
import readline from 'node:readline'
import {terminalWidth, wrapLine} from '../app/wrap.js'
import {type Choice, leaving, LeftPrompt, plainPrompts, type PromptContext, type Prompts, wantsPlainPrompts} from './plain-prompts.js'

/** The prompts for these streams: plain lines for a pipe, a log or TERM=dumb, else @inquirer/prompts. */
export async function openPrompts(output: NodeJS.WritableStream): Promise<Prompts> {
    return wantsPlainPrompts(output) ? plainPrompts() : inquirerPrompts()
}

async function inquirerPrompts(): Promise<Prompts> {
    const inquirer = await import('@inquirer/prompts')
    return {
        checkbox: async (options, context) => {
            const picked = await leavable(context, signal => inquirer.checkbox({...options, choices: [...options.choices]}, {...context, signal, clearPromptOnDone: true}))
            answered(context, options.message, options.choices, picked)
            return picked
        },
        select: async (options, context) => {
            const picked = await leavable(context, signal =>
                inquirer.select({...options, choices: [...options.choices], pageSize: 15}, {...context, signal, clearPromptOnDone: true}),
            )
            answered(context, options.message, options.choices, [picked])
            return picked
        },
        confirm: (options, context) => inquirer.confirm(options, context),
        input: async ({leaves, ...options}, context) => {
            if (!leaves) return inquirer.input(options, context)
            // Esc ends the question at once; q is a letter while typed, and leaves once it is the whole answer
            const answer = await leavable(context, signal => inquirer.input(options, {...context, signal}), ['escape'])
            if (leaving(answer.trim()) === 'q') throw new LeftPrompt('q')
            return answer
        },
        close: () => undefined,
    }
}

/**
 * The line a list leaves once answered (inquirer's own, which clearing the list wipes too): the
 * question and the names picked, wrapped between words to the terminal's width as every line of
 * line mode is (the terminal would cut it mid-word).
 */
export function answered(context: PromptContext, message: string, choices: readonly Choice[], picked: readonly string[]): void {
    const names = picked.map(value => choices.find(c => c.value === value)?.name ?? value)
    context.output.write(`${wrapLine(`✔ ${message} ${names.join(', ') || '(none)'}`, terminalWidth(context.output), {hang: 2}).join('\n')}\n`)
}

/** Runs a prompt; one of `keys` (`q`, Esc) pressed while it asks cancels it (its signal), and it rejects with LeftPrompt. */
export async function leavable<T>(context: PromptContext, ask: (signal: AbortSignal) => Promise<T>, keys: readonly ('q' | 'escape')[] = ['q', 'escape']): Promise<T> {
    const controller = new AbortController()
    let left: 'q' | 'escape' | undefined
    const onKey = (_: string, key: {name?: string; ctrl?: boolean; meta?: boolean} | undefined) => {
        // Esc alone comes as a meta key (readline marks an escape so); Alt-q or Ctrl-q is no q
        const pressed = key?.name === 'escape' ? 'escape' : key?.name === 'q' && !key.ctrl && !key.meta ? 'q' : undefined
        if (pressed && keys.includes(pressed)) {
            left = pressed
            controller.abort()
        }
    }
    readline.emitKeypressEvents(context.input as NodeJS.ReadStream)
    context.input.on('keypress', onKey)
    try {
        return await ask(controller.signal)
    } catch (e) {
        if (left) throw new LeftPrompt(left)
        throw e
    } finally {
        context.input.off('keypress', onKey)
    }
}
