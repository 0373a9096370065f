// The only engine stage that touches the file system: it reads the service
// template (and files it refers to) and hands plain data plus source maps on.
import fs from 'node:fs'
import path from 'node:path'
import {TrellisError} from '../errors.js'
import {decodeText} from './encoding.js'
import {readRegularFile} from './files.js'
import {maxYamlBytes, tooLargeFile} from './limits.js'
import {readLibrary, type LibraryFile} from './library.js'
import {readLibraryFile, readSideFile} from './parsed-cache.js'
import {isArchiveName, unpackArchive} from './archive.js'
import {entryDefinitions} from './csar.js'
import {isBelow, isDirectory, realpath, shownPath} from './paths.js'
import {readYaml, SourceMap, type ParsedYaml, type ReadOptions} from './yaml/index.js'
import {textOf} from '../text.js'
import type {LoadedTemplate} from './template.js'
import {TOSCA_VERSION, VARIABILITY_VERSIONS, type VariabilityVersion} from './versions.js'

export {SourceMap, CORE, plainScalar, MAX_YAML_NESTING, readValueText, ValueTextError} from './yaml/index.js'
export {floatLiteralKeys, floatLiteralsRead, floatText, isFloatLiteral, noteFloatLiteral} from './yaml/index.js'
export {findTechnologyPlugins, loadTechnologyPlugins, type LoadedPlugin, type PluginPolicy} from './plugins.js'
export {entryAt, isBelow, isDirectory, realpath, shownPath} from './paths.js'
export {entryDefinitions, TOSCA_META} from './csar.js'
export {isArchiveName, MAX_ARCHIVE_BYTES, MAX_ARCHIVE_ENTRIES, MAX_UNPACKED_BYTES, releaseArchives, removeArchivesAtExit, removeThreadArchives} from './archive.js'
export {readRegularFile} from './files.js'
export {processRunning} from './processes.js'
export {batches, writeAll} from './write-all.js'
export {entryNameProblem, MAX_ENTRY_DEPTH} from './entry-names.js'
export {DEFAULT_MAX_YAML_MB, maxYamlBytes, setMaxYamlSize} from './limits.js'
export type {ParsedYaml, ReadOptions} from './yaml/index.js'
export type {LibraryFile} from './library.js'

export {type LoadedTemplate} from './template.js'
export {TOSCA_VERSION, VARIABILITY_VERSIONS, type VariabilityVersion} from './versions.js'

/** Reads and parses a YAML file; locations name it relative to the working directory when it lies below it. */
export function readYamlFile(file: string, options?: ReadOptions): ParsedYaml {
    return readYaml(readText(file), shownPath(file), options)
}

/** The file's text (its bytes decoded; a file larger than the limit is never read). */
function readText(file: string): string {
    const bytes = readRegularFile(file, shownPath(file), {maxBytes: maxYamlBytes(), why: size => tooLargeFile(shownPath(file), size)})
    return decodeText(bytes, shownPath(file))
}

/** Reads YAML text already in memory as files are read (nesting, size and aliases bounded); `file` names it in messages. */
export function readYamlText(text: string, file: string): ParsedYaml {
    return readYaml(text, file)
}

/**
 * `file`: a service template, or a CSAR folder (its entry definitions are read: see csar.ts);
 * `options`: how the service template is read (the files it names are read as usual).
 */
export async function loadTemplate(file: string, options?: ReadOptions): Promise<LoadedTemplate> {
    const directory = isDirectory(file)
    const folder = directory ? path.resolve(file) : isArchiveName(file) ? await unpackArchive(file, shownPath(file)) : undefined
    const entry = folder ? entryDefinitions(folder, shownPath(file)) : file
    const absolute = path.resolve(entry)
    const parsed = readYamlFile(entry, options)
    return fromParsed(parsed, absolute, path.resolve(file))
}

/** Builds a template from text already in memory (tests, benchmarks, an editor's buffer in the language server); `file` absolute, or relative to `dir`. */
export function templateFromText(text: string, file = 'template.yaml', dir = process.cwd()): LoadedTemplate {
    return fromParsed(readYaml(text, file), path.resolve(dir, file))
}

/** Wraps data built in memory (benchmarks, generated templates); positions are unknown. */
export function templateFromData(data: Record<string, unknown>, file = 'template.yaml', dir = process.cwd()): LoadedTemplate {
    return fromParsed({data, sourceMap: new SourceMap(file)}, path.resolve(dir, file))
}

function fromParsed(parsed: ParsedYaml, absolute: string, origin = absolute): LoadedTemplate {
    const {data, sourceMap} = parsed
    if (data === null || typeof data !== 'object' || Array.isArray(data)) throw new TrellisError('invalid-template', 'a service template must be a YAML map', sourceMap.at(0))
    const template = data as Record<string, unknown>
    const version = template.tosca_definitions_version
    const versions = {help: [`Trellis reads ${[...VARIABILITY_VERSIONS, TOSCA_VERSION].join(', ')}`]}
    if (version === undefined) throw new TrellisError('unsupported-version', 'the service template has no "tosca_definitions_version"', sourceMap.at(0), versions)
    if (version !== TOSCA_VERSION && !VARIABILITY_VERSIONS.includes(version as VariabilityVersion))
        throw new TrellisError(
            'unsupported-version',
            `unsupported tosca_definitions_version "${textOf(version)}"`,
            sourceMap.locate(template, 'tosca_definitions_version'),
            versions,
        )
    const dir = path.dirname(absolute)
    let library: readonly LibraryFile[] | undefined
    const inside = (target: string) => isBelow(realpath(target) ?? target, realpath(dir) ?? dir)
    return {
        file: absolute,
        origin,
        dir,
        data: template,
        sourceMap,
        version: version as LoadedTemplate['version'],
        readRelative: (relative, where) => {
            const target = path.resolve(dir, relative)
            if (!fs.existsSync(target)) return undefined
            // a template names files beside it, never elsewhere (an absolute path, ../, a link leading out)
            if (!inside(target)) throw new TrellisError('invalid-template', `"${relative}" lies outside the template's folder: a template may only name files inside it`, where)
            try {
                return readSideFile(target)
            } catch (e) {
                // a file that cannot be read at all (a FIFO, too large) is located where the template names it
                if (e instanceof TrellisError && !e.location && where) throw new TrellisError(e.code, e.message, where, e)
                throw e
            }
        },
        readDefault: relative => {
            const target = path.resolve(dir, relative)
            return fs.existsSync(target) && inside(target) ? readSideFile(target) : undefined
        },
        library: () => (library ??= readLibrary(dir, readLibraryFile)),
    }
}
