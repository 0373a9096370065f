// Starts the full-screen wizard in a terminal.
import {render} from 'ink'
import type {LoadedTemplate, ResolveRequest} from '../engine/index.js'
import {App} from './app.js'
import {RENDER_OPTIONS} from './render-options.js'

export interface WizardOptions {
    /** Ink's screen-reader rendering: plain text with roles and labels, no borders (also INK_SCREEN_READER=true). */
    readonly screenReader?: boolean
}

export {RENDER_OPTIONS}

export async function runWizard(template: LoadedTemplate, base: ResolveRequest, presets: readonly string[], options: WizardOptions = {}): Promise<void> {
    // ctrl-c unmounts Ink, which restores the terminal (cursor, raw mode) before the process ends
    const instance = render(<App template={template} base={base} initialPresets={presets} />, {...RENDER_OPTIONS, ...(options.screenReader ? {isScreenReaderEnabled: true} : {})})
    await instance.waitUntilExit()
}
