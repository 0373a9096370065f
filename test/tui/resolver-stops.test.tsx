// The wizard when its resolver stops (an exception or out of memory in the engine, made here by a
// fault injected through the resolver's options): it is started again once with the latest choices
// and the user is told; a second stop is said in the header and the message line instead of a
// spinner that never ends.
import {afterEach, describe, expect, it} from 'vitest'
import {App} from '../../src/tui/app.js'
import {openResolver, type Resolver} from '../../src/tui/resolver/client.js'
import type {Fault} from '../../src/tui/resolver/protocol.js'
import {DOWN, ENTER, press, RESOLVED, show, until, workspace} from './wizard-harness.js'

/** The frame as one line: the message line wraps. */
const flat = (frame: string) => frame.replace(/\s+/g, ' ')

let opened: Resolver[] = []
afterEach(() => {
    for (const r of opened) r.close()
    opened = []
})

function failing(fault: Fault) {
    const {file} = workspace()
    const resolver = openResolver(file, {fault})
    opened.push(resolver)
    return show(<App file={file} resolver={resolver} opening="main" />)
}

describe('a resolver that stops', () => {
    it('is started again with the choices, the user told so, and the variant shown', async () => {
        const app = failing({on: 'resolve', by: 'exception', resolvers: 1})
        const f = await until(app.lastFrame, RESOLVED)
        expect(flat(f)).toContain('the resolver stopped (a fault injected for a test (resolve)) and is starting again with your choices')
        // and it goes on answering: monitoring on resolves to another variant
        const before = RESOLVED.exec(f)![0]
        await press(app.stdin, DOWN, ENTER)
        const after = await until(app.lastFrame, g => g.includes('monitoring ☑ on') && RESOLVED.test(g) && RESOLVED.exec(g)![0] !== before)
        expect(after).toContain('monitoring ☑ on set here')
        app.unmount()
    })

    it('says so in the header and the message line when it stops again, instead of resolving for ever', async () => {
        const app = failing({on: 'resolve', by: 'exception', resolvers: 2})
        const f = await until(app.lastFrame, '✘ the resolver stopped')
        expect(f).not.toContain('resolving…')
        expect(flat(f)).toContain('the resolver stopped again (a fault injected for a test (resolve)): nothing more can be resolved; q quits')
        app.unmount()
    })

    it('answers an explanation it was asked for before it stopped', async () => {
        const app = failing({on: 'explain', by: 'exception', resolvers: 1})
        // the why pane explains the first element once the first variant is shown
        await until(app.lastFrame, f => flat(f).includes('the resolver stopped (a fault injected for a test (explain)) and is starting again'))
        expect(await until(app.lastFrame, 'Node "shop" is present: it has no conditions')).toMatch(RESOLVED)
        app.unmount()
    })
})
