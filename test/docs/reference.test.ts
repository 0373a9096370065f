// The reference pages list what the code offers: every command's options in docs/cli.md, the
// engine's reason codes in docs/explanations.md, analysis finding codes in docs/analysis.md, the
// wizard's keys in docs/wizard.md. A change to one without the other fails here, so the pages
// cannot drift from the code.
import fs from 'node:fs'
import path from 'node:path'
import type {Command} from 'commander'
import {describe, expect, it} from 'vitest'
import {trellisProgram} from '../../src/cli/main.js'
import {FINDING_SEVERITY} from '../../src/engine/analyze/index.js'
import {ERROR_CODES, ERROR_MEANINGS, type ErrorCode, TrellisError} from '../../src/engine/errors.js'
import {BECAUSE_KINDS, REASON_CODES} from '../../src/engine/explain/index.js'
import {KEY_GROUPS} from '../../src/tui/components/help.js'

const ROOT = path.join(import.meta.dirname, '..', '..')
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8')

/** The lines below the heading `heading` (any level), up to the next heading. */
function section(text: string, heading: string): string[] {
    const lines = text.split('\n')
    const start = lines.findIndex(l => /^#+ /.test(l) && l.replace(/^#+ /, '') === heading)
    if (start < 0) return []
    const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l))
    return lines.slice(start + 1, end < 0 ? undefined : end)
}

/** The first cell of each row of the markdown tables in `lines`, code spans unwrapped. */
const firstCells = (lines: readonly string[]) =>
    lines
        .filter(l => /^\| `/.test(l))
        .map(l => l.split('|')[1]!.trim())
        .map(cell => cell.replace(/^`|`$/g, ''))

/** Each row of the markdown tables in `lines` as its cells, code spans unwrapped. */
const rows = (lines: readonly string[]) =>
    lines
        .filter(l => /^\| `/.test(l))
        .map(l =>
            l
                .split('|')
                .slice(1, -1)
                .map(c => c.trim().replace(/^`|`$/g, '')),
        )

function commands(command: Command, prefix: string[] = []): {name: string; command: Command}[] {
    const name = [...prefix, command.name()]
    return [{name: name.join(' '), command}, ...command.commands.flatMap(c => commands(c, name))]
}

describe('docs/cli.md', () => {
    const doc = read('docs/cli.md')
    const all = commands(trellisProgram(() => undefined))

    it.each(all.map(c => [c.name, c.command] as const))('lists exactly the options of `%s`', (name, command) => {
        const listed = firstCells(section(doc, `\`${name}\``)).filter(c => c.startsWith('-'))
        expect(listed.sort()).toEqual(command.options.map(o => o.flags).sort())
    })

    it('has a section for each command and none for a command that does not exist', () => {
        const headings = doc
            .split('\n')
            .filter(l => /^#+ `trellis/.test(l))
            .map(l => l.replace(/^#+ `|`$/g, ''))
        expect(headings.sort()).toEqual(all.map(c => c.name).sort())
    })
})

describe('docs/cli.md, error codes', () => {
    it('lists every error code with the exit status it gives, and no other code', () => {
        const table = section(read('docs/cli.md'), 'Error codes')
            .filter(l => l.startsWith('| `'))
            .map(l => l.split('|').map(c => c.trim()))
        expect(table.map(cells => cells[1]!.replace(/`/g, '')).sort()).toEqual([...ERROR_CODES].sort())
        for (const cells of table) {
            const code = cells[1]!.replace(/`/g, '') as ErrorCode
            expect(cells[3], code).toBe(new TrellisError(code, 'x').errorClass === 'resolution' ? '1' : '2')
            // the same words `trellis help CODE` prints (links and code marks aside)
            expect(cells[2]!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, ''), code).toBe(ERROR_MEANINGS[code])
        }
    })
})

describe('docs/explanations.md', () => {
    it('lists every reason code with its meaning, and no other code', () => {
        const table = rows(section(read('docs/explanations.md'), 'Reason codes'))
        expect(Object.fromEntries(table.map(([code, meaning]) => [code, meaning]))).toEqual(REASON_CODES)
        expect(table).toHaveLength(Object.keys(REASON_CODES).length)
    })

    it('lists every kind of reason the JSON document gives, and no other kind', () => {
        const doc = read('docs/explanations.md')
        const bullet = doc.slice(doc.indexOf('- `because.*.kind`:'), doc.indexOf('\n- ', doc.indexOf('- `because.*.kind`:')))
        const kinds = [...bullet.matchAll(/`([^`]+)`/g)].map(m => m[1]!).slice(1)
        expect(kinds.sort()).toEqual([...BECAUSE_KINDS].sort())
    })
})

describe('docs/analysis.md', () => {
    it('lists every finding code with its severity, and no other code', () => {
        const table = rows(section(read('docs/analysis.md'), 'Finding codes'))
        expect(Object.fromEntries(table.map(([code, severity]) => [code, severity]))).toEqual(FINDING_SEVERITY)
        expect(table).toHaveLength(Object.keys(FINDING_SEVERITY).length)
    })
})

describe('README.md', () => {
    it('stays a front door: at most 200 lines, every page it links exists', () => {
        const readme = read('README.md')
        expect(readme.split('\n').length).toBeLessThanOrEqual(200)
        const links = [...readme.matchAll(/\]\((docs\/[^)#]+)/g)].map(m => m[1]!)
        expect(links.length).toBeGreaterThan(0)
        for (const link of links) expect(fs.existsSync(path.join(ROOT, link)), link).toBe(true)
    })
})

describe('docs/wizard.md', () => {
    it('lists the keys as the help screen does, group by group', () => {
        const lines = read('docs/wizard.md').split('\n')
        const keys = lines.slice(lines.indexOf('## Keys') + 1)
        const groups: [string, [string, string][]][] = []
        for (const line of keys.slice(
            0,
            keys.findIndex(l => l.startsWith('## ')),
        )) {
            if (line.startsWith('### ')) groups.push([line.slice(4), []])
            else if (line.startsWith('| `')) groups.at(-1)![1].push(rows([line])[0] as [string, string])
        }
        expect(groups).toEqual(KEY_GROUPS)
    })
})
