// A CSAR folder as TOSCA packs service templates: the entry definitions are the file
// TOSCA-Metadata/TOSCA.meta names (Entry-Definitions), else the one service template at the
// folder's root (as the reference's example CSARs are laid out, beside lib/, scripts/, tests/;
// some also hold the template enriched or resolved: see pick).
import fs from 'node:fs'
import path from 'node:path'
import {TrellisError} from '../errors.js'
import {decodeText} from './encoding.js'
import {readRegularFile} from './files.js'
import {isBelow, realpath} from './paths.js'

/** Where TOSCA puts the metadata of a CSAR. */
export const TOSCA_META = path.join('TOSCA-Metadata', 'TOSCA.meta')
/** TOSCA.meta is a few lines of `Key: value`. */
const META_BYTES = 64 * 1024
/** A YAML file declares itself a service template within its first lines. */
const HEAD_BYTES = 4096
const DECLARES_VERSION = /^tosca_definitions_version\s*:\s*["']?([\w.]*)/m

/**
 * The service template of the CSAR folder `dir` (`shown`: the folder as messages name it): the
 * file TOSCA.meta's Entry-Definitions names, which must lie inside the folder (links resolved),
 * else the one YAML file at the root that declares a tosca_definitions_version (see pick).
 */
export function entryDefinitions(dir: string, shown = dir): string {
    const meta = path.join(dir, TOSCA_META)
    const root = realpath(dir) ?? dir
    if (fs.existsSync(meta)) {
        // TOSCA-Metadata/ or TOSCA.meta may be a link: one leading out of the CSAR is never read (nor shown)
        if (!isBelow(realpath(meta) ?? meta, root))
            throw new TrellisError('invalid-template', `"${path.join(shown, TOSCA_META)}" lies outside the CSAR (a link): a CSAR may only name files inside it`)
        const named = metaEntry(
            decodeText(
                readRegularFile(meta, path.join(shown, TOSCA_META), {maxBytes: META_BYTES, why: () => `"${path.join(shown, TOSCA_META)}" is larger than ${META_BYTES / 1024} KiB`}),
                path.join(shown, TOSCA_META),
            ),
        )
        if (named === undefined)
            throw new TrellisError('invalid-template', `"${path.join(shown, TOSCA_META)}" names no Entry-Definitions`, undefined, {
                help: ['add a line such as "Entry-Definitions: service-template.yaml"'],
            })
        const target = path.resolve(dir, named)
        if (!isBelow(realpath(target) ?? target, root))
            throw new TrellisError(
                'invalid-template',
                `the Entry-Definitions "${named}" of "${path.join(shown, TOSCA_META)}" lies outside the CSAR: a CSAR may only name files inside it`,
            )
        return target
    }
    const candidates = rootTemplates(dir)
    const chosen = pick(candidates)
    if (chosen !== undefined) return path.join(dir, chosen)
    if (candidates.length === 0)
        throw new TrellisError('file-not-found', `"${shown}" holds no service template: no ${TOSCA_META} and no YAML file at its root with a tosca_definitions_version`)
    const names = candidates.map(c => c.name)
    throw new TrellisError('file-not-found', `cannot tell which service template of "${shown}" to read: ${names.join(', ')}`, undefined, {
        help: [`name one of them (${path.join(shown, names[0]!)}), or add ${TOSCA_META} with an Entry-Definitions line`],
    })
}

/**
 * The one service template among the root's: the only one; else the only variable one (a CSAR may
 * carry the plain template it was resolved to); else the one with the name the reference's CSARs
 * give it (beside an `enriched.yaml` its enricher wrote).
 */
function pick(candidates: readonly {name: string; variable: boolean}[]): string | undefined {
    if (candidates.length === 1) return candidates[0]!.name
    const variable = candidates.filter(c => c.variable)
    if (variable.length === 1) return variable[0]!.name
    return variable.find(c => c.name === CONVENTIONAL_NAME)?.name
}

/** The name the reference gives a CSAR's variable service template. */
const CONVENTIONAL_NAME = 'variable-service-template.yaml'

/** The value of the Entry-Definitions line of a TOSCA.meta text (the first block: the CSAR's own). */
function metaEntry(text: string): string | undefined {
    for (const line of text.split(/\r?\n/)) {
        const match = /^Entry-Definitions\s*:\s*(.*?)\s*$/.exec(line)
        if (match) return match[1] || undefined
    }
    return undefined
}

/** The YAML files at the root of `dir` that declare a tosca_definitions_version (and whether a variability one), sorted. */
function rootTemplates(dir: string): {name: string; variable: boolean}[] {
    let entries: fs.Dirent[]
    try {
        entries = fs.readdirSync(dir, {withFileTypes: true})
    } catch {
        return []
    }
    return entries
        .filter(e => e.isFile() && /\.ya?ml$/i.test(e.name))
        .flatMap(e => {
            const head = headOf(path.join(dir, e.name))
            const version = head === undefined ? null : DECLARES_VERSION.exec(head)
            return version ? [{name: e.name, variable: /^tosca_variability_/.test(version[1]!)}] : []
        })
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** The first bytes of a regular file, as text; undefined when it cannot be read. */
function headOf(file: string): string | undefined {
    let fd: number | undefined
    try {
        // without blocking (a FIFO named x.yaml must not stop the search); only the first lines
        fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0))
        if (!fs.fstatSync(fd).isFile()) return undefined
        const buffer = Buffer.alloc(HEAD_BYTES)
        const read = fs.readSync(fd, buffer, 0, buffer.length, 0)
        return buffer.toString('utf8', 0, read)
    } catch {
        return undefined
    } finally {
        if (fd !== undefined) fs.closeSync(fd)
    }
}
