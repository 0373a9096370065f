// Starts the wizard in a terminal; without one, says what to use instead.
import {render} from 'ink'
import type {LoadedTemplate} from '../engine/load/index.js'
import type {ResolveRequest} from '../engine/pipeline.js'
import {App} from './app.js'

export async function runWizard(template: LoadedTemplate, base: ResolveRequest, presets: readonly string[]): Promise<void> {
    const instance = render(<App template={template} base={base} initialPresets={presets} />, {exitOnCtrlC: true})
    await instance.waitUntilExit()
}
