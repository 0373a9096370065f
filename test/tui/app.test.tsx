// The wizard, rendered with ink-testing-library: each screen, the whole flow
// (presets → inputs → topology → why → write), following references in the
// why pane, verified suggestions and repairs, the overwrite confirmation,
// profiles, quitting, and the stacked layout of an 80×24 terminal.
import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {HOSTILE_TEMPLATE, named, rawControls, SHOWN_PAYLOAD} from '../helpers/hostile.js'
import {MISSPELT_INPUT, MISTYPED_PRESET} from '../helpers/templates.js'
import {ProfileStore} from '../../src/profiles/index.js'
import {App} from '../../src/tui/app.js'
import {LiveApp} from '../../src/tui/live.js'
import {BACKSPACE, CTRL_U, CTRL_W, DOWN, ENTER, ESC, press, RESOLVED, resize, show, start, TAB, tempDir, until, UP, workspace} from './wizard-harness.js'

/** Two inputs that may not both be true, each defaulting to `both`: with true, no variant exists. */
const cheapOrFast = (both: boolean) => `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            cheap: {type: boolean, default: ${both}}
            fast: {type: boolean, default: ${both}}
        constraints:
            - {not: {and: [{variability_input: cheap}, {variability_input: fast}]}}
    node_templates:
        app: {type: x}
`

describe('the main screen', () => {
    it('shows the live verdict, inputs with their sources, and the topology with reasons', async () => {
        const {app, frame} = start()
        await until(frame, RESOLVED)
        // which inputs decide nothing is worked out just after the resolution
        const f = await until(frame, 'decides nothing')
        expect(f).toMatch(/✔ \d+ present ✘ \d+ pruned/)
        expect(f).toContain('mode semantic-loose')
        expect(f).toContain('platform vm default')
        expect(f).toContain('monitoring ☐ off default')
        expect(f).toMatch(/replicas 1 default · decides nothing/)
        expect(f).toContain('✔ present Node "shop"')
        // the reasons of the rows shown and the explanation of the selected one come from the resolver
        expect(await until(frame, /Node "shop" is present: it has no conditions/)).toBeTruthy()
        expect(await until(frame, / ✘ pruned +├ relation "host@1" → platform_runtime +condition false/)).toBeTruthy()
        app.unmount()
    })

    it('previews a boolean before it is toggled, then shows where the value came from', async () => {
        const {app, frame} = start()
        await until(frame, RESOLVED)
        await press(app.stdin, DOWN)
        expect(await until(frame, /monitoring ☐ off default\s+│[^\n]*\n│ +⏎ on → \d+ elements? flips?: \+monitor/)).toBeTruthy()
        await press(app.stdin, ENTER)
        expect(await until(frame, 'monitoring ☑ on set here (was false)')).toBeTruthy()
        app.unmount()
    })

    it('offers the values the template compares an input with, previews each, and commits one', async () => {
        const {app, frame} = start()
        await until(frame, RESOLVED)
        await press(app.stdin, ENTER)
        const list = await until(frame, 'type a value…')
        expect(list).toContain('▸ vm')
        expect(list).toContain('managed')
        await press(app.stdin, DOWN)
        expect(await until(frame, /▸ managed +→ \d+ elements flip: [+−]/)).toBeTruthy()
        await press(app.stdin, ENTER)
        expect(await until(frame, 'platform managed set here (was vm)')).toBeTruthy()
        app.unmount()
    })

    it('checks a typed value against the input type before committing it', async () => {
        const {app, frame} = start()
        await until(frame, RESOLVED)
        await press(app.stdin, DOWN, DOWN, DOWN, ENTER)
        await until(frame, 'type a value…')
        await press(app.stdin, 'G', ENTER, BACKSPACE, ...'many', ENTER)
        expect(await until(frame, 'expects an integer')).toBeTruthy()
        await press(app.stdin, BACKSPACE, BACKSPACE, BACKSPACE, BACKSPACE, '4', ENTER)
        expect(await until(frame, 'replicas 4 set here (was 1)')).toBeTruthy()
        app.unmount()
    })

    it('filters and searches the topology, and explains the selected element', async () => {
        const {app, frame} = start()
        await until(frame, RESOLVED)
        await press(app.stdin, TAB, 'f', 'f')
        const pruned = await until(frame, 'Topology (pruned)')
        expect(pruned).not.toContain('✔ present Node "shop"')
        // the explanation of the first pruned element follows from the resolver
        expect(await until(frame, 'decided by:')).toContain('Topology (pruned)')
        await press(app.stdin, 'f', '/', ...'backup')
        const searched = await until(frame, '/backup▌')
        expect(searched).toContain('Node "backup_job"')
        expect(searched).not.toContain('Node "vm"')
        await press(app.stdin, ESC)
        expect(await until(frame, 'Topology (all)')).not.toContain('/backup')
        app.unmount()
    })

    it('follows an element named in the explanation and comes back with esc', async () => {
        const {app, frame} = start()
        await until(frame, RESOLVED)
        await press(app.stdin, TAB, '/', ...'platform_runtime', ENTER, ENTER)
        const why = await until(frame, 'Node "platform_runtime" is pruned')
        expect(why).toContain('no incoming relation is present')
        // move to the first line that names another element, and follow it
        const lines = why.split('\n')
        const first = lines.findIndex(l => l.includes('Node "platform_runtime" is pruned'))
        const target = lines.findIndex((l, i) => i > first && l.startsWith('│ → '))
        expect(target).toBeGreaterThan(first)
        await press(app.stdin, ...Array(target - first).fill('j'), ENTER)
        const followed = await until(frame, 'Why Node "platform_runtime" → ')
        expect(followed).toContain('(esc back)')
        await press(app.stdin, ESC)
        const back = await until(frame, /Why\s+│/)
        expect(back).toContain('Node "platform_runtime" is pruned')
        app.unmount()
    })

    it('finds verified changes that would flip an element, and applies one by its number', async () => {
        const {app, frame} = start()
        await until(frame, RESOLVED)
        await press(app.stdin, TAB, '/', ...'backup_job', ENTER, 'w')
        const found = await until(frame, 'what would make it present (each verified by resolving again):')
        expect(found).toMatch(/1\) backups = true +→ makes it present verified ✔/)
        await press(app.stdin, '1')
        expect(await until(frame, 'backups ☑ on set here (was false)')).toContain('applied: backups = true')
        app.unmount()
    })
})

describe('a template read from a CSAR', () => {
    it('is offered a deployable CSAR on the write screen, written with the template and the report', async () => {
        const {file, output, report} = workspace()
        const dir = path.dirname(file)
        fs.mkdirSync(path.join(dir, 'TOSCA-Metadata'))
        fs.writeFileSync(path.join(dir, 'TOSCA-Metadata', 'TOSCA.meta'), 'Entry-Definitions: shop.yaml\n')
        const app = show(<App file={dir} store={new ProfileStore({dir: tempDir()})} />)
        const frame = app.lastFrame
        await until(frame, RESOLVED)
        // past the presets the walk opens with
        await press(app.stdin, ESC, 'W')
        expect(await until(frame, 'CSAR')).toMatch(/CSAR +\S*shop\.resolved\.csar/)
        await press(app.stdin, ENTER)
        const csar = path.join(dir, 'shop.resolved.csar')
        expect(await until(frame, 'wrote ')).toMatch(/wrote \S*shop\.resolved\.yaml, \S*shop\.report\.md and\s+\S*shop\.resolved\.csar/)
        expect(fs.existsSync(output) && fs.existsSync(report) && fs.existsSync(csar)).toBe(true)
        expect(fs.readFileSync(csar).subarray(0, 2).toString('latin1')).toBe('PK')
        app.unmount()
    })
})

describe('the whole flow', () => {
    it('presets → inputs → topology → why → write', async () => {
        const {file, output, report} = workspace()
        const app = show(<App file={file} output={output} store={new ProfileStore({dir: tempDir()})} />)
        const frame = app.lastFrame
        await until(frame, RESOLVED)
        // presets: production
        await press(app.stdin, 'p', 'j', ENTER, ESC)
        await until(frame, 'presets 1 prod')
        // inputs: no backups after all
        await press(app.stdin, DOWN, DOWN, ENTER)
        await until(frame, 'backups ☐ off set here (was true)')
        // topology: the backup job is gone; why?
        await press(app.stdin, TAB, '/', ...'backup_job', ENTER, ENTER)
        const why = await until(frame, 'Node "backup_job" is pruned')
        expect(why).toContain('input backups: false — set here')
        // write
        await press(app.stdin, ESC, 'W', ENTER)
        await until(frame, `wrote ${output} and ${report}`)
        const written = parse(fs.readFileSync(output, 'utf8'))
        expect(Object.keys(written.topology_template.node_templates)).not.toContain('backup_job')
        expect(Object.keys(written.topology_template.node_templates)).toContain('monitor')
        expect(fs.readFileSync(report, 'utf8')).toContain('--preset prod --set backups=false')
        app.unmount()
    })
})

describe('the other screens', () => {
    it('chooses presets in order, previews the focused one, and re-resolves', async () => {
        const {app, frame} = start()
        await until(frame, RESOLVED)
        await press(app.stdin, 'p')
        const screen = await until(frame, 'Presets')
        expect(screen).toContain('prod — Production')
        expect(screen).toContain('managed platform with monitoring and nightly backups')
        expect(screen).toContain('sets platform = managed, monitoring = true, backups = true, replicas = 3')
        expect(await until(frame, /\[ \] dev — Development +choose → /)).toBeTruthy()
        await press(app.stdin, 'j', ENTER, 'k', ENTER)
        expect(await until(frame, 'applied in order: 1 prod ▸ 2 dev')).toBeTruthy()
        await press(app.stdin, ESC)
        const main = await until(frame, 'presets 1 prod ▸ 2 dev')
        expect(main).toContain('platform vm preset dev (was managed)')
        expect(main).toContain('backups ☑ on preset prod')
        app.unmount()
    })

    it('handles keys that arrive together (typed ahead, or sent at once) one by one', async () => {
        const {app, frame} = start()
        await until(frame, RESOLVED)
        // one chunk: open presets, move down, choose, leave
        app.stdin.write('pj\r')
        expect(await until(frame, 'applied in order: 1 prod')).toBeTruthy()
        await press(app.stdin, ESC)
        app.stdin.write('\tff')
        expect(await until(frame, 'Topology (pruned)')).toBeTruthy()
        // a control key among them is that key, not text: Tab, Ctrl-U, X edits the path to "X"
        await press(app.stdin, 'W')
        await until(frame, 'Write the resolved template')
        app.stdin.write('\t\u0015X')
        expect(await until(frame, 'template X▌')).toBeTruthy()
        app.unmount()
    })

    it('lists presets without a description without an empty line for it', async () => {
        const {file} = workspace(`tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            size: {type: string, default: small}
        presets:
            big: {inputs: {size: large}}
            huge: {inputs: {size: huge}}
    node_templates:
        app: {type: x}
`)
        const app = show(<App file={file} />)
        const lines = (await until(app.lastFrame, 'sets size = huge')).split('\n')
        const big = lines.findIndex(l => l.includes('[ ] big'))
        expect(lines[big + 1]).toContain('sets size = large')
        expect(lines[big + 2]).toContain('[ ] huge')
        app.unmount()
    })

    it('opens on the presets when the template has some, then walks on to the inputs', async () => {
        const {file} = workspace()
        const app = show(<App file={file} />)
        expect(await until(app.lastFrame, 'tab/esc on to the inputs')).toContain('prod')
        await press(app.stdin, DOWN, ENTER, '\t')
        const main = await until(app.lastFrame, 'presets 1 prod')
        expect(main).toContain('Inputs')
        app.unmount()
    })

    it('goes on from the presets to the first input that still needs a value', async () => {
        const {file} = workspace(`tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            size: {type: string, default: small}
            region: {type: string}
        presets:
            big: {inputs: {size: large}}
    node_templates:
        app: {type: x, conditions: {equal: [{variability_input: region}, eu]}}
`)
        const app = show(<App file={file} />)
        await until(app.lastFrame, 'tab/esc on to the inputs')
        await press(app.stdin, '\t')
        expect(await until(app.lastFrame, 'Inputs')).toMatch(/▸ region/)
        app.unmount()
    })

    it('opens on the conflict, the input values taking part with their sources, and its repairs when the starting choices give no variant', async () => {
        const {file} = workspace(cheapOrFast(true))
        const app = show(<App file={file} />)
        const conflict = await until(app.lastFrame, 'these changes make a variant exist')
        expect(conflict).toContain('No variant exists')
        // as `trellis explain` prints it
        expect(conflict).toContain('with the input values:')
        expect(conflict).toContain('input cheap: true — default')
        expect(conflict).toContain('input fast: true — default')
        expect(conflict).toMatch(/1\) (cheap|fast) = false/)
        expect(conflict).toMatch(/1–\d apply a repair · p presets · esc back/)
        app.unmount()
    })

    it('shows the conflict when no variant exists, with repairs verified by resolving again', async () => {
        const {file} = workspace(cheapOrFast(false))
        const app = show(<App file={file} />)
        await until(app.lastFrame, RESOLVED)
        await press(app.stdin, ENTER, DOWN, ENTER)
        expect(await until(app.lastFrame, 'no variant')).toContain('(c to see)')
        await press(app.stdin, 'c')
        const conflict = await until(app.lastFrame, 'these changes make a variant exist')
        expect(conflict).toContain('No variant exists')
        expect(conflict).toMatch(/1\) (cheap|fast) = false/)
        await press(app.stdin, '1')
        expect(await until(app.lastFrame, /✔ \d+ present/)).toContain('applied:')
        app.unmount()
    })

    it('shows what the command line warned of, and says choices naming an undeclared input cannot be resolved (not "no variant")', async () => {
        const {file} = workspace()
        const foreign = {assignments: [{name: 'tracing', value: true, source: {kind: 'profile' as const, profile: 'fleet'}}]}
        const notice = 'profile "fleet" belongs to another template, /elsewhere/fleet.yaml'
        const app = show(<App file={file} base={foreign} opening="main" notice={notice} />)
        const f = await until(app.lastFrame, 'cannot resolve these choices')
        expect(f).toContain(notice)
        expect(f).not.toContain('no variant')
        await press(app.stdin, 'c')
        const screen = await until(app.lastFrame, 'These choices cannot be resolved: Variability input "tracing" is not defined')
        expect(screen).not.toContain('looking for repairs')
        // no repair is listed: the key line offers none
        expect(screen).not.toContain('apply a repair')
        expect(screen).toContain('p presets · esc back')
        app.unmount()
    })

    it('shows a mistake its choices reach as the command line does: located, the line it points at, and help', async () => {
        const {file} = workspace(MISSPELT_INPUT)
        const app = show(<App file={file} opening="main" />)
        // a mistake of the template, not of the choices: no choice would resolve it
        expect(await until(app.lastFrame, 'the template has a mistake (c to see)')).toContain('the template has a mistake, whatever the choices')
        await press(app.stdin, 'c')
        const screen = await until(app.lastFrame, 'did you mean')
        expect(screen).toContain('The template has a mistake: ')
        expect(screen).toContain('shop.yaml:7:45: Variability input "envv" is not')
        expect(screen).toContain(' 7 |         app: {type: a, conditions: {equal: [{variability_input: envv}, prod]}}')
        expect(screen).toContain('   = help: did you mean "env"?')
        app.unmount()
    })

    it('says on the message line what resolving warned of: a preset value of the wrong type, located', async () => {
        const {file} = workspace(MISTYPED_PRESET)
        const app = show(<App file={file} opening="main" initialPresets={['big']} />)
        const frame = await until(app.lastFrame, 'warning[input-type]:')
        expect(frame).toMatch(/warning\[input-type\]: \S*shop\.yaml:7:28: Variability input "replicas" is of type integer/)
        app.unmount()
    })

    it('treats a variant the checks reject as none, as resolve does', async () => {
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            database: {type: boolean, default: true}
    node_templates:
        app: {type: a, requirements: [{db: store}]}
        store: {type: d, conditions: {variability_input: database}}
`
        const {file} = workspace(text)
        const app = show(<App file={file} />)
        await until(app.lastFrame, RESOLVED)
        await press(app.stdin, ENTER)
        expect(await until(app.lastFrame, 'no variant')).toContain('(c to see)')
        await press(app.stdin, 'c')
        const screen = await until(app.lastFrame, 'these changes make a variant exist')
        // said to be a check's, located, and the line it points at shown below, as on the command line
        expect(screen).toContain('A check rejects the variant: ')
        expect(screen).toContain('shop.yaml:7:40: Relation target "store" of relation "db@0"')
        expect(screen).toContain(' 7 |         app: {type: a, requirements: [{db: store}]}')
        expect(screen).toMatch(/1\) database = true/)
        app.unmount()
    })

    it('writes the template and its report, asks before it overwrites, and offers to keep the choices as a profile', async () => {
        const {file, output, report} = workspace()
        const store = new ProfileStore({dir: tempDir()})
        fs.writeFileSync(output, 'old\n')
        const app = show(<App file={file} output={output} store={store} opening="main" />)
        await until(app.lastFrame, RESOLVED)
        await press(app.stdin, DOWN, ENTER, 'W')
        const screen = await until(app.lastFrame, 'Write the resolved template')
        expect(screen).toMatch(/removes \d+ nodes?, \d+ relations?/)
        expect(screen).toContain('(exists: will be replaced)')
        await press(app.stdin, ENTER)
        await until(app.lastFrame, 'exists. Overwrite? y / n')
        await press(app.stdin, 'n')
        await until(app.lastFrame, 'nothing written')
        expect(fs.readFileSync(output, 'utf8')).toBe('old\n')
        await press(app.stdin, ENTER, 'y')
        await until(app.lastFrame, `wrote ${output} and ${report}`)
        const written = parse(fs.readFileSync(output, 'utf8'))
        expect(written.tosca_definitions_version).toBe('tosca_simple_yaml_1_3')
        expect(Object.keys(written.topology_template.node_templates)).toContain('monitor')
        const markdown = fs.readFileSync(report, 'utf8')
        expect(markdown).toContain('# Resolution report')
        expect(markdown).toContain('--set monitoring=true')
        expect(await until(app.lastFrame, 'save these choices as profile:')).toBeTruthy()
        await press(app.stdin, ...'watched', ENTER)
        await until(app.lastFrame, 'saved profile watched')
        expect(store.get('watched')).toMatchObject({presets: [], inputs: {monitoring: true}})
        app.unmount()
    })

    it('writes to paths edited on the write screen', async () => {
        const {file, report} = workspace()
        const app = show(<App file={file} opening="main" />)
        await until(app.lastFrame, RESOLVED)
        const other = path.join(tempDir(), 'out.yaml')
        // ctrl-u clears the template path; ctrl-w twice turns shop.report.md into shop. and md completes it
        await press(app.stdin, 'W', TAB, CTRL_U, ...other, TAB, CTRL_W, CTRL_W, 'm', 'd', ENTER, ENTER)
        await until(app.lastFrame, `wrote ${other}`)
        expect(fs.existsSync(other)).toBe(true)
        expect(fs.readdirSync(path.dirname(other))).toEqual(['out.yaml'])
        expect(fs.existsSync(report.replace('.report.md', '.md'))).toBe(true)
        expect(fs.existsSync(report)).toBe(false)
        app.unmount()
    })

    it('saves the current choices as a profile, asks before replacing one, and loads it back', async () => {
        const {file} = workspace()
        const store = new ProfileStore({dir: tempDir()})
        const app = show(<App file={file} store={store} opening="main" />)
        await until(app.lastFrame, RESOLVED)
        await press(app.stdin, DOWN, ENTER)
        await until(app.lastFrame, 'monitoring ☑ on set here')
        await press(app.stdin, 's', ...'watched', ENTER)
        await until(app.lastFrame, 'saved profile watched')
        await press(app.stdin, 's', ...'watched', ENTER)
        await until(app.lastFrame, 'Profile "watched" exists. Replace it? y / n')
        await press(app.stdin, 'n', ESC, ESC, ENTER)
        await until(app.lastFrame, 'monitoring ☐ off set here')
        await press(app.stdin, 'o')
        await until(app.lastFrame, 'presets none · monitoring=true')
        await press(app.stdin, ENTER)
        expect(await until(app.lastFrame, 'loaded profile watched')).toContain('monitoring ☑ on set here')
        app.unmount()
    })

    it('loads a profile without what the template no longer defines, and says so', async () => {
        const {file} = workspace()
        const store = new ProfileStore({dir: tempDir()})
        // saved when the template had a preset "lab" and an input "firmware"
        store.save({name: 'fleet', template: {path: file, sha256: ''}, presets: ['lab', 'prod'], inputs: {monitoring: true, firmware: 'beta'}})
        const app = show(<App file={file} store={store} opening="main" />)
        await until(app.lastFrame, RESOLVED)
        await press(app.stdin, 'o')
        await until(app.lastFrame, 'fleet')
        await press(app.stdin, ENTER)
        const frame = await until(app.lastFrame, 'loaded profile fleet; left out, not in this template: preset lab, input firmware')
        expect(frame).toContain('monitoring ☑ on set here')
        expect(frame).toContain('presets 1 prod')
        app.unmount()
    })

    it('asks before quitting with unwritten choices', async () => {
        const {app, frame} = start()
        await until(frame, RESOLVED)
        await press(app.stdin, DOWN, ENTER)
        await until(frame, 'set here')
        await press(app.stdin, 'q')
        expect(await until(frame, 'Quit anyway? y / n')).toBeTruthy()
        await press(app.stdin, 'n')
        // the question goes, and the wizard is still there (its header shows the verdict once the change is resolved)
        expect(await until(frame, f => !f.includes('Quit anyway') && RESOLVED.test(f))).toContain('monitoring ☑ on set here')
        app.unmount()
    })

    it('q quits, and ? helps, while a list of values is open, as the key line says', async () => {
        const {app, frame} = start()
        await until(frame, RESOLVED)
        await press(app.stdin, DOWN, ENTER)
        await until(frame, 'set here')
        // the list of platform's values open: q is no value, it quits (asking first: a choice is unwritten)
        await press(app.stdin, UP, ENTER)
        await until(frame, 'type a value…')
        await press(app.stdin, 'q')
        expect(await until(frame, 'Quit anyway? y / n')).not.toContain('type a value…')
        app.unmount()
    })

    it('shows every key on ?, grouped', async () => {
        const {app, frame} = start()
        await until(frame, RESOLVED)
        await press(app.stdin, '?')
        const keys = await until(frame, 'Keys')
        for (const word of ['everywhere', 'inputs', 'remove a value given', 'topology and why', 'screens', 'follow', 'what would flip', 'presets', 'profile', 'quit', 'ctrl-c'])
            expect(keys).toContain(word)
        // the last of them, scrolled to when the terminal is shorter than the list
        await press(app.stdin, 'G')
        expect(await until(frame, 'write the resolved template and its report')).toContain('W ')
        await press(app.stdin, ESC)
        expect(await until(frame, 'Topology')).not.toContain('Keys')
        app.unmount()
    })
})

describe('terminal size', () => {
    it('shows a whole explanation on the full screen at 80×24, its long lines wrapped, not cut', async () => {
        const {app, frame} = start({initialPresets: ['prod']}, {columns: 80, rows: 24})
        await until(frame, RESOLVED)
        // the pruned vm_runtime: its reasons name the relation and the preset behind it
        await press(app.stdin, 'f', 'f', '/', ...'vm_runtime', ENTER, ENTER)
        const panes = await until(frame, 'Node "vm_runtime" is pruned')
        await press(app.stdin, 'z')
        const full = await until(frame, 'z or esc: back to the panes')
        const lines = full.split('\n')
        expect(lines.length).toBeLessThanOrEqual(24)
        expect(Math.max(...lines.map(l => [...l].length))).toBeLessThanOrEqual(80)
        // every word of the explanation is on the screen: nothing was cut to fit
        // (a word the pane cut, marked with "…", is not looked for)
        const words = (text: string) =>
            text
                .split(/\s+/)
                .filter(w => !w.includes('…'))
                .map(w => w.replace(/[│┌┐└┘─▸→]/g, ''))
                .filter(w => w.length > 3)
        const shown = new Set(words(full))
        // the explanation's words, the key line under it left out (on the full screen z reads "back")
        expect(words(panes.slice(panes.indexOf('Why'), panes.lastIndexOf('\n'))).filter(w => !shown.has(w))).toEqual([])
        expect(full).not.toContain('Topology')
        await press(app.stdin, ESC)
        expect(await until(frame, 'Topology')).toContain('Why')
        app.unmount()
    })

    it('scrolls the help when the terminal is shorter than the list of keys', async () => {
        const {app, frame} = start({}, {columns: 80, rows: 24})
        await until(frame, RESOLVED)
        await press(app.stdin, '?')
        const top = await until(frame, '↑↓ to scroll')
        expect(top).toContain('everywhere')
        expect(top).not.toContain('write the resolved template and its report')
        await press(app.stdin, ...Array.from({length: 30}, () => 'j'))
        expect(await until(frame, 'write the resolved template and its report')).toBeTruthy()
        expect(
            Math.max(
                ...frame()!
                    .split('\n')
                    .map(l => [...l].length),
            ),
        ).toBeLessThanOrEqual(80)
        app.unmount()
    })

    it('says when the terminal is too small instead of drawing a broken frame, and draws again once it is larger', async () => {
        const {app, frame} = start({}, {columns: 50, rows: 12})
        expect(await until(frame, 'needs at least')).toMatch(/The terminal is 50×12; the wizard needs at least\s+60×16/)
        resize(app, {columns: 80, rows: 24})
        expect(await until(frame, RESOLVED)).toContain('Topology')
        app.unmount()
    })

    it('stacks the panes in 80×24 and keeps every line inside the terminal', async () => {
        const {app, frame} = start({}, {columns: 80, rows: 24})
        const f = await until(frame, RESOLVED)
        const lines = f.split('\n')
        expect(lines.length).toBeLessThanOrEqual(24)
        expect(Math.max(...lines.map(l => [...l].length))).toBeLessThanOrEqual(80)
        // inputs above topology above the explanation, each full width
        const row = (word: string) => lines.findIndex(l => l.includes(word))
        expect(row('Inputs')).toBeLessThan(row('Topology'))
        expect(row('Topology')).toBeLessThan(row('Why'))
        expect(f).toContain('? keys')
        app.unmount()
    })

    it('fits a conflict taller than the terminal into 80×24 and scrolls it', async () => {
        // at least one of 16 nodes must be present, and each has a condition that is false: every condition takes part
        const nodes = Array.from({length: 16}, (_, i) => `        node_${i}: {type: tosca.nodes.Root, conditions: {variability_input: wanted}}\n`).join('')
        const alternatives = Array.from({length: 16}, (_, i) => `{node_presence: node_${i}}`).join(', ')
        const {file} = workspace(`tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            wanted: {type: boolean, default: false}
        constraints:
            - {or: [${alternatives}]}
    node_templates:
${nodes}`)
        const app = show(<App file={file} opening="main" />, {columns: 80, rows: 24})
        await until(app.lastFrame, 'no variant')
        await press(app.stdin, 'c')
        const first = await until(app.lastFrame, /of \d+ lines, ↑↓ to scroll/)
        const fits = (f: string) => {
            const lines = f.split('\n')
            expect(lines.length).toBeLessThanOrEqual(24)
            expect(Math.max(...lines.map(l => [...l].length))).toBeLessThanOrEqual(80)
        }
        fits(first)
        expect(first).toContain('No variant exists')
        expect(first).not.toContain('node_15')
        await press(app.stdin, ...Array(40).fill(DOWN))
        const last = await until(app.lastFrame, 'node_15')
        fits(last)
        expect(last).not.toContain('No variant exists')
        app.unmount()
    })

    it('follows the terminal when it is resized', async () => {
        const {app, frame} = start()
        const wide = await until(frame, RESOLVED)
        expect(wide.split('\n').some(l => l.includes('Inputs') && l.includes('Topology'))).toBe(true)
        resize(app, {columns: 80, rows: 24})
        const stacked = (f: string) => !f.split('\n').some(l => l.includes('Inputs') && l.includes('Topology'))
        const narrow = await until(frame, stacked)
        expect(Math.max(...narrow.split('\n').map(l => [...l].length))).toBeLessThanOrEqual(80)
        app.unmount()
    })
})

describe('analysis in the wizard', () => {
    it('marks dead and core elements in the topology and says why in the why pane', async () => {
        const dir = tempDir()
        const file = path.join(dir, 'planted.yaml')
        fs.writeFileSync(
            file,
            `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            env: {type: string, default: dev}
        options: {pruning: true}
    node_templates:
        app:
            type: tosca.nodes.Root
            conditions: {or: [{equal: [{variability_input: env}, dev]}, {not: {equal: [{variability_input: env}, dev]}}]}
        ghost:
            type: tosca.nodes.Root
            conditions: {and: [{equal: [{variability_input: env}, dev]}, {equal: [{variability_input: env}, prod]}]}
`,
        )
        const app = show(<App file={file} opening="main" />)
        const f = await until(app.lastFrame, '· dead')
        expect(f).toMatch(/✔ present Node "app".*· core/)
        expect(f).toMatch(/✘ pruned +Node "ghost".*· dead/)
        // the why pane of the first element (app) says it is core
        expect(f).toContain('core — present in every variant, its conditions decide nothing')
        await press(app.stdin, TAB, DOWN, DOWN)
        expect(await until(app.lastFrame, 'dead — no input can make this present')).toMatch(/Node "ghost" is present only if/)
        // the full-screen view wraps the whole reason
        await press(app.stdin, 'z')
        expect(await until(app.lastFrame, 'variability input "env" has one')).toContain('z or esc: back to the panes')
        app.unmount()
    })
})

describe('a template edited while the wizard is open', () => {
    const text = (cache: boolean) => `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            env: {type: string, default: dev}
        options: {pruning: true}
    node_templates:
        app: {type: tosca.nodes.Root}
        cache:
            type: tosca.nodes.Root
            conditions: {equal: [{variability_input: env}, ${cache ? 'dev' : 'prod'}]}
`

    it('is read again, keeps the choices and says what the edit changed', async () => {
        const dir = tempDir()
        const file = path.join(dir, 'live.yaml')
        fs.writeFileSync(file, text(false))
        const app = show(<LiveApp file={file} opening="main" />)
        await until(app.lastFrame, /✘ pruned +Node "cache"/)
        // a value set in the wizard survives the reload
        await press(app.stdin, ENTER, CTRL_U, ...'dev', ENTER)
        await until(app.lastFrame, 'env dev set here')
        // the folder is watched from an effect of the first render, set up before React renders again
        // (and fs.watch is in place when it returns): with the value shown, the watcher is there
        fs.writeFileSync(file, text(true))
        const f = await until(app.lastFrame, 'the template changed:')
        expect(await until(app.lastFrame, /now present \(node\.cache/)).toMatch(/✔ present Node "cache"/)
        expect(f).toContain('env dev set here')
        // a broken edit keeps the last version on screen
        fs.writeFileSync(file, 'tosca_definitions_version: [')
        expect(await until(app.lastFrame, 'cannot be read')).toMatch(/✔ present Node "cache"/)
        app.unmount()
    })
})

describe('control characters from the template', () => {
    /** Two inputs that may not both be true, both true by default: the wizard opens on the conflict. */
    const conflicting = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            ${named('cheap')}: {type: boolean, default: true, description: ${named('about')}}
            ${named('fast')}: {type: boolean, default: true}
        constraints:
            - {not: {and: [{variability_input: ${named('cheap')}}, {variability_input: ${named('fast')}}]}}
    node_templates:
        ${named('app')}: {type: x}
`

    it('are shown escaped on every screen: presets, inputs, topology, why, conflict', async () => {
        const frames: string[] = []
        const {file} = workspace(HOSTILE_TEMPLATE)
        const app = show(<App file={file} />)
        frames.push(await until(app.lastFrame, 'tab/esc on to the inputs'))
        await press(app.stdin, TAB)
        frames.push(await until(app.lastFrame, RESOLVED))
        await press(app.stdin, TAB, DOWN)
        frames.push(await until(app.lastFrame, 'property'))
        app.unmount()
        const conflict = show(<App file={workspace(conflicting).file} />)
        frames.push(await until(conflict.lastFrame, 'these changes make a variant exist'))
        conflict.unmount()
        for (const f of frames) {
            expect(rawControls(f)).toEqual([])
            expect(f).toContain(SHOWN_PAYLOAD.slice(0, 20))
        }
    })
})
