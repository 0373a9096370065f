// q and Esc leave a list of @inquirer/prompts as they leave the plain one. A terminal reports Esc
// alone as a meta key (readline marks every escape so): it once went unheard.
import {PassThrough} from 'node:stream'
import {expect, it} from 'vitest'
import {leavable} from '../../src/tui/inquirer-prompts.js'

/** A prompt that only ends when its signal aborts it. */
const waiting = (signal: AbortSignal) => new Promise<string>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))))

it('leaves with Esc (a meta key) and with q, never with Alt-q', async () => {
    for (const [key, left] of [
        [{name: 'escape', meta: true}, 'escape'],
        [{name: 'q'}, 'q'],
    ] as const) {
        const input = new PassThrough()
        const asked = leavable({input, output: new PassThrough()}, waiting)
        input.emit('keypress', '', key)
        await expect(asked).rejects.toMatchObject({name: 'LeftPrompt', key: left})
    }
    const input = new PassThrough()
    let ended = false
    void leavable({input, output: new PassThrough()}, waiting).catch(() => (ended = true))
    input.emit('keypress', 'q', {name: 'q', meta: true})
    // the handler aborts at once, as the key arrives: a turn of the event loop is all a rejection would take
    await new Promise(resolve => setImmediate(resolve))
    expect(ended).toBe(false)
})
