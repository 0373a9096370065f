// trellis profile diff A B: the elements two profiles resolve differently, each
// with the input values behind the difference.
import {isDeepStrictEqual} from 'node:util'
import type {Command} from 'commander'
import {count, explainElement, loadTemplate, resolveTemplate, type ResolvedModel} from '../../engine/index.js'
import type {Profile} from '../../profiles/types.js'
import {loadProfileFor, openStore, profileChoices} from '../../app/profile-request.js'
import {targetOf} from '../../profiles/staleness.js'
import {guarded} from '../guarded.js'
import {pluginsFor, type PluginFlags} from '../../app/plugins.js'
import {addPluginFlags} from '../plugins.js'
import {printLines} from '../print.js'
import {EXIT_OK, EXIT_RESOLUTION, UsageError} from '../report-error.js'

interface ElementDifference {
    readonly id: string
    readonly display: string
    readonly a: boolean
    readonly b: boolean
    /** The inputs that decide the element under either profile and differ between them. */
    readonly inputs: readonly {readonly name: string; readonly a: unknown; readonly b: unknown}[]
}

/**
 * A profile's choices resolved on its template, or on `on` (another template, named with --template):
 * what that template declares of them, the rest left out as resolve --profile leaves it out (the
 * warnings on stderr say which).
 */
async function resolveProfile(profile: Profile, flags: PluginFlags = {}, on?: string): Promise<ResolvedModel> {
    const template = await loadTemplate(on ?? profile.template.path)
    const target = targetOf(template)
    await loadProfileFor(profile.name, target)
    // resolved as resolve does, checks included: a profile that resolve refuses has no variant to compare
    const outcome = resolveTemplate(template, {...profileChoices(profile, target.definition, []), plugins: await pluginsFor(template, flags)})
    if (outcome.kind !== 'resolved') throw outcome.error
    return outcome.model
}

function diffModels(a: ResolvedModel, b: ResolvedModel): ElementDifference[] {
    const inB = new Map(b.graph.elements.map(e => [e.id, e]))
    const value = (m: ResolvedModel, name: string) => (m.inputs.definition.inputs.has(name) ? m.inputs.value(name).value : undefined)
    const out: ElementDifference[] = []
    for (const ea of a.graph.elements) {
        const eb = inB.get(ea.id)
        if (!eb) continue
        const pa = a.present(ea)
        const pb = b.present(eb)
        if (pa === pb) continue
        const names = new Set([...explainElement(a, ea).rootCauses.inputs, ...explainElement(b, eb).rootCauses.inputs].map(i => i.name))
        const inputs = [...names].map(name => ({name, a: value(a, name), b: value(b, name)})).filter(i => !isDeepStrictEqual(i.a, i.b))
        out.push({id: ea.id, display: ea.display, a: pa, b: pb, inputs})
    }
    return out
}

export function registerProfileDiff(profile: Command, setExit: (code: number) => void): void {
    addPluginFlags(
        profile
            .command('diff')
            .description('which elements two profiles resolve differently, and the input values behind each difference')
            .argument('<a>')
            .argument('<b>')
            .option('--template <file>', 'resolve both profiles on this template (needed when they are for different templates)'),
    ).action(
        guarded(setExit, async (nameA: string, nameB: string, flags: PluginFlags & {template?: string}) => {
            const store = await openStore()
            const a = store.get(nameA)
            const b = store.get(nameB)
            // profiles of two templates have nothing to compare element by element: a "same" would be false
            if (!flags.template && a.template.path !== b.template.path)
                throw new UsageError(
                    `profiles "${nameA}" and "${nameB}" are for different templates (${a.template.path}, ${b.template.path}); give --template FILE to resolve both on one`,
                )
            const differences = diffModels(await resolveProfile(a, flags, flags.template), await resolveProfile(b, flags, flags.template))
            const lines: string[] = []
            if (flags.template) lines.push(`both resolved on ${flags.template}`)
            if (differences.length === 0) lines.push(`${nameA} and ${nameB} resolve every element the same way`)
            else lines.push(`${count(differences.length, 'element differs', 'elements differ')} (${nameA} → ${nameB}):`)
            const word = (p: boolean) => (p ? 'present' : 'pruned')
            for (const d of differences) {
                lines.push(`  ${d.display}: ${word(d.a)} → ${word(d.b)}`)
                for (const i of d.inputs) lines.push(`      input ${i.name}: ${JSON.stringify(i.a) ?? 'unset'} → ${JSON.stringify(i.b) ?? 'unset'}`)
                if (d.inputs.length === 0) lines.push('      (no input it reads differs: decided by presence of other elements or optimization)')
            }
            printLines(lines)
            // as diff(1): 0 when they resolve alike, 1 when they differ
            return differences.length ? EXIT_RESOLUTION : EXIT_OK
        }),
    )
}
