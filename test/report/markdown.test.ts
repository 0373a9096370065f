// The Markdown report of the bundled web-shop sample: structure, content, determinism.
import {describe, expect, it} from 'vitest'
import {renderMarkdown, code, escapeMarkdown} from '../../src/app/report/index.js'
import {templateFromText} from '../../src/engine/load/index.js'
import {buildReport} from '../../src/engine/report/index.js'
import {inPageLinks, NOW, sampleReport, unwrapped, warnedReport, withoutDate} from './fixtures.js'
import {resolved} from '../helpers/v4t.js'

describe('Markdown report of sample-templates/web-shop (preset prod)', () => {
    // written to report.md in the working folder, as the command line the report names does (a folder of no machine)
    const markdown = renderMarkdown(sampleReport(['prod']), {report: '/path/to/trellis', working: '/path/to/trellis'})
    // what each line says, its rows joined
    const flat = unwrapped(markdown)

    it('is pinned (date line normalised)', async () => {
        await expect(withoutDate(markdown)).toMatchFileSnapshot('__snapshots__/web-shop-prod.md')
    })

    it('has its sections in order', () => {
        const headings = markdown.split('\n').filter(l => /^#{1,2} /.test(l))
        expect(headings).toEqual([
            '# Resolution report: sample-templates/web-shop/variable-service-template.yaml',
            '## What decided the variant',
            '## Options that differ from the defaults',
            '## Variability inputs',
            '## Summary',
            '## Why each element is pruned',
            '## Optimization',
            '## Checks',
            // last: as plain text, the diagram is many lines a reviewer skips
            '## Topology',
        ])
    })

    it('names version, mode, presets, date and the command that reproduces it', () => {
        expect(markdown).toContain('- **Definitions version:** `tosca_variability_1_0`')
        expect(flat).toMatch(/- \*\*Pruning mode:\*\* `semantic-loose` \(template \(sample-templates\/web-shop\/variable-service-template\.yaml:45:13\)\)/)
        expect(markdown).toContain('- **Presets applied, in order:** `prod`')
        expect(markdown).toContain(`- **Date:** ${NOW.toISOString()}`)
        expect(markdown).toContain('```sh\ntrellis resolve sample-templates/web-shop/variable-service-template.yaml --preset prod --report report.md\n```')
    })

    it('opens with the decisions: each input value and what it prunes, as one list', () => {
        const decisions = flat.slice(flat.indexOf('## What decided the variant'), flat.indexOf('## Options'))
        expect(decisions).toContain('- `platform` = `managed` (preset prod) prunes Node `vm_runtime`, Node `vm`, Node `vm_dbms`, 2 properties, 3 types and 4 relations.')
    })

    it('lists the options that differ from the version defaults in one line per choice, and only those', () => {
        const options = flat.slice(flat.indexOf('## Options'), flat.indexOf('## Variability inputs'))
        expect(options).toContain(
            '- Pruning mode `semantic-loose` (template (sample-templates/web-shop/variable-service-template.yaml:45:13)) turns on node, relation, policy, group, artifact, property, type, technology pruning, each with its consistency and semantic pruning.',
        )
        expect(options).toContain(
            '- `node_default_condition_mode` = `incoming` (default `incoming-artifact`), set by template (sample-templates/web-shop/variable-service-template.yaml:46:13).',
        )
        expect(options).toContain('- `expected_incoming_relation_check` = `false` (default `true`)')
        expect(options.split('\n').filter(l => l.startsWith('- '))).toHaveLength(5)
        expect(options).not.toContain('relation_default_implied')
    })

    it('tables every input with value and source', () => {
        expect(markdown).toContain('| `platform` | `managed` | preset prod | — | yes |')
        expect(markdown).toContain('| `replicas` | `3` | preset prod | — | no |')
    })

    it('labels each pruned relation in the diagram with the inputs behind it', () => {
        expect(markdown).toContain('n0 -.->|"host (pruned: platform)"| n1')
    })

    it('counts kept and pruned elements by kind', () => {
        expect(markdown).toContain('21 elements kept, 12 pruned (3 nodes, 4 relations, 2 properties, 3 types).')
    })

    it('lists every pruned element once, under the decision it follows from: a section per decision that prunes others', () => {
        const why = flat.slice(flat.indexOf('## Why each element is pruned'), flat.indexOf('## Optimization'))
        const sections = why.split('\n').filter(l => l.startsWith('### '))
        expect(sections).toEqual(['### Relation `host@0` of node `shop`', '### Relation `host@0` of node `shop_db`', '### Pruned by their own conditions'])
        // the decision: the input value behind it, the decisive condition with its value, code and where it is written
        expect(why).toContain('Decided by `platform` = `managed` (preset prod):')
        expect(why).toContain(
            '- its condition does not hold: `{logic_expression: on_vm}` is false `manual-condition-false` (`sample-templates/web-shop/variable-service-template.yaml:66:23`)',
        )
        // what the verdict settled is not a cause: the relation's target is absent because of the relation, not the other way round
        expect(why).not.toContain('its target node `vm_runtime` is absent')
        expect(why).not.toContain('consequence')
        // what it pruned, one level per step, with what goes along counted on the line
        expect(why).toContain(
            [
                '- Node `vm_runtime` (`sample-templates/web-shop/variable-service-template.yaml:72:9`): no incoming relation is present, so pruning removes it (`incoming`, semantic) `default-incoming-none-present`; with it: 1 type and 1 relation.',
                '  - Node `vm` (',
            ].join('\n'),
        )
        expect(why).toMatch(/\n {2}- Node `vm` \(`[^`]+`\): .*; it reads \[Node `vm_dbms`\]\(#node\.vm_dbms\) too, also pruned; with it: 1 type and 1 property\.\n/)
        // the one element a link lands on has the one anchor, on a line of its own before its item's text
        expect(why).toContain('- <a id="node.vm_dbms"></a>\n  Node `vm_dbms` (')
        expect(inPageLinks(markdown)).toMatchObject({links: ['node.vm_dbms'], unresolved: [], unreferenced: []})
        expect(markdown.match(/<a id=/g)).toHaveLength(1)
        expect(markdown.split('\n').length).toBeLessThanOrEqual(180)
    })

    it('says once what each pruning rule it names does, with the option that turns it on', () => {
        const why = flat.slice(flat.indexOf('## Why each element is pruned'), flat.indexOf('## Optimization'))
        expect(why).toContain(
            '- `incoming`, semantic (`node_semantic_pruning`): a node is removed when none of its incoming relations is present, even one with conditions of its own.',
        )
        // only the rules the text names: the relations' absent targets are consequences, not said
        expect(why).not.toContain('`target`, consistency')
        expect(why.match(/`incoming`, semantic \(/g)).toHaveLength(1)
    })

    it('shows optimization, with the options as the specification names them, and every check, on or off', () => {
        expect(flat).toContain('- Node templates: not optimized; the result must be unique (`optimization_topology: false`, `optimization_topology_unique: true`; default)')
        expect(flat).toContain('The conditions decided every element: the optimizer had no choice to make.')
        expect(flat).toContain('Switched off: expected incoming relation, unconsumed input, unproduced output.')
        expect(flat).toMatch(/^Ran and passed: relation source, relation target, .*ambiguous relation\.$/m)
    })

    it('is deterministic: two renders differ only in the date line', () => {
        const later = renderMarkdown(sampleReport(['prod'], new Date('2030-06-07T08:09:10.000Z')), {report: '/path/to/trellis', working: '/path/to/trellis'})
        expect(later).not.toBe(markdown)
        expect(withoutDate(later)).toBe(withoutDate(markdown))
        const diff = later.split('\n').filter((l, i) => l !== markdown.split('\n')[i])
        expect(diff).toEqual(['- **Date:** 2030-06-07T08:09:10.000Z'])
    })

    it('reports the dev preset with nothing of the managed platform', () => {
        const dev = unwrapped(renderMarkdown(sampleReport(['dev'])))
        expect(dev).toMatch(/\n- Node `platform_runtime` \(`[^`]+`\): .*; with it: 1 type/)
        expect(dev).toContain('- **Presets applied, in order:** `dev`')
    })
})

describe('Markdown report: elements pruned with another', () => {
    it('counts a relation and its property on the line of the node they go with, however deep the chain', () => {
        const text = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        options: {mode: consistent-loose, expected_incoming_relation_check: false}
    node_templates:
        app:
            type: x
            conditions: false
            requirements:
                - uses:
                      node: db
                      relationship: link
        db: {type: x}
    relationship_templates:
        link:
            type: r
            properties:
                - weight: 3
`
        const template = templateFromText(text, 'chain.yaml')
        const model = resolved(template, {}).model!
        const markdown = renderMarkdown(buildReport({template, templateName: 'chain.yaml', presets: [], argv: ['trellis'], now: NOW}, {model}))
        const why = unwrapped(markdown.slice(markdown.indexOf('## Why each element is pruned'), markdown.indexOf('## Optimization')))
        expect(why.split('\n').filter(l => l.startsWith('### '))).toEqual(['### Pruned by their own conditions'])
        // the item, without anchors: no link lands on what it names or counts
        // one location: where the condition is written (the element's own is a line above it)
        expect(why).toMatch(/\n- Node `app`: its condition does not hold: `false` is false `manual-condition-false` \(`chain\.yaml:8:13`\); with it: .*1 relation.*1 property/)
        expect(why).not.toContain('<a id=')
    })
})

describe('Markdown report: warnings and mistakes', () => {
    it('lists what resolving warned of under Warnings, with the related place below each', () => {
        const markdown = unwrapped(renderMarkdown(warnedReport()))
        expect(markdown).toContain(
            [
                '## Warnings',
                '',
                '- Variability input `replicas` is of type integer and expects an integer, got `lots`; used as given (`warned.yaml:7:28`)',
                '  - type integer declared here: `warned.yaml:5:24`',
                '',
            ].join('\n'),
        )
    })

    it('has no Warnings section when nothing was warned of', () => {
        expect(renderMarkdown(sampleReport(['prod']))).not.toContain('## Warnings')
    })
})

describe('Markdown escaping', () => {
    it('escapes markup in prose and keeps backticks inside code spans', () => {
        expect(escapeMarkdown('a|b *c* <d> [e]_f')).toBe('a\\|b \\*c\\* \\<d\\> \\[e\\]\\_f')
        expect(code('x `y` z')).toBe('``x `y` z``')
        expect(code('`edge')).toBe('`` `edge ``')
    })
})
