// Line mode: the wizard's flow as sequential questions (@inquirer/prompts), for
// simple terminals, screen readers and logs: presets, inputs, the pruned
// elements with their reasons, the output path, confirmation, write.
import fs from 'node:fs'
import path from 'node:path'
import {checkbox, confirm, input} from '@inquirer/prompts'
import {parse as parseYaml} from 'yaml'
import {writeFileAtomic} from '../cli/io.js'
import {renderExpression} from '../engine/explain/index.js'
import {checkType} from '../engine/inputs/typecheck.js'
import type {LoadedTemplate} from '../engine/load/index.js'
import {readDefinitionOf, resolve, stringifyTemplate, type ResolveRequest} from '../engine/pipeline.js'
import {evaluateChoices, removedByKind, requestOf, type Choices} from './state/session.js'

export interface LineModeStreams {
    readonly input?: NodeJS.ReadableStream
    readonly output?: NodeJS.WritableStream
}

export async function runLineMode(template: LoadedTemplate, base: ResolveRequest, presets: readonly string[], streams: LineModeStreams = {}): Promise<number> {
    const context = {input: streams.input ?? process.stdin, output: streams.output ?? process.stdout}
    const say = (line = '') => context.output.write(`${line}\n`)
    const definition = readDefinitionOf(template)
    say(`trellis — ${path.basename(template.file)} (${template.version})`)

    let chosen = [...presets]
    if (definition.presets.size > 0) {
        chosen = await checkbox(
            {
                message: 'Presets to apply (applied in the order listed; later ones override earlier ones)',
                choices: [...definition.presets.values()].map(p => ({
                    name: `${p.name}${p.displayName ? ` — ${p.displayName}` : ''}: sets ${Object.entries(p.inputs).map(([k, v]) => `${k}=${renderExpression(v, 20)}`).join(', ')}`,
                    value: p.name,
                    checked: presets.includes(p.name),
                })),
            },
            context,
        )
    }

    let choices: Choices = {presets: chosen, values: {}}
    let outcome = evaluateChoices(template, choices, base)
    for (const d of definition.inputs.values()) {
        const current = outcome.ok ? outcome.document.inputs[d.name] : undefined
        const label = `${d.name}${d.type ? ` (${d.type})` : ''}${current ? ` — now ${renderExpression(current.value)} from ${current.source}` : ''}`
        let value: unknown
        if (d.type === 'boolean') value = await confirm({message: label, default: current?.value === true}, context)
        else {
            const text = await input(
                {
                    message: label,
                    default: current?.value === undefined || current.value === null ? undefined : renderExpression(current.value),
                    validate: answer => {
                        try {
                            const check = checkType(d.type, answer === '' ? '' : parseYaml(answer), true)
                            return check.ok ? true : `expects ${check.expected}`
                        } catch (e) {
                            return `not valid YAML: ${(e as Error).message.split('\n')[0]}`
                        }
                    },
                },
                context,
            )
            value = text === '' ? undefined : parseYaml(text)
        }
        if (value !== undefined && JSON.stringify(value) !== JSON.stringify(current?.value)) {
            choices = {...choices, values: {...choices.values, [d.name]: value}}
            outcome = evaluateChoices(template, choices, base)
        }
    }

    if (!outcome.ok) {
        say(`No variant exists: ${outcome.error.message}`)
        for (const c of outcome.conflict) say(`  - ${c.text}: ${c.condition}${c.location ? ` (${c.location})` : ''}`)
        return 1
    }
    say(`${outcome.present} present, ${outcome.pruned} pruned — ${removedByKind(outcome.document)}`)
    for (const e of outcome.document.elements) if (!e.present) say(`  - pruned ${e.reason.replace(' is pruned: ', ': ')} [${e.code}]`)

    const suggested = path.join(template.dir, `${path.basename(template.file).replace(/\.ya?ml$/, '')}.resolved.yaml`)
    const target = await input({message: 'Write the resolved template to', default: path.relative(process.cwd(), suggested) || suggested}, context)
    if (fs.existsSync(target) && !(await confirm({message: `${target} exists. Overwrite it?`, default: false}, context))) {
        say('Nothing written.')
        return 0
    }
    writeFileAtomic(target, stringifyTemplate(resolve(template, requestOf(choices, base)).output))
    say(`Wrote ${target}`)
    return 0
}
