// The type library beside a template: every YAML file below its `lib/` folder that
// is a TOSCA service template lends its type definitions to resolving (realistic
// templates keep their node, artifact and relationship types there and import them;
// the reference reads the whole folder whatever the imports say). Only files inside
// the template's folder are read: `lib/` itself or entries that lead elsewhere through
// a symbolic link are skipped. The walk visits each folder once (a link back up, such
// as `lib/a -> .`, is not walked again) and stops with an error past MAX_DEPTH folders
// or MAX_ENTRIES entries.
import fs from 'node:fs'
import path from 'node:path'
import {TrellisError} from '../errors.js'
import {isBelow, realpath, isDirectory, shownPath} from './paths.js'
import type {ParsedYaml} from './yaml/index.js'
import {textOf} from '../text.js'
import {TOSCA_VERSION} from './versions.js'
import {grouped} from '../plural.js'

/** A TOSCA service template of the library, read. */
export interface LibraryFile extends ParsedYaml {
    readonly file: string
    readonly data: Record<string, unknown>
}

const YAML = /\.ya?ml$/i
export const MAX_DEPTH = 32
const MAX_ENTRIES = 100_000

/** The service templates below `<dir>/lib`, in path order; none when there is no such folder. */
export function readLibrary(dir: string, read: (file: string) => ParsedYaml): LibraryFile[] {
    const root = path.join(dir, 'lib')
    if (!isDirectory(root)) return []
    const inside = realpath(dir)
    const real = realpath(root)
    if (!inside || !real || !isBelow(real, inside)) return []
    const out: LibraryFile[] = []
    for (const file of walk(root, fs.statSync(root), inside, {seen: new Set(), entries: 0}, 0)) {
        const parsed = read(file)
        const data = parsed.data
        if (data === null || typeof data !== 'object' || Array.isArray(data)) continue
        const version = (data as Record<string, unknown>).tosca_definitions_version
        if (version === undefined || version === null) continue
        if (version !== TOSCA_VERSION)
            throw new TrellisError(
                'unsupported-version',
                `TOSCA definitions version "${textOf(version)}" not supported in type library file`,
                parsed.sourceMap.locate(data, 'tosca_definitions_version'),
                {help: [`a type library file is written in ${TOSCA_VERSION}`]},
            )
        out.push({file, data: data as Record<string, unknown>, sourceMap: parsed.sourceMap})
    }
    return out
}

interface Walk {
    /** Folders walked, by device and inode. */
    readonly seen: Set<string>
    entries: number
}

function* walk(dir: string, folder: fs.Stats, inside: string, state: Walk, depth: number): Generator<string> {
    const id = `${folder.dev}:${folder.ino}`
    if (state.seen.has(id)) return
    state.seen.add(id)
    if (depth > MAX_DEPTH) throw new TrellisError('too-large', `the type library "lib/" is nested deeper than ${MAX_DEPTH} folders (at "${shownPath(dir)}")`)
    const entries = fs.readdirSync(dir, {withFileTypes: true}).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    state.entries += entries.length
    if (state.entries > MAX_ENTRIES) throw new TrellisError('too-large', `the type library "lib/" has more than ${grouped(MAX_ENTRIES)} entries`)
    for (const entry of entries) {
        const full = path.join(dir, entry.name)
        if (entry.isSymbolicLink()) {
            const target = realpath(full)
            if (!target || !isBelow(target, inside)) continue
        }
        let stat: fs.Stats
        try {
            stat = fs.statSync(full)
        } catch {
            continue // a link that leads nowhere
        }
        if (stat.isDirectory()) yield* walk(full, stat, inside, state, depth + 1)
        else if (YAML.test(entry.name) && stat.isFile()) yield full
    }
}
