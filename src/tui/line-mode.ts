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
    declaredConstraints,
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
    sameValue,
    type VariabilityDefinition,
    type VariabilityInputDefinition,
} from '../engine/index.js'
import {writeResolution} from './resolver/write.js'
import {repairWords, verifiedRepairs} from '../app/repair-help.js'
import {inputRules} from './input-rules.js'
import {givenValues, isGiven, requestOf, withoutValue, withValue, type Choices} from './resolver/protocol.js'
import {removalText} from './state/inputs.js'
import {evaluateChoices, type Evaluation, explanationOf, removedByKind} from './resolver/session.js'
import {isInterrupt, leftWith, outputWidth, type PromptContext, shownPrompts, type Prompts} from './plain-prompts.js'
import {openPrompts} from './inquirer-prompts.js'
import {wrapDetail} from '../app/wrap.js'
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
    const prompts = shownPrompts(await openPrompts(context.output))
    try {
        return await dialogue(template, base, presets, streams, context, prompts)
    } catch (e) {
        // q in a list stops, as it quits the wizard: nothing written
        if (leftWith(e) !== 'q') throw e
        context.output.write('Stopped; nothing written.\n')
        return 0
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
    const talk: Talk = {prompts, context, say: (line = '') => context.output.write(`${wrapDetail(escapeControls(line), outputWidth(context.output)).join('\n')}\n`)}
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
        const next = await recover(template, base, definition, outcome, offered, talk)
        if (!next) return 1
        outcome = next
    }
    talk.say(`${outcome.present} present, ${outcome.pruned} pruned — ${removedByKind(outcome.model)}`)
    // the summary is what most want; the elements (hundreds in a large template) only when asked for
    if (outcome.pruned > 0 && (await talk.prompts.confirm({message: `List the ${outcome.pruned} pruned elements with their reasons?`, default: false}, context)))
        for (const element of outcome.model.graph.elements) {
            if (outcome.model.present(element)) continue
            // as `trellis explain` lists it
            talk.say(`  ${renderSummaryLine(explanationOf(outcome.model, element))}`)
        }
    if (!(await writeOutputs(template, base, outcome.choices, talk))) return 0
    try {
        await offerProfile(template, outcome, talk, streams.store)
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

/** The presets to apply, in order; those given on the command line are checked. Esc goes on with those, as it does in the wizard; q stops. */
async function choosePresets(definition: VariabilityDefinition, presets: readonly string[], talk: Talk): Promise<string[]> {
    try {
        return await checkPresets(definition, presets, talk)
    } catch (e) {
        if (leftWith(e) !== 'escape') throw e
        return [...presets]
    }
}

function checkPresets(definition: VariabilityDefinition, presets: readonly string[], {prompts, context}: Talk): Promise<string[]> {
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
    failed: Evaluation,
    offered: ReadonlyMap<string, readonly unknown[]>,
    talk: Talk,
): Promise<Evaluation | undefined> {
    const choices = failed.choices
    const request = requestOf(choices, base)
    const resolved = resolveTemplate(template, request)
    // a mistake in the template is no matter of choices: nothing to ask; an input left without a value is asked again
    if (resolved.kind === 'invalid' && resolved.error.code !== 'input-missing') return undefined
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
    const changed = repair.changes.reduce((c, change) => withValue(c, change.input, change.to), choices)
    const repaired: Choices = {...changed, presets: repair.preset ? [...choices.presets, repair.preset] : choices.presets}
    talk.say(`Applied ${repairWords(repair)}:`)
    for (const change of repair.changes) {
        const was = failed.inputs.find(i => i.name === change.input)
        const from = was === undefined || was.value === undefined || was.value === null ? 'not set' : `${renderExpression(was.value)} (${describeSource(was.source)})`
        talk.say(`  ${change.input}: ${from} → ${renderExpression(change.to)}`)
    }
    if (repair.preset) talk.say(`  presets: ${[...choices.presets, repair.preset].join(', ')}`)
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
        for (;;) {
            const current = outcome.inputs.find(i => i.name === d.name)
            // a value given (a profile's, --set, one set before) can be removed, the list saying what applies then
            const removal = current && isGiven(current.source) ? removalText(inputRules, valueWithout(definition, base, choices, d.name)) : undefined
            const value = await askValue(d, current, offered.get(d.name) ?? [], talk, removal)
            if (value === REMOVE) {
                choices = withoutValue(choices, d.name, base)
                outcome = evaluateChoices(template, choices, base)
                // nothing applies without it (no preset's value, no default): the input needs a value, asked now
                if (outcome.inputs.find(i => i.name === d.name)?.source.kind === 'unset') continue
            } else if (value !== undefined && JSON.stringify(value) !== JSON.stringify(current?.value)) {
                choices = withValue(choices, d.name, value)
                outcome = evaluateChoices(template, choices, base)
            }
            break
        }
    }
    return outcome
}

/** The input's value once the value given for it is removed: a preset's, the template's default, or none. */
function valueWithout(definition: VariabilityDefinition, base: ResolveRequest, choices: Choices, name: string): InputValue | undefined {
    return inputRules.values(definition, requestOf(withoutValue(choices, name, base), base)).find(v => v.name === name)
}

/**
 * One input's value: yes or no for a boolean; else, when the template shows or constrains its values,
 * a numbered list of them ("type a value…" last where the constraints allow other values), or text
 * read as the wizard's value editor reads it (inputRules.typed), checked against the input's
 * constraints and asked again until it fits. Undefined keeps the current one (an empty answer, the
 * default shown, or Esc in the list). `removal`: the entry that removes the value given (a boolean
 * is then a list too), which answers REMOVE.
 */
export async function askValue(d: VariabilityInputDefinition, current: InputValue | undefined, offered: readonly unknown[], talk: Talk, removal?: string): Promise<unknown> {
    const {prompts, context} = talk
    const unset = current === undefined || current.value === undefined || current.value === null
    const now =
        current === undefined
            ? ''
            : unset
              ? ` — ${current.source.kind === 'unset' ? 'not set' : `nothing from ${describeSource(current.source)}`}`
              : ` — now ${renderExpression(current.value)} from ${describeSource(current.source)}`
    const label = `${d.name}${d.type ? ` (${d.type})` : ''}${now}`
    if (d.type === 'boolean' && removal === undefined) return prompts.confirm({message: label, default: current?.value === true}, context)
    if (d.type === 'boolean') offered = [true, false]
    const constraints = declaredConstraints(d)
    const read = (answer: string) => {
        const typed = inputRules.typed(d.type, answer)
        if (!typed.ok) return typed
        if (constraints.allows && !constraints.allows(typed.value)) return {ok: false as const, error: `its constraints allow ${constraints.words}`}
        return typed
    }
    const verdict = (answer: string): true | string => {
        const typed = read(answer)
        return typed.ok ? true : typed.error
    }
    const ask = async (message: string, fallback?: string) => {
        const text = await prompts.input({message, default: fallback, validate: a => (a === '' || a === fallback ? true : verdict(a))}, context)
        if (text === '' || text === fallback) return undefined
        const typed = read(text)
        return typed.ok ? typed.value : undefined
    }
    const shown = unset ? undefined : renderExpression(current!.value)
    if (offered.length === 0 && removal === undefined) return ask(label, shown)
    // each value answers as it is written, so a value typed in full picks it (and one in another case is questioned)
    const among = unset ? undefined : offered.find(v => sameValue(v, current!.value))
    const choices = offered.map(v => ({name: `${renderExpression(v, 60)}${v === among ? ' (now)' : ''}`, value: renderExpression(v)}))
    if (!unset && among === undefined) choices.push({name: `${shown} (now${offered.length ? '; not a value the template uses' : ''})`, value: KEEP})
    if (removal !== undefined) choices.push({name: removal, value: REMOVE})
    if (!constraints.closed && d.type !== 'boolean') choices.push({name: 'type a value…', value: TYPE})
    const kept = unset ? undefined : among === undefined ? KEEP : renderExpression(among)
    let picked: string
    try {
        picked = await prompts.select({message: label, choices, default: kept}, context)
    } catch (e) {
        // Esc closes the list and keeps the value, as in the wizard's value editor; q stops
        if (leftWith(e) === 'escape') return undefined
        throw e
    }
    if (picked === KEEP) return undefined
    if (picked === REMOVE) return REMOVE
    // a value typed starts empty: what is typed is the value, never added to the current one
    if (picked === TYPE) return ask(`${d.name} = (empty keeps the value)`)
    const value = offered.find(v => renderExpression(v) === picked)
    return !unset && sameValue(value, current!.value) ? undefined : value
}

/** The list entries that keep a value not offered, that ask for one typed, and that remove the value given (also askValue's answer then). */
const KEEP = '\0keep'
const TYPE = '\0type'
export const REMOVE = '\0remove'

/**
 * Asks where the resolved template, the report and (for a template read from a CSAR) a CSAR go, and before
 * overwriting a file; writes them. False when nothing was written: the user said no, or left a question.
 */
async function writeOutputs(template: LoadedTemplate, base: ResolveRequest, choices: Choices, talk: Talk): Promise<boolean> {
    try {
        return await askAndWrite(template, base, choices, talk)
    } catch (e) {
        // q or Esc at a path: a file named q is `./q`
        if (!leftWith(e)) throw e
        talk.say('Nothing written.')
        return false
    }
}

async function askAndWrite(template: LoadedTemplate, base: ResolveRequest, choices: Choices, {prompts, context, say}: Talk): Promise<boolean> {
    const stem = outputStem(template)
    const shown = (f: string) => path.relative(process.cwd(), f) || f
    // "-" names standard output wherever an output is asked for, as in `trellis resolve -o -`
    const output = await prompts.input(
        {message: `Write the resolved template to (${STDOUT} for standard output; q or Esc leaves)`, default: shown(`${stem}.resolved.yaml`), leaves: true},
        context,
    )
    const answered = await prompts.input(
        {
            message: `Write the explanation report to (.md or .json; ${STDOUT} for standard output, "${NO_REPORT}" for none)`,
            default: shown(`${stem}.report.md`),
            leaves: true,
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
                  {
                      message: `Write a deployable CSAR to (a folder, or .csar/.zip for an archive; "${NO_REPORT}" for none)`,
                      default: shown(`${stem}.resolved.csar`),
                      leaves: true,
                  },
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

/** Keeps the choices as a named profile when the user gives a name (every value given, none removed); asks before replacing one. */
async function offerProfile(template: LoadedTemplate, outcome: Evaluation, {prompts, context, say}: Talk, given?: ProfileStore): Promise<void> {
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
    saveChoices(store, {name, template: template.origin, presets: outcome.choices.presets, inputs: givenValues(outcome.inputs)}, {force: exists})
    say(`Saved profile ${name}`)
}
