// trellis profile …: named input profiles (list, show, save, delete, rename, export, import).
import fs from 'node:fs'
import path from 'node:path'
import type {Command} from 'commander'
import {
    count,
    isBelow,
    isTrellisError,
    type LoadedTemplate,
    loadTemplate,
    readDefinitionOf,
    readRegularFile,
    realpath,
    TrellisError,
    variabilityInputNames,
    VariabilityInputs,
    type InputAssignment,
} from '../../engine/index.js'
import {saveChoices} from '../../profiles/choices.js'
import {exportProfile, readExportHeader} from '../../profiles/export-format.js'
import {describeStaleness, sha256File, staleness, targetOf} from '../../profiles/staleness.js'
import {checkOutputs, writeFileAtomic} from '../../app/io.js'
import {writeStandardOutput} from '../../app/standard-output.js'
import {escapeControls} from '../../app/shown-text.js'
import {parseSetFlag, readInputsFile} from '../../app/inputs.js'
import {openStore, warnLine} from '../../app/profile-request.js'
import {guarded} from '../guarded.js'
import {printLines, printText} from '../print.js'
import {UsageError} from '../report-error.js'
import {registerProfileDiff} from './profile-diff.js'
import {registerProfileTest} from './profile-test.js'
import {collect} from '../repeatable.js'

export function registerProfile(program: Command, setExit: (code: number) => void): void {
    const profile = program
        .command('profile')
        .description('named input profiles: presets and input values saved under a name (stored in TRELLIS_CONFIG_DIR or the user configuration directory)')

    registerList(profile, setExit)
    registerShow(profile, setExit)
    registerSave(profile, setExit)
    registerDelete(profile, setExit)
    registerRename(profile, setExit)
    registerExport(profile, setExit)
    registerImport(profile, setExit)
    registerProfileDiff(profile, setExit)
    registerProfileTest(profile, setExit)
}

/** `profile list`: the saved profiles, one aligned row each, with whether each still fits its template. */
function registerList(profile: Command, setExit: (code: number) => void): void {
    profile
        .command('list')
        .description('list the saved profiles')
        .option('--template <file>', 'only profiles of this template')
        .action(
            guarded(setExit, async (flags: {template?: string}) => {
                const store = await openStore()
                const wanted = flags.template ? path.resolve(flags.template) : undefined
                const profiles = store.list().filter(p => !wanted || path.resolve(p.template.path) === wanted)
                if (profiles.length === 0) {
                    printLines([`no profiles${wanted ? ` for ${wanted}` : ''} (store: ${store.path})`])
                    return
                }
                // one row per profile, its columns aligned: name, template, choices, then state and note
                const rows = profiles.map(p => {
                    const state = !fs.existsSync(p.template.path) ? '(template missing)' : sha256File(p.template.path) !== p.template.sha256 ? '(template changed)' : ''
                    const presets = p.presets.length ? `presets ${p.presets.join(', ')}; ` : ''
                    return [p.name, p.template.path, `${presets}${count(Object.keys(p.inputs).length, 'input')}`, [state, p.note ? `— ${p.note}` : ''].filter(Boolean).join('  ')]
                })
                // each cell escaped before the columns are measured
                printText(alignedColumns(rows.map(row => row.map(escapeControls))))
            }),
        )
}

/** `profile show NAME`: every field of a profile, and whether it still fits its template. */
function registerShow(profile: Command, setExit: (code: number) => void): void {
    profile
        .command('show')
        .description('show a profile, and whether it still fits its template')
        .argument('<name>')
        .action(
            guarded(setExit, async (name: string) => {
                const p = (await openStore()).get(name)
                const lines = [
                    `profile ${p.name}`,
                    `  template: ${p.template.path}`,
                    `  sha256: ${p.template.sha256}`,
                    `  presets: ${p.presets.length ? p.presets.join(', ') : '(none)'}`,
                ]
                const inputs = Object.entries(p.inputs)
                lines.push(`  inputs:${inputs.length ? '' : ' (none)'}`)
                for (const [k, v] of inputs) lines.push(`    ${k}: ${JSON.stringify(v)}`)
                if (p.note) lines.push(`  note: ${p.note}`)
                lines.push(`  created: ${p.created}`, `  updated: ${p.updated}`)
                if (!fs.existsSync(p.template.path)) lines.push(`  stale: the template ${p.template.path} no longer exists`)
                else {
                    const problems = describeStaleness(p, staleness(p, targetOf(await loadTemplate(p.template.path))))
                    lines.push(...(problems.length ? problems.map(l => `  stale: ${l}`) : ['  up to date with its template']))
                }
                printLines(lines)
            }),
        )
}

/** `profile save NAME`: presets and input values from flags and an inputs file, checked against the template, kept under a name. */
function registerSave(profile: Command, setExit: (code: number) => void): void {
    profile
        .command('save')
        .description('save presets and input values under a name')
        .argument('<name>')
        .requiredOption('-t, --template <file>', 'the variable service template the profile is for')
        .option('-p, --preset <name>', 'a preset, repeatable, applied in order', collect, [])
        .option('-i, --inputs <file>', 'YAML file of input values (a top-level presets list is read as presets)')
        .option('-s, --set <name=value>', 'set one input (value parsed as YAML); repeatable', collect, [])
        .option('--note <text>', 'a note kept with the profile')
        .option('--force', 'replace a profile of the same name')
        .action(
            guarded(setExit, async (name: string, flags: {template: string; preset: string[]; inputs?: string; set: string[]; note?: string; force?: boolean}) => {
                const template = await loadTemplate(flags.template)
                const fromFile = flags.inputs ? readInputsFile(flags.inputs, variabilityInputNames(template)) : {presets: [], assignments: []}
                const presets = [...fromFile.presets, ...flags.preset]
                const typed = validateChoices(template, presets, [...fromFile.assignments, ...flags.set.map(parseSetFlag)])
                const saved = saveChoices(await openStore(), {name, template: template.origin, presets, inputs: typed, note: flags.note}, {force: flags.force})
                printLines([`saved profile ${saved.name} (${count(presets.length, 'preset')}, ${count(Object.keys(typed).length, 'input')}) for ${saved.template.path}`])
            }),
        )
}

/** `profile delete NAME`. */
function registerDelete(profile: Command, setExit: (code: number) => void): void {
    profile
        .command('delete')
        .description('delete a profile')
        .argument('<name>')
        .action(
            guarded(setExit, async (name: string) => {
                ;(await openStore()).delete(name)
                printLines([`deleted profile ${name}`])
            }),
        )
}

/** `profile rename OLD NEW`. */
function registerRename(profile: Command, setExit: (code: number) => void): void {
    profile
        .command('rename')
        .description('rename a profile')
        .argument('<old>')
        .argument('<new>')
        .option('--force', 'replace a profile already named NEW')
        .action(
            guarded(setExit, async (from: string, to: string, flags: {force?: boolean}) => {
                ;(await openStore()).rename(from, to, {force: flags.force})
                printLines([`renamed profile ${from} to ${to}`])
            }),
        )
}

/** `profile export NAME`: the profile as an inputs file that `resolve --inputs` reads. */
function registerExport(profile: Command, setExit: (code: number) => void): void {
    profile
        .command('export')
        .description('write a profile as plain YAML (presets plus input values) that "trellis resolve --inputs" accepts')
        .argument('<name>')
        .option('-o, --output <file>', 'where to write ("-" for stdout)', '-')
        .action(
            guarded(setExit, async (name: string, flags: {output: string}) => {
                const p = (await openStore()).get(name)
                if (Object.hasOwn(p.inputs, 'presets') && p.presets.length)
                    throw new UsageError(`profile "${name}" sets an input named "presets" and applies presets; the export format cannot hold both`)
                if (flags.output === '-') writeStandardOutput(exportProfile(p, path.join(process.cwd(), `${name}.yaml`)))
                else {
                    // under resolve -o's rules: no link, device or FIFO replaced, never the profile's template
                    checkOutputs([{flag: '--output', file: flags.output}], [p.template.path])
                    await writeFileAtomic(flags.output, exportProfile(p, flags.output))
                    printLines([`exported profile ${name} to ${flags.output}`])
                }
            }),
        )
}

/** `profile import FILE`: a profile from an exported file (or any inputs file, with --template). */
function registerImport(profile: Command, setExit: (code: number) => void): void {
    profile
        .command('import')
        .description('save a profile from a file written by "trellis profile export" (or any inputs file, with --template)')
        .argument('<file>')
        .option('--name <name>', 'the profile name (default: the name in the file, else the file name)')
        .option('-t, --template <file>', 'the template (default: the one the file names)')
        .option('--force', 'replace a profile of the same name')
        .action(
            guarded(setExit, async (file: string, flags: {name?: string; template?: string; force?: boolean}) => {
                const header = readExportHeader(readRegularFile(file).toString('utf8'), file)
                if (!flags.template && !header.template) throw new UsageError(`${file} does not name its template; give --template FILE`)
                const template = flags.template ? await loadTemplate(flags.template) : await templateNamedBy(file, header.template!)
                const name = flags.name ?? header.name ?? path.basename(file).replace(/\.ya?ml$/i, '')
                const read = readInputsFile(file, variabilityInputNames(template))
                const typed = validateChoices(template, read.presets, read.assignments)
                const current = sha256File(template.origin)
                const sha256 = !flags.template && header.sha256 ? header.sha256 : current
                if (sha256 !== current) warnLine(`the template ${template.origin} changed since the profile was exported`)
                // an empty note in the file is no note
                const saved = saveChoices(
                    await openStore(),
                    {name, template: template.origin, sha256, presets: read.presets, inputs: typed, note: header.note || undefined},
                    {force: flags.force},
                )
                printLines([`imported profile ${saved.name} for ${saved.template.path}`])
            }),
        )
}

/** Rows as lines whose columns start at the same place (the last column is not padded). */
function alignedColumns(rows: readonly (readonly string[])[]): string {
    const widths = rows[0]?.map((_, i) => Math.max(...rows.map(r => [...(r[i] ?? '')].length))) ?? []
    return rows.map(r => `${r.map((cell, i) => (i < r.length - 1 ? cell + ' '.repeat(widths[i]! - [...cell].length) : cell)).join('  ')}`.trimEnd() + '\n').join('')
}

/**
 * The template an exported file names in its header. The file may come from anywhere, and the user
 * did not name that template: it is read only inside the file's folder or the working folder (links
 * resolved), only as a variable service template, and nothing of it is shown when it is not one (a
 * header naming ../.env must not print a line of it).
 */
async function templateNamedBy(file: string, named: string): Promise<LoadedTemplate> {
    const shown = path.relative(process.cwd(), named) || named
    const real = realpath(named) ?? path.resolve(named)
    if (![path.dirname(path.resolve(file)), process.cwd()].some(dir => isBelow(real, realpath(dir) ?? dir)))
        throw new UsageError(`${file} names its template "${shown}" outside its own folder and the working folder; give --template FILE to import it`)
    try {
        const template = await loadTemplate(named)
        readDefinitionOf(template)
        return template
    } catch (e) {
        if (!isTrellisError(e)) throw e
        throw new UsageError(`${file} names its template "${shown}", which cannot be read as a variable service template; give --template FILE (which shows why)`)
    }
}

/**
 * Unknown presets, undeclared inputs and values of the wrong type are refused before saving, each
 * said with where its value came from (the inputs file, --set). The last value given for an input
 * wins; an input named __proto__ is a name like any other.
 */
function validateChoices(template: LoadedTemplate, presets: readonly string[], assignments: readonly InputAssignment[]): Record<string, unknown> {
    const definition = readDefinitionOf(template)
    const last = [...new Map(assignments.map(a => [a.name, a])).values()]
    const checked = new VariabilityInputs(definition, template.sourceMap, presets, last)
    // resolving uses a value of the wrong type as given (with a warning); a profile keeps only values that fit
    const misfit = checked.warnings[0]
    if (misfit) throw new TrellisError('input-type', misfit.message.replace(/; used as given$/, ''), misfit.location, misfit)
    // keep the typed values (`--set debug=yes` is the boolean true)
    return Object.fromEntries(last.map(({name, value}) => [name, value === null ? null : checked.assignedValue(name)]))
}
