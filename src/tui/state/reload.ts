// When the template changes on disk, the wizard reads it again, keeps the user's
// choices that still exist, and says what the edit changed.
import type {VariabilityDefinition} from '../../engine/index.js'
import type {Choices} from '../resolver/protocol.js'
import type {InputRules} from './rules.js'
import type {Outcome} from './wizard.js'

/** The choices the changed template still has, and a note for each one it no longer has. */
export function keptChoices(choices: Choices, definition: VariabilityDefinition): {choices: Choices; dropped: string[]} {
    const dropped: string[] = []
    const presets = choices.presets.filter(p => definition.presets.has(p) || (dropped.push(`preset ${p}`), false))
    const values = Object.fromEntries(Object.entries(choices.values).filter(([name]) => definition.inputs.has(name) || (dropped.push(`input ${name}`), false)))
    // a value removed stays removed while the input exists
    const removed = choices.removed?.filter(name => definition.inputs.has(name))
    return {choices: {presets, values, ...(removed?.length ? {removed} : {})}, dropped}
}

/** "the template changed: 2 now present (node.cache, …), 1 no longer present (node.db)", or that no variant exists now. */
export function reloadMessage(rules: InputRules, before: Outcome | undefined, after: Outcome, dropped: readonly string[]): string {
    const gone = dropped.length ? `; no longer in it: ${dropped.join(', ')}` : ''
    if (!after.ok) return `the template changed: no variant exists now (${rules.conflictHeadline(after.conflict)})${gone}`
    if (!before?.ok) return `the template changed: it resolves now (${after.present} present, ${after.pruned} pruned)${gone}`
    const presentIds = (o: Extract<Outcome, {ok: true}>) => new Set(o.rows.filter(r => o.presence[r.seq] === 1).map(r => r.id))
    const was = presentIds(before)
    const is = presentIds(after)
    const nowPresent = [...is].filter(id => !was.has(id))
    const nowPruned = [...was].filter(id => !is.has(id))
    const listed = (ids: string[]) => `${ids.slice(0, 3).join(', ')}${ids.length > 3 ? `, and ${ids.length - 3} more` : ''}`
    const parts = [
        nowPresent.length ? `${nowPresent.length} now present (${listed(nowPresent)})` : '',
        nowPruned.length ? `${nowPruned.length} no longer present (${listed(nowPruned)})` : '',
    ]
    const changed = parts.filter(Boolean).join(', ')
    return `the template changed: ${changed || 'the same elements are present'}${gone}`
}
