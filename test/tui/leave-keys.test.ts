// q and Esc leave a list of @inquirer/prompts as they leave the plain one. A terminal reports Esc
// alone as a meta key (readline marks every escape so): it once went unheard.
import {PassThrough} from 'node:stream'
import {expect, it} from 'vitest'
import {answered, leavable, openPrompts} from '../../src/tui/inquirer-prompts.js'

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

/** What a terminal shows after `text`: enough of one to follow inquirer's cursor moves and erasures. */
function screen(text: string): string[] {
    const rows: string[] = ['']
    let row = 0
    let col = 0
    const put = (ch: string) => {
        const line = (rows[row] ?? '').padEnd(col)
        rows[row] = line.slice(0, col) + ch + line.slice(col + 1)
        col++
    }
    for (let i = 0; i < text.length; i++) {
        const ch = text[i]!
        if (ch === '\n') {
            row++
            col = 0
            rows[row] ??= ''
        } else if (ch === '\r') col = 0
        else if (ch === '\u001b') {
            const m = /^\[(\?)?(\d*)(?:;\d+)*([A-Za-z])/.exec(text.slice(i + 1))
            if (!m) continue
            i += m[0].length
            const n = Number(m[2] || 1)
            if (m[1]) continue // cursor shown or hidden
            if (m[3] === 'A') row = Math.max(0, row - n)
            else if (m[3] === 'B') row += n
            else if (m[3] === 'G') col = n - 1
            else if (m[3] === 'K') rows[row] = ''
            rows[row] ??= ''
        } else put(ch)
    }
    return rows.map(r => r.trimEnd()).filter(r => r !== '')
}

it('wipes a list left with Esc from the screen, and leaves an answered one as its question and answer', async () => {
    const ask = async (keys: {name: string}[]) => {
        const input = Object.assign(new PassThrough(), {isTTY: true, setRawMode: () => {}})
        // a terminal's output, which (as process.stdout) a prompt's end does not close
        const output = Object.assign(new PassThrough(), {isTTY: true, columns: 80, rows: 24})
        output.end = () => output
        let shown = ''
        output.on('data', chunk => (shown += chunk))
        const prompts = await openPrompts(output)
        const asked = prompts.select(
            {
                message: 'Which preset?',
                choices: [
                    {name: 'dev — small', value: 'dev'},
                    {name: 'prod', value: 'prod'},
                ],
            },
            {input, output},
        )
        // the list is drawn before keys reach it
        await new Promise(resolve => setTimeout(resolve, 50))
        for (const key of keys) input.emit('keypress', key.name === 'return' ? '\r' : '', key)
        const answer = await asked.catch((e: Error) => e.name)
        await new Promise(resolve => setImmediate(resolve))
        return {answer, screen: screen(shown)}
    }
    expect(await ask([{name: 'escape'}])).toEqual({answer: 'LeftPrompt', screen: []})
    expect(await ask([{name: 'return'}])).toEqual({answer: 'dev', screen: ['✔ Which preset? dev — small']})
})

it('wraps an answered list between words to the terminal, as every line of line mode', () => {
    const output = Object.assign(new PassThrough(), {isTTY: true, columns: 40})
    const message = 'Presets to apply (applied in the order listed; later ones override earlier ones)'
    answered({input: new PassThrough(), output}, message, [{name: 'prod — Production', value: 'prod'}], ['prod'])
    const rows = String(output.read()).trimEnd().split('\n')
    for (const row of rows) expect(row.length, row).toBeLessThanOrEqual(40)
    expect(rows.map(r => r.trim()).join(' ')).toBe(`✔ ${message} prod — Production`)
    expect(rows.slice(1).every(r => r.startsWith('  '))).toBe(true)
})
