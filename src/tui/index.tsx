// Starts the full-screen wizard in a terminal.
import {render} from 'ink'
import {Interrupted} from './app.js'
import {LiveApp} from './live.js'
import {RENDER_OPTIONS} from './render-options.js'
import type {Resolver} from './resolver/client.js'
import type {BaseRequest} from './resolver/protocol.js'

export interface WizardOptions {
    /** Ink's screen-reader rendering: plain text with roles and labels, no borders (also INK_SCREEN_READER=true). */
    readonly screenReader?: boolean
    /** A first message (warnings of the command line, which the wizard's screen would hide). */
    readonly notice?: string
}

export {RENDER_OPTIONS}

/**
 * Runs the wizard on the template `resolver` read (see openResolver) until the user leaves it: 'done'
 * (quit or written), or 'interrupted' by Ctrl-C. The wizard ends the resolver.
 */
export async function runWizard(resolver: Resolver, base: BaseRequest, presets: readonly string[], options: WizardOptions = {}): Promise<'done' | 'interrupted'> {
    const file = resolver.outline?.file
    if (!file) throw new Error('runWizard needs a resolver that read its template (await resolver.loaded)')
    // the full-screen wizard draws on the terminal's alternate screen, so leaving it (quit, write,
    // ctrl-c, an error) gives back the shell's screen as it was; a screen reader gets plain text
    const alternate = !options.screenReader && process.stdout.isTTY === true
    if (alternate) process.stdout.write(ENTER_ALTERNATE_SCREEN)
    const restore = () => {
        if (alternate) process.stdout.write(LEAVE_ALTERNATE_SCREEN)
    }
    process.once('exit', restore)
    // leaving unmounts Ink, which restores the cursor and raw mode before the process ends
    const instance = render(<LiveApp file={file} resolver={resolver} base={base} initialPresets={presets} notice={options.notice || undefined} />, {
        ...RENDER_OPTIONS,
        ...(options.screenReader ? {isScreenReaderEnabled: true} : {}),
    })
    try {
        await instance.waitUntilExit()
        return 'done'
    } catch (e) {
        if (e instanceof Interrupted) return 'interrupted'
        throw e
    } finally {
        process.off('exit', restore)
        restore()
    }
}

const ENTER_ALTERNATE_SCREEN = '\u001b[?1049h\u001b[H'
const LEAVE_ALTERNATE_SCREEN = '\u001b[?1049l'
