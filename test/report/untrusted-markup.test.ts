// A template's names reach the Markdown report as text, never as markup: read as
// GitHub-flavoured Markdown (by `marked`), the report of a template whose names
// are Markdown and HTML holds no markup but its own, and shows each name whole
// in a code span; as plain text, names carry no backslash escapes.
import {marked, type Token} from 'marked'
import {describe, expect, it} from 'vitest'
import {escapeMarkdown, prose, renderMarkdown} from '../../src/app/report/index.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {buildReport} from '../../src/engine/report/index.js'
import {inPageLinks, NOW, walk} from './fixtures.js'
import {resolved} from '../helpers/v4t.js'

const NAMES = [
    'shop_ingress',
    '_edge_',
    'back`tick',
    '``',
    '<img src=x onerror=alert(1)>',
    '[click](javascript:alert(1))',
    '![image](x.png)',
    '*bold* **strong** ~~gone~~',
    'pipe|cell',
    '# heading',
    '- item',
    '1. first',
    '&amp; &#60;',
    '<a id="node.x"></a>',
    'https://example.com/x_y_',
    ' spaced ',
]

/** A preset whose name the report quotes, in the inputs table's source column too: a code span, as it holds markup. */
const PRESET = '_p "x|y"'

/** YAML for a name: a double-quoted scalar (JSON is YAML). */
const yaml = (name: string) => JSON.stringify(name)

function report() {
    const nodes = NAMES.map(
        (name, i) =>
            `        ${yaml(name)}:\n            type: t\n            conditions: {variability_input: ${yaml(`${name}!`)}}\n            properties:\n                - ${yaml(`p${name}`)}: {value: ${i}, conditions: false}\n`,
    ).join('')
    const inputs = NAMES.map(name => `            ${yaml(`${name}!`)}: {type: boolean, default: ${name.length % 2 === 0}}\n`).join('')
    const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
${inputs}        presets:
            ${yaml(PRESET)}: {inputs: {${yaml('shop_ingress!')}: false}}
        options: {mode: semantic-loose, expected_incoming_relation_check: false}
    node_templates:
${nodes}        keeper:
            type: t
            requirements:
${NAMES.map(name => `                - ${yaml(`r${name}`)}: ${yaml(name)}\n`).join('')}`
    const template = templateFromText(text, 'names.yaml')
    const model = resolved(template, {presets: [PRESET]}).model!
    return renderMarkdown(buildReport({template, templateName: 'names.yaml', presets: [PRESET], argv: ['trellis', 'resolve', 'names.yaml'], now: NOW}, {model}))
}

describe('names that are Markdown or HTML, in the report', () => {
    const markdown = report()
    const tokens = [...walk(marked.lexer(markdown, {gfm: true}))]

    it('add no markup: no HTML but the anchors, no link but those inside the report, no emphasis, image or heading of their own', () => {
        const html = tokens.filter(({token}) => token.type === 'html').map(({token}) => token.raw.trim())
        for (const h of html) expect(h).toMatch(/^(<a id="[\w.@-]+"><\/a>|<a id="[\w.@-]+">|<\/a>)$/)
        // the header's labels are the report's own strong text
        const markup = tokens.filter(({token}) => ['em', 'strong', 'del', 'image'].includes(token.type)).map(({token}) => token.raw)
        expect(markup.filter(raw => !/^\*\*[A-Z][a-z ,]+:\*\*$/.test(raw))).toEqual([])
        for (const {token} of tokens.filter(({token}) => token.type === 'link')) expect((token as Token & {href: string}).href).toMatch(/^#[\w.@-]+$/)
        // headings are the report's own, never inside an item
        for (const {token, within} of tokens.filter(({token}) => token.type === 'heading')) {
            expect(within).toEqual([])
            expect(token.raw).toMatch(/^#{1,3} (Resolution report|[A-Z][a-z]+ |Why|What|Options|Variability|Summary|Optimization|Checks|Topology|Pruned|Technology)/)
        }
        expect(inPageLinks(markdown)).toMatchObject({unresolved: [], unreferenced: []})
        // a pipe in a name ends no table cell: every row of the inputs table has its five cells
        const table = tokens.find(({token}) => token.type === 'table')!.token as Token & {header: unknown[]; rows: unknown[][]}
        expect(table.header).toHaveLength(5)
        for (const row of table.rows) expect(row).toHaveLength(5)
        expect(markdown).toContain('| `shop_ingress!` | `false` | preset `_p "x\\|y"` | — | yes |')
    })

    it('shows each name whole in a code span', () => {
        const spans = new Set(tokens.flatMap(({token}) => (token.type === 'codespan' ? [(token as Token & {text: string}).text] : [])))
        for (const name of NAMES.filter(n => n !== '``' && n.trim() === n)) expect(spans, name).toContain(name)
        // each input that decides something, whole in the decisions
        const decisions = markdown.slice(markdown.indexOf('## What decided'), markdown.indexOf('## Options'))
        for (const name of ['# heading!', '<a id="node.x"></a>!', 'pipe|cell!']) expect(decisions).toContain(`- \`${name}\` = \`false\` (default) prunes Node`)
        // a span that starts and ends with a space keeps them (one each side is stripped by Markdown)
        expect(markdown).toContain('`  spaced  `')
        expect(markdown).toContain('``` `` ```')
    })

    it('carries no backslash escape in a name', () => {
        // a table cell escapes a pipe, in a code span too (GitHub reads `\|` as the character there)
        const text = markdown
            .split('\n')
            .filter(l => !l.startsWith('|'))
            .join('\n')
        const escaped = (name: string) => name.replace(/[_*[\]<>|#`~&-]/g, '\\$&')
        for (const name of NAMES.filter(n => escaped(n) !== n)) expect(text).not.toContain(escaped(name))
        expect(markdown).not.toMatch(/\\_/)
        // the preset's name where it says where a value came from, too
        expect(markdown).toContain('(preset `_p "x|y"`) prunes')
    })
})

describe('prose escaping', () => {
    it('escapes only what Markdown would read as markup', () => {
        expect(escapeMarkdown('a|b *c* <d> [e]_f')).toBe('a\\|b \\*c\\* \\<d\\> \\[e\\]\\_f')
        // an underscore inside a word marks nothing; at a word's edge it may
        expect(escapeMarkdown('type_default_condition _x_')).toBe('type_default_condition \\_x\\_')
        // what would begin a block, at the start only
        expect(escapeMarkdown('# a')).toBe('\\# a')
        expect(escapeMarkdown('- a')).toBe('\\- a')
        expect(escapeMarkdown('12. a')).toBe('12\\. a')
        expect(escapeMarkdown('---')).toBe('\\---')
        expect(escapeMarkdown('--set x=y')).toBe('--set x=y')
        expect(escapeMarkdown('#1 and a - b')).toBe('#1 and a - b')
        expect(escapeMarkdown('&amp; & b')).toBe('\\&amp; & b')
    })

    it('makes each name the engine quotes a code span', () => {
        expect(prose('its target node "vm_runtime" is absent')).toBe('its target node `vm_runtime` is absent')
        expect(prose('Node "a`b" of "x"')).toBe('Node ``a`b`` of `x`')
        expect(prose('- "a" b')).toBe('\\- `a` b')
        expect(prose('say "" twice')).toBe('say "" twice')
    })
})
