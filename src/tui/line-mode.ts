// Line mode: the wizard's flow as sequential questions (@inquirer/prompts), for
// simple terminals, screen readers and logs: presets, inputs, the pruned
// elements with their reasons, the output and report paths, confirmation,
// write, and the offer to keep the choices as a profile.
import {andList} from '../app/shown-text.js'
import {outputStem} from '../app/output-names.js'
import fs from 'node:fs'
import path from 'node:path'
import {saveChoices} from '../profiles/choices.js'
import {ProfileStore} from '../profiles/store.js'
import {invalidProfileName} from '../profiles/types.js'
import {
    describeSource,
    type Diagnostic,
    inputChoices,
    type InputValue,
    type LoadedTemplate,
    readDefinitionOf,
    renderExpression,
    renderSummaryLine,
    resolveTemplate,
    type ResolveRequest,
    type TypedText,
    type VariabilityDefinition,
    type VariabilityInputDefinition,
} from '../engine/index.js'
import {writeResolution} from './resolver/write.js'
import {repairWords, verifiedRepairs} from '../app/repair-help.js'
import {inputRules} from './input-rules.js'
import {requestOf, type Choices} from './resolver/protocol.js'
import {evaluateChoices, type Evaluation, explanationOf, removedByKind} from './resolver/session.js'
import {isInterrupt, plainPrompts, type PromptContext, shownPrompts, wantsPlainPrompts, type Prompts} from './plain-prompts.js'
import {escapeControls} from '../app/shown-text.js'
import {failureLines, plainLines, shownFailure} from '../app/conflict-text.js'
import {renderDetails, shownDiagnostic} from '../app/diagnostics.js'

export interface LineModeStreams {
    readonly input?: NodeJS.ReadableStream
    readonly output?: NodeJS.WritableStream
    /** The profile store (tests); the user's by default. */
    readonly store?: ProfileStore
}

export async function runLineMode(template: LoadedTemplate, base: ResolveRequest, presets: readonly string[], streams: LineModeStreams = {}): Promise<number> {
    const context = {input: streams.input ?? process.stdin, output: streams.output ?? process.stdout}
    // a pipe, a log or TERM=dumb gets plain lines: no cursor moves, no colours
    const prompts = shownPrompts(wantsPlainPrompts(context.output) ? plainPrompts() : await inquirerPrompts())
    try {
        return await dialogue(template, base, presets, streams, context, prompts)
    } finally {
        prompts.close()
    }
}

/** The questions and what is said between them: the prompts, the streams they use, and plain lines. */
export interface Talk {
    readonly prompts: Prompts
    readonly context: PromptContext
    readonly say: (line?: string) => void
}

async function dialogue(
    template: LoadedTemplate,
    base: ResolveRequest,
    presets: readonly string[],
    streams: LineModeStreams,
    context: PromptContext,
    prompts: Prompts,
): Promise<number> {
    const talk: Talk = {prompts, context, say: (line = '') => context.output.write(`${escapeControls(line)}\n`)}
    const definition = readDefinitionOf(template)
    talk.say(`trellis — ${path.basename(template.file)} (${template.version})`)
    const chosen = definition.presets.size > 0 ? await choosePresets(definition, presets, talk) : [...presets]
    const offered = inputChoices(template)
    let outcome = await askInputs(template, base, definition, {presets: chosen, values: {}}, offered, talk)
    // a failure is no dead end: the verified repairs, or the inputs again, until it resolves or the user stops
    for (;;) {
        // warnings and the error as the command line shows them: located, with the lines they point at
        for (const warning of outcome.warnings) for (const line of diagnosticLines(`warning[${warning.code}]: ${warning.describe()}`, warning.diagnostic('warning'))) talk.say(line)
        if (outcome.ok) break
        for (const line of plainLines(failureLines(shownFailure(outcome.error), outcome.conflict))) talk.say(line)
        const next = await recover(template, base, definition, outcome.choices, offered, talk)
        if (!next) return 1
        outcome = next
    }
    talk.say(`${outcome.present} present, ${outcome.pruned} pruned — ${removedByKind(outcome.model)}`)
    for (const element of outcome.model.graph.elements) {
        if (outcome.model.present(element)) continue
        // as `trellis explain` lists it
        talk.say(`  ${renderSummaryLine(explanationOf(outcome.model, element))}`)
    }
    if (!(await writeOutputs(template, base, outcome.choices, talk))) return 0
    try {
        await offerProfile(template, outcome.choices, talk, streams.store)
    } catch (e) {
        // the files are written: an input that ends (or ctrl-c) while offering the profile only skips it
        if ((e as Error)?.name !== 'ExitPromptError') throw e
        talk.say('Profile not saved.')
        if (isInterrupt(e)) return EXIT_INTERRUPTED
    }
    return 0
}

/** A line, then the lines below it: the excerpt it points at, other places, notes and help. */
function diagnosticLines(line: string, d: Diagnostic): string[] {
    return [line, ...renderDetails(shownDiagnostic(d))]
}

/** The presets to apply, in order; those given on the command line are checked. */
async function choosePresets(definition: VariabilityDefinition, presets: readonly string[], {prompts, context}: Talk): Promise<string[]> {
    return prompts.checkbox(
        {
            message: 'Presets to apply (applied in the order listed; later ones override earlier ones)',
            choices: [...definition.presets.values()].map(p => ({
                name: `${p.name}${p.displayName ? ` — ${p.displayName}` : ''}: sets ${Object.entries(p.inputs)
                    .map(([k, v]) => `${k}=${renderExpression(v, 20)}`)
                    .join(', ')}`,
                value: p.name,
                checked: presets.includes(p.name),
            })),
        },
        context,
    )
}

/**
 * After a failed resolution: the repairs that make it resolve (each verified by resolving again), to
 * apply by number, or the inputs asked again; undefined when the user stops (q, or the input ends).
 */
async function recover(
    template: LoadedTemplate,
    base: ResolveRequest,
    definition: VariabilityDefinition,
    choices: Choices,
    offered: ReadonlyMap<string, readonly unknown[]>,
    talk: Talk,
): Promise<Evaluation | undefined> {
    const request = requestOf(choices, base)
    const resolved = resolveTemplate(template, request)
    // a mistake in the template is no matter of choices: nothing to ask
    if (resolved.kind === 'invalid') return undefined
    const repairs = verifiedRepairs(template, request, resolved)
    repairs.forEach((r, i) => talk.say(`  ${i + 1}. ${repairWords(r)} resolves it (verified: ${r.present} elements present, ${r.pruned} pruned)`))
    const numbers = repairs.length === 0 ? '' : repairs.length === 1 ? '1 applies the repair, ' : `1–${repairs.length} apply a repair, `
    let answer: string
    try {
        answer = await talk.prompts.input(
            {
                message: `${numbers}Enter asks for the inputs again, q stops`,
                validate: a =>
                    a === '' || a.toLowerCase() === 'q' || (/^\d+$/.test(a) && Number(a) >= 1 && Number(a) <= repairs.length)
                        ? true
                        : `answer ${numbers ? 'a number, ' : ''}Enter or q`,
            },
            talk.context,
        )
    } catch (e) {
        // an input that ended stops here, as a failed resolve does; ctrl-c is the caller's
        if ((e as Error)?.name === 'ExitPromptError' && !isInterrupt(e)) return undefined
        throw e
    }
    if (answer.toLowerCase() === 'q') return undefined
    if (answer === '') return askInputs(template, base, definition, choices, offered, talk)
    const repair = repairs[Number(answer) - 1]!
    const repaired: Choices = {
        presets: repair.preset ? [...choices.presets, repair.preset] : choices.presets,
        values: {...choices.values, ...Object.fromEntries(repair.changes.map(c => [c.input, c.to]))},
    }
    talk.say(`Applied ${repairWords(repair)}`)
    return evaluateChoices(template, repaired, base)
}

/** Asks for each input in turn, starting from its current value; resolves again after each change, and returns the last resolution. */
async function askInputs(
    template: LoadedTemplate,
    base: ResolveRequest,
    definition: VariabilityDefinition,
    start: Choices,
    offered: ReadonlyMap<string, readonly unknown[]>,
    talk: Talk,
): Promise<Evaluation> {
    let choices = start
    let outcome = evaluateChoices(template, choices, base)
    for (const d of definition.inputs.values()) {
        const current = outcome.inputs.find(i => i.name === d.name)
        const value = await askValue(d, current, offered.get(d.name) ?? [], talk)
        if (value !== undefined && JSON.stringify(value) !== JSON.stringify(current?.value)) {
            choices = {...choices, values: {...choices.values, [d.name]: value}}
            outcome = evaluateChoices(template, choices, base)
        }
    }
    return outcome
}

/**
 * One input's value: yes or no for a boolean, else text read as the wizard's value editor reads it
 * (inputRules.typed; asked again until it fits), with the values the template uses for it offered
 * (as the wizard offers them); undefined keeps the current one (an empty answer, or the one shown).
 */
export async function askValue(d: VariabilityInputDefinition, current: InputValue | undefined, offered: readonly unknown[], {prompts, context}: Talk): Promise<unknown> {
    const unset = current === undefined || current.value === undefined || current.value === null
    const now =
        current === undefined
            ? ''
            : unset
              ? ` — ${current.source.kind === 'unset' ? 'not set' : `nothing from ${describeSource(current.source)}`}`
              : ` — now ${renderExpression(current.value)} from ${describeSource(current.source)}`
    const values = d.type === 'boolean' || offered.length === 0 ? '' : `; the template uses ${offered.map(v => renderExpression(v, 20)).join(', ')}`
    const label = `${d.name}${d.type ? ` (${d.type})` : ''}${now}${values}`
    if (d.type === 'boolean') return prompts.confirm({message: label, default: current?.value === true}, context)
    const shown = current?.value === undefined || current.value === null ? undefined : renderExpression(current.value)
    const read = typedAnswer(d.type, shown)
    const text = await prompts.input(
        {
            message: label,
            default: shown,
            validate: answer => {
                const typed = read(answer)
                return typed?.ok === false ? typed.error : true
            },
        },
        context,
    )
    const typed = read(text)
    return typed?.ok ? typed.value : undefined
}

/** An answer read as the input's type; undefined keeps the current value: an empty answer, or the default as shown (it may be cut, "…"). */
function typedAnswer(type: string | undefined, shown: string | undefined): (answer: string) => TypedText | undefined {
    return answer => (answer === '' || answer === shown ? undefined : inputRules.typed(type, answer))
}

/** Asks where the resolved template, the report and (for a template read from a CSAR) a CSAR go, and before overwriting a file; writes them. False when nothing was written. */
async function writeOutputs(template: LoadedTemplate, base: ResolveRequest, choices: Choices, {prompts, context, say}: Talk): Promise<boolean> {
    const stem = outputStem(template)
    const shown = (f: string) => path.relative(process.cwd(), f) || f
    // "-" names standard output wherever an output is asked for, as in `trellis resolve -o -`
    const output = await prompts.input({message: `Write the resolved template to (${STDOUT} for standard output)`, default: shown(`${stem}.resolved.yaml`)}, context)
    const answered = await prompts.input(
        {
            message: `Write the explanation report to (.md or .json; ${STDOUT} for standard output, "${NO_REPORT}" for none)`,
            default: shown(`${stem}.report.md`),
            validate: answer => (answer === '-' && output === '-' ? 'the resolved template already goes to standard output: name a file, or "none"' : true),
        },
        context,
    )
    const report = answered === NO_REPORT ? '' : answered
    // a template read from a CSAR is offered one back, deployable
    const packed =
        template.origin === template.file
            ? NO_REPORT
            : await prompts.input(
                  {message: `Write a deployable CSAR to (a folder, or .csar/.zip for an archive; "${NO_REPORT}" for none)`, default: shown(`${stem}.resolved.csar`)},
                  context,
              )
    const csar = packed === NO_REPORT ? '' : packed
    const existing = [output, report, csar].filter(f => f && f !== '-' && fs.existsSync(f))
    if (existing.length && !(await prompts.confirm({message: `${existing.join(' and ')} ${existing.length > 1 ? 'exist' : 'exists'}. Overwrite?`, default: false}, context))) {
        say('Nothing written.')
        return false
    }
    const notes = await writeResolution(template, base, choices, output, report, context.output, csar || undefined)
    const where = (f: string) => (f === '-' ? 'standard output' : f)
    say(`Wrote ${andList([output, report, csar].filter(Boolean).map(where))}`)
    for (const note of notes) say(`Note: ${note}`)
    return true
}

const STDOUT = '"-"'
/** The answer that writes no report. */
const NO_REPORT = 'none'
/** Ctrl-C, as the shells report SIGINT (128 + 2). */
const EXIT_INTERRUPTED = 130

/** Keeps the choices as a named profile when the user gives a name; asks before replacing one. */
async function offerProfile(template: LoadedTemplate, choices: Choices, {prompts, context, say}: Talk, given?: ProfileStore): Promise<void> {
    const name = (
        await prompts.input({message: 'Save these choices as a profile named (empty to skip)', validate: n => (n === '' ? true : (invalidProfileName(n) ?? true))}, context)
    ).trim()
    if (!name) return
    const store = given ?? new ProfileStore()
    const exists = store.list().some(p => p.name === name)
    if (exists && !(await prompts.confirm({message: `Profile "${name}" exists. Replace it?`, default: false}, context))) {
        say('Profile not saved.')
        return
    }
    saveChoices(store, {name, template: template.origin, presets: choices.presets, inputs: choices.values}, {force: exists})
    say(`Saved profile ${name}`)
}

/** @inquirer/prompts, for a terminal that can show them (loaded only then). */
async function inquirerPrompts(): Promise<Prompts> {
    const inquirer = await import('@inquirer/prompts')
    return {
        checkbox: (options, context) => inquirer.checkbox({...options, choices: [...options.choices]}, context),
        confirm: (options, context) => inquirer.confirm(options, context),
        input: (options, context) => inquirer.input(options, context),
        close: () => undefined,
    }
}
