// Previews name what flips: a change that keeps the counts but swaps the variant is not "no change".
import {describe, expect, it} from 'vitest'
import {templateFromText} from '../../src/engine/load/index.js'
import {describeChange} from '../../src/tui/hooks/use-preview.js'
import {resolutionData} from '../../src/tui/resolver/service.js'
import {countChoices, elementRows, evaluateChoices} from '../../src/tui/resolver/session.js'
import type {Outcome} from '../../src/tui/state/wizard.js'

const template = templateFromText(`tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        options: {type_default_condition: true}
        inputs:
            cloud: {type: boolean, default: false}
    node_templates:
        aws_vm: {type: t, conditions: {variability_input: cloud}}
        aws_db: {type: t, conditions: {variability_input: cloud}}
        local_vm: {type: t, conditions: {not: {variability_input: cloud}}}
        local_db: {type: t, conditions: {not: {variability_input: cloud}}}
        app: {type: t}
`)

describe('a preview', () => {
    const evaluated = evaluateChoices(template, {presets: [], values: {}})
    const now: Outcome = {...resolutionData(1, evaluated), rows: evaluated.ok ? elementRows(evaluated.model) : []}

    it('names the elements a change flips, nodes first, though the counts stay the same', () => {
        const next = countChoices(template, {presets: [], values: {cloud: true}})
        expect(now.ok && next.ok && now.present === next.present).toBe(true)
        // the nodes are named first; their types flip with them and are counted
        expect(describeChange(now, next)).toBe('8 elements flip: +aws_vm, +aws_db, −local_vm, … 5 more')
    })

    it('says when nothing changes', () => {
        expect(describeChange(now, countChoices(template, {presets: [], values: {cloud: false}}))).toBe('no change')
    })
})
