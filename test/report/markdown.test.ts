// The Markdown report of the bundled web-shop sample: structure, content, determinism.
import {describe, expect, it} from 'vitest'
import {renderMarkdown, code, escapeMarkdown} from '../../src/app/report/index.js'
import {NOW, sampleReport, withoutDate} from './fixtures.js'

describe('Markdown report of sample-templates/web-shop (preset prod)', () => {
    const markdown = renderMarkdown(sampleReport(['prod']))

    it('is pinned (date line normalised)', async () => {
        await expect(withoutDate(markdown)).toMatchFileSnapshot('__snapshots__/web-shop-prod.md')
    })

    it('has its sections in order', () => {
        const headings = markdown.split('\n').filter(l => /^#{1,2} /.test(l))
        expect(headings).toEqual([
            '# Resolution report: sample-templates/web-shop/variable-service-template.yaml',
            '## Options that differ from the defaults',
            '## Variability inputs',
            '## Summary',
            '## Topology',
            '## Pruned elements',
            '## Why each element is pruned',
            '## Optimization',
            '## Checks',
        ])
    })

    it('names version, mode, presets, date and the command that reproduces it', () => {
        expect(markdown).toContain('- **Definitions version:** `tosca_variability_1_0`')
        expect(markdown).toMatch(/- \*\*Pruning mode:\*\* `semantic-loose` \(template \(sample-templates\/web-shop\/variable-service-template\.yaml:45:13\)\)/)
        expect(markdown).toContain('- **Presets applied, in order:** `prod`')
        expect(markdown).toContain(`- **Date:** ${NOW.toISOString()}`)
        expect(markdown).toContain('```sh\ntrellis resolve sample-templates/web-shop/variable-service-template.yaml --preset prod --report report.md\n```')
    })

    it('lists the options that differ from the version defaults, and only those', () => {
        expect(markdown).toContain(
            '| `node_default_condition_mode` | `incoming` | `incoming-artifact` | template (sample-templates/web-shop/variable-service-template.yaml:46:13) |',
        )
        expect(markdown).toContain('| `expected_incoming_relation_check` | `false` | `true` |')
        expect(markdown).toContain('| `node_pruning` | `true` | `false` | pruning mode semantic-loose |')
        expect(markdown).not.toContain('| `relation_default_implied` |')
    })

    it('tables every input with value and source', () => {
        expect(markdown).toContain('| `platform` | `managed` | preset prod | — | yes |')
        expect(markdown).toContain('| `replicas` | `3` | preset prod | — | no |')
    })

    it('counts kept and pruned elements by kind', () => {
        expect(markdown).toContain('21 elements kept, 12 pruned.')
        expect(markdown).toContain('| node | 6 | 3 |')
        expect(markdown).toContain('| relation | 5 | 4 |')
    })

    it('has one row per pruned element and one explanation section each', () => {
        const table = markdown.slice(markdown.indexOf('## Pruned elements'), markdown.indexOf('## Why each element is pruned'))
        const rows = table.split('\n').filter(l => l.startsWith('| ') && !l.startsWith('| element'))
        expect(rows).toHaveLength(12)
        expect(rows).toContain(
            '| Node "vm\\_runtime" | node | no incoming relation is present (pruning: incoming, semantic) | `default-incoming-none-present` | `sample-templates/web-shop/variable-service-template.yaml:72:9` |',
        )
        expect(markdown.split('\n').filter(l => l.startsWith('### '))).toHaveLength(12)
        // the explanation tree is the engine's: the decisive condition, its value, the code and where it is written
        expect(markdown).toContain(
            '- its condition does not hold: `{logic_expression: on_vm}` is false `manual-condition-false` (`sample-templates/web-shop/variable-service-template.yaml:66:23`)',
        )
    })

    it('shows optimization and every check, on or off', () => {
        expect(markdown).toContain('- Node templates: not optimized, the result must be unique (default)')
        expect(markdown).toContain('The conditions decided every element: the optimizer had no choice to make.')
        expect(markdown).toContain(
            '| expected incoming relation | semantic | `expected_incoming_relation_check` | switched off (template (sample-templates/web-shop/variable-service-template.yaml:48:13)) |',
        )
        expect(markdown).toContain('| relation source | consistency | `relation_source_check` | ran, passed (default) |')
    })

    it('is deterministic: two renders differ only in the date line', () => {
        const later = renderMarkdown(sampleReport(['prod'], new Date('2030-06-07T08:09:10.000Z')))
        expect(later).not.toBe(markdown)
        expect(withoutDate(later)).toBe(withoutDate(markdown))
        const diff = later.split('\n').filter((l, i) => l !== markdown.split('\n')[i])
        expect(diff).toEqual(['- **Date:** 2030-06-07T08:09:10.000Z'])
    })

    it('reports the dev preset with nothing of the managed platform', () => {
        const dev = renderMarkdown(sampleReport(['dev']))
        expect(dev).toContain('| Node "platform\\_runtime" | node |')
        expect(dev).toContain('- **Presets applied, in order:** `dev`')
    })
})

describe('Markdown escaping', () => {
    it('escapes markup in prose and keeps backticks inside code spans', () => {
        expect(escapeMarkdown('a|b *c* <d> [e]_f')).toBe('a\\|b \\*c\\* \\<d\\> \\[e\\]\\_f')
        expect(code('x `y` z')).toBe('``x `y` z``')
        expect(code('`edge')).toBe('`` `edge ``')
    })
})
