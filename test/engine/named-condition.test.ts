// The names a reason gives a default or pruning condition are read back (the
// report says them in plain words), and the technologies' objectives come in the
// order the optimizer applies them (the report names what each value it reached counts).
import fs from 'node:fs'
import path from 'node:path'
import {describe, expect, it} from 'vitest'
import {explanationDocument, namedCondition, type DocumentBecause} from '../../src/engine/explain/index.js'
import {loadTemplate} from '../../src/engine/load/index.js'
import {readDefinitionOf} from '../../src/engine/resolve/index.js'
import {technologySteps} from '../../src/engine/solve/index.js'
import {resolved} from '../helpers/v4t.js'

describe('namedCondition', () => {
    it('reads the fact, who gave the condition, its name and its kind', () => {
        expect(namedCondition('no host is present (pruning: host, semantic)')).toEqual({fact: 'no host is present', by: 'pruning', name: 'host', kind: 'semantic'})
        expect(namedCondition('its container node "a (b)" is absent (default condition: container, consistency)')).toEqual({
            fact: 'its container node "a (b)" is absent',
            by: 'default',
            name: 'container',
            kind: 'consistency',
        })
        expect(namedCondition('the type-specific condition of "t" does not hold (pruning: type-specific for t.x (y))')).toEqual({
            fact: 'the type-specific condition of "t" does not hold',
            by: 'pruning',
            name: 't.x (y)',
            kind: 'type-specific',
        })
    })

    it('reads nothing of any other reason', () => {
        expect(namedCondition('its condition does not hold')).toBeUndefined()
        expect(namedCondition('its pruning (host, semantic) holds')).toBeUndefined()
    })

    it('reads every default and pruning condition that does not hold in the samples, under each preset', async () => {
        let read = 0
        const walk = (list: readonly DocumentBecause[]): void => {
            for (const b of list) {
                if ((b.kind === 'default' || b.kind === 'pruning' || b.kind === 'type-specific') && b.value === false) {
                    expect(namedCondition(b.text), b.text).toBeDefined()
                    read++
                }
                walk(b.because)
            }
        }
        const root = path.resolve(__dirname, '../../sample-templates')
        for (const sample of fs.readdirSync(root)) {
            const file = path.join(root, sample, 'variable-service-template.yaml')
            if (!fs.existsSync(file)) continue
            const template = await loadTemplate(file)
            for (const preset of readDefinitionOf(template).presets.keys()) {
                const model = resolved(template, {presets: [preset]}).model!
                for (const e of explanationDocument(template, model).elements) walk(e.because)
            }
        }
        expect(read).toBeGreaterThan(10)
    })
})

describe('technologySteps', () => {
    it('is one step for weight or count, two for weight-count (the heaviest first, then the fewest different), none optimizing when off', () => {
        expect(technologySteps('min', 'weight')).toEqual([{direction: 'min', measure: 'weight'}])
        expect(technologySteps('max', 'count')).toEqual([{direction: 'max', measure: 'count'}])
        expect(technologySteps('min', 'weight-count')).toEqual([
            {direction: 'max', measure: 'weight'},
            {direction: 'min', measure: 'count'},
        ])
        expect(technologySteps(false, 'weight-count')).toEqual([{direction: false, measure: 'weight'}])
    })
})
