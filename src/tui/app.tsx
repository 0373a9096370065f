// The wizard: presets → inputs → topology → why → write, over one resolution
// that follows every change. Screens are presentational; this component owns
// the choices and the keys.
import fs from 'node:fs'
import path from 'node:path'
import {Box, Text, useApp, useInput, useStdout} from 'ink'
import {useMemo, useRef, useState} from 'react'
import {invalidProfileName, ProfileStore, sha256File, type Profile} from '../profiles/index.js'
import {ProfilesScreen} from './components/profiles-screen.js'
import {useLiveState} from './state/use-live-state.js'
import {parse as parseYaml} from 'yaml'
import {explainElement, renderExplanation, renderExpression, whatIf} from '../engine/explain/index.js'
import type {LoadedTemplate} from '../engine/load/index.js'
import {readDefinitionOf, resolve, stringifyTemplate, type ResolveRequest} from '../engine/pipeline.js'
import {writeFileAtomic} from '../cli/io.js'
import {writeReport} from '../cli/report-file.js'
import {Header} from './components/header.js'
import {Help} from './components/help.js'
import {InputsPane} from './components/inputs-pane.js'
import {PresetsScreen} from './components/presets-screen.js'
import {TopologyPane, type Filter} from './components/topology-pane.js'
import {WhyPane} from './components/why-pane.js'
import {WriteScreen} from './components/write-screen.js'
import {inputRows, preview, removedByKind, requestOf, topologyRows, type Choices} from './state/session.js'
import {useOutcome} from './state/use-outcome.js'

export interface AppProps {
    readonly template: LoadedTemplate
    readonly base?: ResolveRequest
    readonly initialPresets?: readonly string[]
    /** Where the resolved template goes by default: beside the template. */
    readonly output?: string
    /** The profile store (tests pass one in a temporary folder). */
    readonly store?: ProfileStore
}

type Screen = 'main' | 'presets' | 'profiles' | 'write' | 'help' | 'quit'
const FILTERS: readonly Filter[] = ['all', 'present', 'pruned']

export function App({template, base, initialPresets = [], output, store: givenStore}: AppProps) {
    const {exit} = useApp()
    const {stdout} = useStdout()
    const rows = stdout?.rows ?? 24
    const definition = useMemo(() => readDefinitionOf(template), [template])
    const [choices, setChoices, choicesRef] = useLiveState<Choices>({presets: initialPresets, values: {}})
    const {outcome, busy} = useOutcome(template, choices, base)
    const [screen, setScreen, screenRef] = useLiveState<Screen>('main')
    const [pane, setPane, paneRef] = useLiveState<'inputs' | 'topology'>('inputs')
    const [inputCursor, setInputCursor, inputCursorRef] = useLiveState(0)
    const [topologyCursor, setTopologyCursor] = useLiveState(0)
    const [presetCursor, setPresetCursor, presetCursorRef] = useLiveState(0)
    const [filter, setFilter] = useLiveState<Filter>('all')
    const [search, setSearch, searchRef] = useLiveState<string | undefined>(undefined)
    const [editing, setEditing, editingRef] = useLiveState<{text: string; error?: string} | undefined>(undefined)
    const [suggestions, setSuggestions] = useState<{id: string; lines: string[]} | undefined>()
    const [dirty, setDirty] = useState(false)
    const [confirming, setConfirming, confirmingRef] = useLiveState(false)
    const [message, setMessage] = useState<string | undefined>()
    const [profileCursor, setProfileCursor, profileCursorRef] = useLiveState(0)
    const [naming, setNaming, namingRef] = useLiveState<{text: string; confirming: boolean} | undefined>(undefined)
    const [profiles, setProfiles] = useState<Profile[]>([])
    const storeRef = useRef<ProfileStore | undefined>(givenStore)
    const store = () => (storeRef.current ??= new ProfileStore())
    const listProfiles = () => {
        try {
            // this template's profiles; others would not fit its inputs
            return store()
                .list()
                .filter(p => p.template.path === template.file)
        } catch (e) {
            setMessage(`profiles unavailable: ${(e as Error).message}`)
            return []
        }
    }
    const saveProfile = (name: string, force: boolean) => {
        try {
            const c = choicesRef.current
            store().save({name, template: {path: template.file, sha256: sha256File(template.file)}, presets: [...c.presets], inputs: {...c.values}}, {force})
            setProfiles(listProfiles())
            setNaming(undefined)
            setMessage(`saved profile ${name}`)
        } catch (e) {
            setNaming(undefined)
            setMessage(`not saved: ${(e as Error).message}`)
        }
    }
    const stem = path.join(template.dir, path.basename(template.file).replace(/\.ya?ml$/, ''))
    const target = output ?? `${stem}.resolved.yaml`
    const reportTarget = target.replace(/(\.resolved)?\.ya?ml$/, '') + '.report.md'

    const inputs = outcome ? inputRows(template, outcome) : []
    const topology = useMemo(() => {
        if (!outcome?.ok) return []
        return topologyRows(outcome.model, outcome.document).filter(
            r => (filter === 'all' || (filter === 'present') === r.element.present) && (!search || r.element.display.toLowerCase().includes(search.toLowerCase())),
        )
    }, [outcome, filter, search])
    const selected = topology[Math.min(topologyCursor, topology.length - 1)]
    const whyLines = useMemo(() => {
        if (!outcome) return []
        if (!outcome.ok)
            return [
                `No variant exists: ${outcome.error.message}`,
                ...outcome.conflict.map(c => `  - ${c.text}: ${c.condition}${c.location ? `  (${c.location})` : ''}`),
            ]
        if (!selected) return []
        const element = outcome.model.graph.element(selected.element.id)
        return element ? renderExplanation(explainElement(outcome.model, element)).split('\n') : []
    }, [outcome, selected])
    const editPreview = useMemo(() => {
        if (!editing || !outcome || editing.error) return undefined
        const row = inputs[inputCursor]
        if (!row) return undefined
        try {
            return preview(template, choices, row.name, parseValue(editing.text), outcome, base)
        } catch {
            return undefined
        }
    }, [editing, inputCursor])

    const update = (next: Choices) => {
        setChoices(next)
        setDirty(true)
        setSuggestions(undefined)
        setMessage(undefined)
    }

    const write = () => {
        try {
            const request = requestOf(choices, base)
            const resolution = resolve(template, request)
            writeFileAtomic(target, stringifyTemplate(resolution.output))
            const shown = (f: string) => path.relative(process.cwd(), f) || f
            // the command that reproduces these choices headless, for the report
            const argv = [
                'resolve',
                shown(template.file),
                ...choices.presets.flatMap(p => ['--preset', p]),
                ...Object.entries(choices.values).flatMap(([k, v]) => ['--set', `${k}=${renderExpression(v)}`]),
                '--output',
                shown(target),
                '--report',
                shown(reportTarget),
            ]
            if (resolution.model) writeReport({file: reportTarget, templateName: shown(template.file), template, request, argv}, {model: resolution.model})
            setDirty(false)
            setConfirming(false)
            setMessage(`wrote ${target} and ${reportTarget}`)
        } catch (e) {
            setConfirming(false)
            setMessage(`not written: ${(e as Error).message}`)
        }
    }

    useInput((input, key) => {
        const choices = choicesRef.current
        const screen = screenRef.current
        const pane = paneRef.current
        const inputCursor = inputCursorRef.current
        const presetCursor = presetCursorRef.current
        const search = searchRef.current
        const editing = editingRef.current
        const confirming = confirmingRef.current
        if (screen === 'quit') {
            if (input === 'y') exit()
            else setScreen('main')
            return
        }
        if (editing) {
            if (key.escape) setEditing(undefined)
            else if (key.return) {
                const row = inputs[inputCursor]!
                try {
                    const value = parseValue(editing.text)
                    update({...choices, values: {...choices.values, [row.name]: value}})
                    setEditing(undefined)
                } catch (e) {
                    setEditing({...editing, error: (e as Error).message})
                }
            } else if (key.backspace || key.delete) setEditing({text: editing.text.slice(0, -1)})
            else if (input && !key.ctrl && !key.meta) setEditing({text: editing.text + input})
            return
        }
        if (search !== undefined && pane === 'topology' && screen === 'main' && !key.escape && !key.return && !key.upArrow && !key.downArrow && !key.tab) {
            if (key.backspace || key.delete) setSearch(search.slice(0, -1))
            else if (input) setSearch(search + input)
            setTopologyCursor(0)
            return
        }
        if (screen === 'help') {
            if (key.escape || input === '?' || input === 'q') setScreen('main')
            return
        }
        if (screen === 'profiles') {
            const naming = namingRef.current
            if (naming?.confirming) {
                if (input === 'y') saveProfile(naming.text, true)
                else if (input === 'n' || key.escape) setNaming({...naming, confirming: false})
            } else if (naming) {
                if (key.escape) setNaming(undefined)
                else if (key.return) {
                    const invalid = invalidProfileName(naming.text)
                    if (invalid) setMessage(invalid)
                    else if (profiles.some(p => p.name === naming.text)) setNaming({...naming, confirming: true})
                    else saveProfile(naming.text, false)
                } else if (key.backspace || key.delete) setNaming({text: naming.text.slice(0, -1), confirming: false})
                else if (input && !key.ctrl && !key.meta) setNaming({text: naming.text + input, confirming: false})
            } else if (key.escape) setScreen('main')
            else if (input === 's') setNaming({text: '', confirming: false})
            else if (key.upArrow || input === 'k') setProfileCursor(c => Math.max(0, c - 1))
            else if (key.downArrow || input === 'j') setProfileCursor(c => Math.min(profiles.length - 1, c + 1))
            else if (key.return && profiles[profileCursorRef.current]) {
                const p = profiles[profileCursorRef.current]!
                update({presets: [...p.presets], values: {...p.inputs}})
                setMessage(`loaded profile ${p.name}`)
                setScreen('main')
            }
            return
        }
        if (screen === 'presets') {
            const list = [...definition.presets.keys()]
            if (key.escape) setScreen('main')
            else if (key.upArrow || input === 'k') setPresetCursor(c => Math.max(0, c - 1))
            else if (key.downArrow || input === 'j') setPresetCursor(c => Math.min(list.length - 1, c + 1))
            else if ((input === ' ' || key.return) && list[presetCursor]) {
                const name = list[presetCursor]!
                const presets = choices.presets.includes(name) ? choices.presets.filter(p => p !== name) : [...choices.presets, name]
                update({...choices, presets})
            }
            return
        }
        if (screen === 'write') {
            if (confirming) {
                if (input === 'y') write()
                else if (input === 'n' || key.escape) setConfirming(false)
            } else if (key.escape) {
                setScreen('main')
                setMessage(undefined)
            } else if (key.return) {
                if (fs.existsSync(target)) setConfirming(true)
                else write()
            }
            return
        }
        // main screen
        if (input === 'q') {
            if (dirty) setScreen('quit')
            else exit()
        } else if (input === '?') setScreen('help')
        else if (input === 'p') setScreen('presets')
        else if (input === 'o') {
            setProfiles(listProfiles())
            setProfileCursor(0)
            setScreen('profiles')
        }
        else if (input === 'W') {
            setMessage(undefined)
            setScreen('write')
        } else if (key.tab) setPane(p => (p === 'inputs' ? 'topology' : 'inputs'))
        else if (key.escape) {
            setSearch(undefined)
            setSuggestions(undefined)
        } else if (pane === 'inputs') {
            if (key.upArrow || input === 'k') setInputCursor(c => Math.max(0, c - 1))
            else if (key.downArrow || input === 'j') setInputCursor(c => Math.min(inputs.length - 1, c + 1))
            else if (key.return && inputs[inputCursor]) {
                const row = inputs[inputCursor]!
                if (row.type === 'boolean') update({...choices, values: {...choices.values, [row.name]: row.value !== true}})
                else setEditing({text: row.value === undefined ? '' : renderExpression(row.value)})
            }
        } else {
            if (key.upArrow || input === 'k') setTopologyCursor(c => Math.max(0, c - 1))
            else if (key.downArrow || input === 'j') setTopologyCursor(c => Math.min(topology.length - 1, c + 1))
            else if (input === 'f') setFilter(f => FILTERS[(FILTERS.indexOf(f) + 1) % FILTERS.length]!)
            else if (input === '/') setSearch('')
            else if (input === 'w' && selected) {
                const result = whatIf(template, requestOf(choices, base), selected.element.id)
                const flip = result.verdict === 'present' ? 'pruned' : 'present'
                const lines =
                    result.suggestions.length === 0
                        ? [result.impossible ? `no change of inputs can make it ${flip}` : `no change among the ${result.tried} tried makes it ${flip}`]
                        : [`what would make it ${flip} (verified):`, ...result.suggestions.map(s => `  ${[...s.changes.map(c => `${c.input} = ${renderExpression(c.to)}`), ...(s.preset ? [`preset ${s.preset}`] : [])].join(', ')}`)]
                setSuggestions({id: selected.element.id, lines})
            }
        }
    })

    const paneHeight = Math.max(3, Math.floor((rows - 8) / 2))
    return (
        <Box flexDirection="column">
            <Header file={path.basename(template.file)} version={template.version} outcome={outcome} busy={busy} />
            {screen === 'help' ? (
                <Help />
            ) : screen === 'profiles' ? (
                <ProfilesScreen profiles={profiles} cursor={profileCursor} naming={naming} message={message} />
            ) : screen === 'presets' ? (
                <PresetsScreen presets={[...definition.presets.values()]} chosen={choices.presets} cursor={presetCursor} />
            ) : screen === 'write' ? (
                <WriteScreen summary={outcome?.ok ? removedByKind(outcome.document) : 'no variant exists: nothing to write'} output={target} report={reportTarget} exists={fs.existsSync(target)} confirming={confirming} message={message} />
            ) : (
                <>
                    <Box>
                        <InputsPane rows={inputs} presets={choices.presets} cursor={inputCursor} focused={pane === 'inputs'} editing={editing ? {...editing, preview: editPreview} : undefined} height={paneHeight} />
                        <TopologyPane rows={topology} cursor={Math.min(topologyCursor, topology.length - 1)} focused={pane === 'topology'} filter={filter} search={search} height={paneHeight} />
                    </Box>
                    <WhyPane lines={whyLines} height={Math.max(3, rows - paneHeight - 9)} whatIf={suggestions && selected && suggestions.id === selected.element.id ? suggestions.lines : undefined} />
                    {screen === 'quit' ? <Text color="yellow">Your choices are not written. Quit anyway? y / n</Text> : null}
                    {message ? <Text>{message}</Text> : null}
                    <Text dimColor wrap="truncate">
                        ↑↓/jk move · tab pane · ⏎ edit/toggle · p presets · o profiles · f filter · / search · w what-if · W write · ? keys · q quit
                    </Text>
                </>
            )}
        </Box>
    )
}

function parseValue(text: string): unknown {
    if (text.trim() === '') return ''
    return parseYaml(text)
}
