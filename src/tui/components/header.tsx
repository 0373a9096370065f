// The live verdict, always visible: counts, or that no variant exists.
import {paint} from './paint.js'
import {Box} from 'ink'
import {Text} from './text.js'
import type {Outcome} from '../state/wizard.js'
import {aboutChoices} from '../../engine/index.js'
import {Spinner} from './spinner.js'

export interface HeaderProps {
    readonly file: string
    readonly version: string
    readonly mode?: string
    readonly outcome?: Outcome
    /** Inputs that still need a value: without them nothing resolves. */
    readonly missing: readonly string[]
    readonly busy: boolean
    /** The resolver stopped for good: nothing more resolves. */
    readonly stopped?: boolean
}

export function Header({file, version, mode, outcome, missing, busy, stopped}: HeaderProps) {
    return (
        <Box justifyContent="space-between">
            <Box flexShrink={1} marginRight={1}>
                <Text wrap="truncate">
                    <Text bold>trellis</Text> {file}{' '}
                    <Text dimColor>
                        {version}
                        {mode ? ` · mode ${mode}` : ''}
                    </Text>
                </Text>
            </Box>
            <Box flexShrink={0}>{stopped ? <Text color={paint('red')}>✘ the resolver stopped</Text> : <Verdict outcome={outcome} missing={missing} busy={busy} />}</Box>
        </Box>
    )
}

function Verdict({outcome, missing, busy}: {readonly outcome?: Outcome; readonly missing: readonly string[]; readonly busy: boolean}) {
    if (busy || !outcome) return <Spinner label="resolving…" />
    // a missing value stops resolving before any condition is weighed: that is what to say, not "no variant"
    if (!outcome.ok && outcome.error.code === 'input-missing' && missing.length > 0)
        return (
            <Text color={paint('red')}>
                ✘ {missing.length === 1 ? '1 input needs' : `${missing.length} inputs need`} a value (c lists {missing.length === 1 ? 'it' : 'them'})
            </Text>
        )
    if (outcome.ok)
        return (
            <Text>
                <Text color={paint('green')}>✔ {outcome.present} present</Text> <Text color={paint('red')}>✘ {outcome.pruned} pruned</Text>
            </Text>
        )
    if (outcome.error.errorClass === 'input')
        return <Text color={paint('red')}>✘ {aboutChoices(outcome.error.code) ? 'cannot resolve these choices' : 'the template has a mistake'} (c to see)</Text>
    const n = outcome.conflict.length
    return <Text color={paint('red')}>✘ no variant{n ? `: ${n} ${n === 1 ? 'condition conflicts' : 'conditions conflict'}` : ''} (c to see)</Text>
}
