// The active choice per template — a saved profile, presets, an inputs file — that the server
// resolves under. Set by the `trellis.setChoice` command, remembered per workspace in
// `.vscode/trellis.json` (docs/editor.md), one entry per template path relative to the workspace.
import fs from 'node:fs'
import path from 'node:path'
import {isBelow, realpath} from '../engine/index.js'

export interface ActiveChoice {
    readonly profile?: string
    readonly presets: readonly string[]
    /** An inputs file, relative to the workspace folder (or absolute). */
    readonly inputs?: string
}

export const NO_CHOICE: ActiveChoice = {presets: []}

/** An inputs file outside the workspace folder, which is not read. */
export const OUTSIDE = Symbol('outside the workspace folder')

const STORE = path.join('.vscode', 'trellis.json')

/** The choices remembered in a workspace folder; none when there is no workspace. */
export class ChoiceStore {
    private readonly choices = new Map<string, ActiveChoice>()

    constructor(private readonly workspace: string | undefined) {
        if (!workspace) return
        try {
            const stored = JSON.parse(fs.readFileSync(path.join(workspace, STORE), 'utf8')) as {choices?: Record<string, unknown>}
            for (const [template, choice] of Object.entries(stored.choices ?? {})) {
                const read = choiceOf(choice)
                if (read) this.choices.set(template, read)
            }
        } catch {
            // none remembered yet, or a file the user broke: the template resolves under its defaults
        }
    }

    /** The choice of a template (absolute path). */
    get(template: string): ActiveChoice {
        return this.choices.get(this.key(template)) ?? NO_CHOICE
    }

    /**
     * The inputs file of a choice as an absolute path; `outside` when it lies outside the workspace
     * folder (a link leading out included): `.vscode/trellis.json` comes with the repository, and
     * a cloned repository may name no file elsewhere (docs/untrusted-templates.md), so it is not read.
     */
    inputsFile(choice: ActiveChoice): string | undefined | typeof OUTSIDE {
        if (choice.inputs === undefined) return undefined
        const folder = this.workspace ?? process.cwd()
        const file = path.resolve(folder, choice.inputs)
        const real = realpath(file) ?? file
        return isBelow(real, realpath(folder) ?? folder) ? file : OUTSIDE
    }

    set(template: string, choice: ActiveChoice): void {
        this.choices.set(this.key(template), choice)
        if (!this.workspace) return
        const file = path.join(this.workspace, STORE)
        fs.mkdirSync(path.dirname(file), {recursive: true})
        const choices = Object.fromEntries([...this.choices].sort(([a], [b]) => a.localeCompare(b)))
        fs.writeFileSync(file, `${JSON.stringify({choices}, null, 2)}\n`)
    }

    private key(template: string): string {
        return this.workspace ? path.relative(this.workspace, template).split(path.sep).join('/') : template
    }
}

/** A choice as the command or the file gives it, checked; undefined when it is not one. */
export function choiceOf(value: unknown): ActiveChoice | undefined {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
    const {profile, presets, inputs} = value as Record<string, unknown>
    if (profile !== undefined && typeof profile !== 'string') return undefined
    if (inputs !== undefined && typeof inputs !== 'string') return undefined
    if (presets !== undefined && !(Array.isArray(presets) && presets.every(p => typeof p === 'string'))) return undefined
    return {
        ...(profile ? {profile} : {}),
        presets: (presets as string[] | undefined) ?? [],
        ...(inputs ? {inputs} : {}),
    }
}
