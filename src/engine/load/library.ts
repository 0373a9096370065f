// The type library beside a template: every YAML file below its `lib/` folder that
// is a TOSCA service template lends its type definitions to resolving (realistic
// templates keep their node, artifact and relationship types there and import them;
// the reference reads the whole folder whatever the imports say). Only files inside
// the template's folder are read: entries that lead elsewhere through a symbolic
// link are skipped.
import fs from 'node:fs'
import path from 'node:path'
import {TrellisError} from '../errors.js'
import {isBelow, realpath, isDirectory} from './paths.js'
import type {ParsedYaml} from './yaml.js'
import {textOf} from '../text.js'
import {TOSCA_VERSION} from './versions.js'

/** A TOSCA service template of the library, read. */
export interface LibraryFile extends ParsedYaml {
    readonly file: string
    readonly data: Record<string, unknown>
}

const YAML = /\.ya?ml$/i

/** The service templates below `<dir>/lib`, in path order; none when there is no such folder. */
export function readLibrary(dir: string, read: (file: string) => ParsedYaml): LibraryFile[] {
    const root = path.join(dir, 'lib')
    if (!isDirectory(root)) return []
    const inside = realpath(dir)
    const out: LibraryFile[] = []
    for (const file of walk(root, inside)) {
        const parsed = read(file)
        const data = parsed.data
        if (data === null || typeof data !== 'object' || Array.isArray(data)) continue
        const version = (data as Record<string, unknown>).tosca_definitions_version
        if (version === undefined || version === null) continue
        if (version !== TOSCA_VERSION)
            throw new TrellisError(
                'unsupported-version',
                `TOSCA definitions version "${textOf(version)}" not supported in type library file: expected ${TOSCA_VERSION}`,
                parsed.sourceMap.locate(data, 'tosca_definitions_version'),
            )
        out.push({file, data: data as Record<string, unknown>, sourceMap: parsed.sourceMap})
    }
    return out
}

function* walk(dir: string, inside: string | undefined): Generator<string> {
    const entries = fs.readdirSync(dir, {withFileTypes: true}).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of entries) {
        const full = path.join(dir, entry.name)
        if (entry.isSymbolicLink()) {
            const target = realpath(full)
            if (!target || !inside || !isBelow(target, inside)) continue
        }
        if (isDirectory(full)) yield* walk(full, inside)
        else if (YAML.test(entry.name) && isFile(full)) yield full
    }
}

function isFile(file: string): boolean {
    try {
        return fs.statSync(file).isFile()
    } catch {
        return false
    }
}
