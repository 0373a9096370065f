// Renders the wizard with ink-testing-library in a terminal of a chosen size,
// drives it with keys and waits for what the frame shows (never for fixed times).
import fs from 'node:fs'
import path from 'node:path'
import {tempDir as sharedTempDir} from '../helpers/temp.js'
import {render} from 'ink-testing-library'
import type React from 'react'
import {App} from '../../src/tui/app.js'

const SAMPLE = path.resolve(__dirname, '../../sample-templates/web-shop/variable-service-template.yaml')
const WIDE = {columns: 120, rows: 32}
/** The header once the first resolution landed. */
export const RESOLVED = /✔ \d+ present/

export type Frame = () => string | undefined

/** Waits until the frame shows the text (generous: CI machines are slow and busy). */
export async function until(frame: Frame, text: string | RegExp | ((frame: string) => boolean), timeout = 60_000): Promise<string> {
    const end = Date.now() + timeout
    const matches = (f: string) => (typeof text === 'string' ? f.includes(text) : text instanceof RegExp ? text.test(f) : text(f))
    for (;;) {
        const f = frame() ?? ''
        if (matches(f)) return f
        if (Date.now() > end) throw new Error(`never showed ${String(text)}:\n${f}`)
        await new Promise(resolve => setTimeout(resolve, 20))
    }
}

/** Sends keys one by one, each after the previous one was handled. */
export async function press(stdin: {write(data: string): void}, ...keys: string[]) {
    for (const key of keys) {
        stdin.write(key)
        await new Promise(resolve => setTimeout(resolve, 15))
    }
}

export const ENTER = '\r'
export const ESC = '\u001B'
export const TAB = '\t'
export const CTRL_U = '\u0015'
export const CTRL_W = '\u0017'
export const DOWN = '\u001B[B'
export const UP = '\u001B[A'
export const BACKSPACE = '\u007F'

export function tempDir(): string {
    return sharedTempDir('trellis-wizard-')
}

export function workspace(text = fs.readFileSync(SAMPLE, 'utf8')) {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'shop.yaml'), text)
    return {file: path.join(dir, 'shop.yaml'), output: path.join(dir, 'shop.resolved.yaml'), report: path.join(dir, 'shop.report.md')}
}

/** Renders into a terminal of the given size (the testing library's is 100 columns; Ink lays out to the terminal's width). */
export function show(element: React.ReactElement, size = WIDE) {
    const app = render(element)
    resize(app, size)
    return app
}

export function resize(app: ReturnType<typeof render>, size: {columns: number; rows: number}) {
    const stdout = app.stdout as unknown as NodeJS.EventEmitter
    Object.defineProperty(stdout, 'columns', {value: size.columns, configurable: true})
    Object.defineProperty(stdout, 'rows', {value: size.rows, configurable: true})
    stdout.emit('resize')
}

/** The wizard on the web-shop sample, on the dashboard (the walk's first step, the presets, is tested on its own). */
export function start(props: Partial<Parameters<typeof App>[0]> = {}, size = WIDE) {
    const {file, output, report} = workspace()
    const app = show(<App file={file} opening="main" {...props} />, size)
    return {app, file, output, report, frame: app.lastFrame}
}
