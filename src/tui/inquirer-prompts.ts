// @inquirer/prompts for a terminal that can show them (loaded only then), with the leave keys of
// the plain prompts: `q` or Esc in a list (checkbox, select) leaves it.
import readline from 'node:readline'
import {LeftPrompt, plainPrompts, type PromptContext, type Prompts, wantsPlainPrompts} from './plain-prompts.js'

/** The prompts for these streams: plain lines for a pipe, a log or TERM=dumb, else @inquirer/prompts. */
export async function openPrompts(output: NodeJS.WritableStream): Promise<Prompts> {
    return wantsPlainPrompts(output) ? plainPrompts() : inquirerPrompts()
}

async function inquirerPrompts(): Promise<Prompts> {
    const inquirer = await import('@inquirer/prompts')
    return {
        checkbox: (options, context) => leavable(context, signal => inquirer.checkbox({...options, choices: [...options.choices]}, {...context, signal})),
        select: (options, context) => leavable(context, signal => inquirer.select({...options, choices: [...options.choices], pageSize: 15}, {...context, signal})),
        confirm: (options, context) => inquirer.confirm(options, context),
        input: (options, context) => inquirer.input(options, context),
        close: () => undefined,
    }
}

/** Runs a list prompt; `q` or Esc while it asks cancels it (its signal), and it rejects with LeftPrompt. */
export async function leavable<T>(context: PromptContext, ask: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController()
    let left: 'q' | 'escape' | undefined
    const onKey = (_: string, key: {name?: string; ctrl?: boolean; meta?: boolean} | undefined) => {
        // Esc alone comes as a meta key (readline marks an escape so); Alt-q or Ctrl-q is no q
        const pressed = key?.name === 'escape' ? 'escape' : key?.name === 'q' && !key.ctrl && !key.meta ? 'q' : undefined
        if (pressed) {
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
