// Variability4TOSCA variability tests: a directory per case (the layout of the
// shared conformance suite and of a CSAR's tests/ folder), run in-process.
// A case holds expected.yaml or test.yaml; test.yaml may set presets, inputs,
// template, expected, error, replace and merge.
import fs from 'node:fs'
import path from 'node:path'
import {isDeepStrictEqual} from 'node:util'
import {
    isBelow,
    isTrellisError,
    loadTechnologyPlugins,
    loadTemplate,
    maxYamlBytes,
    type PluginPolicy,
    readYamlFile,
    readYamlText,
    realpath,
    outputOf,
    resolveTemplate,
    stringifyTemplate,
    variabilityInputNames,
} from '../engine/index.js'
import {readInputsFile} from '../app/inputs.js'
import {skippedPlugins} from '../app/plugins.js'
import {reportError} from './report-error.js'

export interface CaseResult {
    readonly name: string
    readonly ok: boolean
    readonly reason?: string
}

/** The names a case's template may have, in the order they are looked for (as the reference does). */
const TEMPLATE_NAMES = ['vst.yaml', 'variable-service-template.yaml', 'service-template.yaml', 'template.yaml']

/** A downloaded suite is read as templates are: regular files only, aliases and size bounded. */
const load = (file: string): unknown => readYamlFile(file).data
/** The first line of why a file could not be read, located. */
const why = (e: unknown): string => (isTrellisError(e) ? e.describe() : (e as Error).message).split('\n')[0]!

/** Case directories below `root` (or `root` itself), sorted, skipping `---disabled` ones. */
function findCases(root: string): string[] {
    if (isCase(root)) return [root]
    const out: string[] = []
    const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
            if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name.endsWith('---disabled')) continue
            const sub = path.join(dir, entry.name)
            if (isCase(sub)) out.push(sub)
            else walk(sub)
        }
    }
    walk(root)
    return out
}

function isCase(dir: string): boolean {
    return fs.existsSync(path.join(dir, 'test.yaml')) || fs.existsSync(path.join(dir, 'expected.yaml'))
}

interface CaseConfig {
    presets?: unknown
    inputs?: string
    template?: string
    expected?: string
    error?: unknown
    replace?: [string, string][]
    merge?: unknown
}

/** How cases run: which plugins may, and a folder (`--root`) whose files any case may name besides its own. */
export interface CaseOptions {
    readonly policy?: PluginPolicy
    readonly root?: string
}

export async function runCase(dir: string, name: string, {policy = {allow: false}, root}: CaseOptions = {}): Promise<CaseResult> {
    const csarRoot = path.basename(path.dirname(dir)) === 'tests' ? path.dirname(path.dirname(dir)) : undefined
    // the template lives in the CSAR root for a CSAR's tests, else in the case folder
    const home = csarRoot ?? dir
    let config: CaseConfig
    let templateFile: string | undefined
    let inputsFile: string | undefined
    let expectedFile: string
    try {
        config = readConfig(path.join(dir, 'test.yaml'))
        templateFile = config.template !== undefined ? path.resolve(home, config.template) : TEMPLATE_NAMES.map(n => path.join(home, n)).find(f => fs.existsSync(f))
        inputsFile =
            config.inputs !== undefined
                ? caseFile('inputs', dir, config.inputs, home, root)
                : fs.existsSync(path.join(dir, 'inputs.yaml'))
                  ? caseFile('inputs', dir, 'inputs.yaml', home, root) // a symbolic link out is refused too
                  : undefined
        expectedFile = caseFile('expected', dir, config.expected ?? 'expected.yaml', home, root)
    } catch (e) {
        return {name, ok: false, reason: (e as Error).message}
    }
    if (!templateFile || !fs.existsSync(templateFile))
        return {name, ok: false, reason: `no template found for this case (looked for ${config.template ?? TEMPLATE_NAMES.join(', ')} in ${home})`}
    const presets = config.presets === undefined || config.presets === null ? [] : ([] as unknown[]).concat(config.presets).map(String)
    // a case that fails while its template's plugins were left out says so
    let skipped: string | undefined
    const failed = (reason: string): CaseResult => ({name, ok: false, reason: skipped ? `${reason} (${skipped})` : reason})

    let text: string
    try {
        const template = await loadTemplate(templateFile)
        skipped = skippedPlugins(template, policy)
        const fromFile = inputsFile ? readInputsFile(inputsFile, variabilityInputNames(template)) : {presets: [], assignments: []}
        const request = {presets: [...fromFile.presets, ...presets], assignments: fromFile.assignments, plugins: await loadTechnologyPlugins(template, policy)}
        text = stringifyTemplate(outputOf(resolveTemplate(template, request)))
    } catch (e) {
        let message = ''
        reportError(e, false, line => (message += line))
        // an error in a template outside the case and the working folder may quote that file: not shown
        const said = shownFrom(templateFile, home, root)
            ? message.trim().split('\n')[0]
            : `an error (${isTrellisError(e) ? e.code : 'internal'}; not shown: the template lies outside ${home})`
        if (config.error === undefined) return failed(`failed: ${said}`)
        const want = String(config.error)
        return message.includes(want) ? {name, ok: true} : failed(`expected error "${want}" but got: ${said}`)
    }
    if (config.error !== undefined) return {name, ok: false, reason: `expected error "${String(config.error)}" but resolving succeeded`}
    let actual: unknown
    try {
        text = replaced(text, config.replace ?? [])
        actual = readYamlText(text, 'the resolved template').data
    } catch (e) {
        return failed(`cannot compare: ${why(e)}`)
    }
    let expected: unknown
    try {
        expected = load(expectedFile)
    } catch (e) {
        return {name, ok: false, reason: `cannot read expected template: ${why(e)}`}
    }
    if (config.merge) expected = merge(expected, config.merge)
    if (isDeepStrictEqual(actual, expected)) return {name, ok: true}
    const difference = firstDifference(expected, actual) ?? '?'
    return failed(
        `differs from expected: ${shownFrom(templateFile, home, root) ? difference : `${difference.split(' ')[0]} (values not shown: the template lies outside ${home})`}`,
    )
}

/**
 * Whether what a template gives may be shown: values resolved from (and errors in) a template
 * outside the case, the working folder and --root are not, as a downloaded suite could name any file
 * as its template (`profile test` cases name the user's own).
 */
function shownFrom(templateFile: string, home: string, root: string | undefined): boolean {
    const real = realpath(templateFile) ?? templateFile
    return [home, process.cwd(), ...(root ? [root] : [])].some(dir => isBelow(real, realpath(dir) ?? dir))
}

/** test.yaml, checked: a case that cannot be read fails with one line, never runs half-configured. */
function readConfig(file: string): CaseConfig {
    if (!fs.existsSync(file)) return {}
    let config: unknown
    try {
        config = load(file)
    } catch (e) {
        throw new Error(`cannot read test.yaml: ${why(e)}`)
    }
    if (config === null || config === undefined) return {}
    if (typeof config !== 'object' || Array.isArray(config)) throw new Error('test.yaml must be a YAML map')
    const c = config as Record<string, unknown>
    for (const key of ['template', 'inputs', 'expected'] as const) if (c[key] !== undefined && typeof c[key] !== 'string') throw new Error(`test.yaml: ${key} must be a file name`)
    if (c.replace !== undefined && !(Array.isArray(c.replace) && c.replace.every(r => Array.isArray(r) && r.length === 2 && r.every(x => typeof x === 'string'))))
        throw new Error('test.yaml: replace must be a list of [from, to] string pairs')
    return c as CaseConfig
}

/**
 * A file whose values a case shows (expected template, inputs), relative to `base`: it must stay
 * inside the case's home (the CSAR or the case folder), or inside the folder the user named with
 * `--root`, so a downloaded suite cannot make `trellis test` print a foreign file's values. The
 * template may lie elsewhere (`trellis profile test` writes cases beside the template they test):
 * it is resolved, not shown.
 */
function caseFile(key: string, base: string, name: string, home: string, root?: string): string {
    const file = path.resolve(base, name)
    // a file that need not exist (a case expecting an error has no expected.yaml): its folder's real path
    const real = realpath(file) ?? path.join(realpath(path.dirname(file)) ?? path.dirname(file), path.basename(file))
    const inside = (dir: string) => isBelow(real, realpath(dir) ?? dir)
    if (!inside(home) && !(root && inside(root)))
        throw new Error(`test.yaml: ${key} names a file outside ${root ? `${home} and ${root}` : `${home} (give --root to allow a folder around it)`} (${name})`)
    return file
}

/**
 * Characters the replacements of one test may read through (each reads the text twice): a few
 * seconds. A test suite is downloaded like a template, and 10,000 replacements over a text of the
 * largest size read terabytes: bounded by the work, not only by the size.
 */
const MOST_REPLACE_WORK = 2_000_000_000

/** The resolved text with test.yaml's replacements made, each refused once the text would grow past what a YAML file may have. */
function replaced(text: string, replacements: readonly (readonly [string, string])[]): string {
    const tooMuch = () =>
        new Error(`test.yaml: its ${replacements.length} replacements read more of the resolved template than a test may (${MOST_REPLACE_WORK / 1e9} billion characters)`)
    // refused before any is made when the text as it is already takes too long; the text may grow as they go
    if (2 * text.length * replacements.length > MOST_REPLACE_WORK) throw tooMuch()
    let work = 0
    for (const [from, to] of replacements) {
        work += 2 * text.length
        if (work > MOST_REPLACE_WORK) throw tooMuch()
        if (text.length + occurrences(text, from) * (to.length - from.length) > maxYamlBytes())
            throw new Error(`test.yaml: replace ${JSON.stringify(from)} makes the resolved template larger than the ${maxYamlBytes() / 2 ** 20} MB a YAML file may have`)
        text = replaceEvery(text, from, to)
    }
    return text
}

/**
 * text.split(from).join(to), joined a few thousand pieces at a time: split holds a string per
 * occurrence (a replace that doubles 64 million characters held 2.2 GB; this holds 0.8 GB).
 */
function replaceEvery(text: string, from: string, to: string): string {
    // an empty `from` is found between every two characters, as split('') cuts the text
    const next = (after: number) => (from === '' ? (after + 1 < text.length ? after + 1 : -1) : text.indexOf(from, after))
    const joined: string[] = []
    let pieces: string[] = []
    let last = 0
    for (let at = next(0); at >= 0; at = next(last)) {
        pieces.push(text.slice(last, at), to)
        last = at + from.length
        if (pieces.length >= 8192) {
            joined.push(pieces.join(''))
            pieces = []
        }
    }
    pieces.push(text.slice(last))
    joined.push(pieces.join(''))
    return joined.join('')
}

/** How many times `to` is put in: each occurrence of `from`, or between characters for an empty `from`. */
function occurrences(text: string, from: string): number {
    if (from === '') return Math.max(0, text.length - 1)
    let n = 0
    for (let at = text.indexOf(from); at >= 0; at = text.indexOf(from, at + from.length)) n++
    return n
}

export async function runCases(folder: string, options: CaseOptions = {}): Promise<CaseResult[]> {
    const absolute = path.resolve(folder)
    const root = options.root === undefined ? undefined : path.resolve(options.root)
    const results: CaseResult[] = []
    for (const dir of findCases(absolute)) results.push(await runCase(dir, path.relative(absolute, dir) || path.basename(dir), {...options, root}))
    return results
}

function merge(target: unknown, source: unknown): unknown {
    if (source === null || typeof source !== 'object' || Array.isArray(source)) return source
    const out = (target !== null && typeof target === 'object' && !Array.isArray(target) ? target : {}) as Record<string, unknown>
    for (const [k, v] of Object.entries(source)) {
        // defined, not assigned: a key named __proto__ is data, never the prototype
        Object.defineProperty(out, k, {value: merge(Object.hasOwn(out, k) ? out[k] : undefined, v), enumerable: true, writable: true, configurable: true})
    }
    return out
}

function firstDifference(a: unknown, b: unknown, at = ''): string | undefined {
    if (isDeepStrictEqual(a, b)) return undefined
    if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
        const ra = a as Record<string, unknown>
        const rb = b as Record<string, unknown>
        for (const k of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
            if (!Object.hasOwn(rb, k)) return `${at}/${k} is missing`
            if (!Object.hasOwn(ra, k)) return `${at}/${k} is unexpected`
            const d = firstDifference(ra[k], rb[k], `${at}/${k}`)
            if (d) return d
        }
    }
    const show = (v: unknown) => JSON.stringify(v)?.slice(0, 120)
    return `${at || '/'} expected ${show(a)} got ${show(b)}`
}
