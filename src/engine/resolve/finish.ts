// The last stage of resolving a decided model: value expressions, the checks, the template written.
import {runChecks} from '../check/index.js'
import {TrellisError} from '../errors.js'
import {evaluateValue} from '../expressions/index.js'
import type {LoadedTemplate} from '../load/index.js'
import type {PropertyElement, Raw} from '../model/index.js'
import {checkTransform, transform} from '../transform/index.js'
import type {ResolvedModel} from './decide.js'

export interface Resolution {
    readonly template: LoadedTemplate
    readonly output: Raw
    readonly model: ResolvedModel
}

/**
 * Checks a decided model and writes the resolved template. The value expressions of present
 * properties are evaluated first, before the checks, as the reference does: a mistake in one is
 * what a resolution reports, not a check the variant also fails.
 */
export function finishResolution(template: LoadedTemplate, model: ResolvedModel): Resolution {
    const values = evaluatedProperties(model)
    checkModel(model)
    const output = transform(template.data, model.graph, model.present, values)
    return {template, output, model}
}

/** Throws what finishResolution would throw, without writing the template (analysis checks thousands of variants). */
export function checkResolution(template: LoadedTemplate, model: ResolvedModel): void {
    const values = evaluatedProperties(model)
    checkModel(model)
    checkTransform(template.data, model.graph, model.present, values)
}

/** propertyValues, with every present property's expression evaluated now (in the graph's order). */
function evaluatedProperties(model: ResolvedModel): (p: PropertyElement) => unknown {
    const values = propertyValues(model)
    for (const p of model.graph.properties) if (p.expression !== undefined && model.present(p)) values(p)
    return values
}

/** Each property's value as written: computed once from the inputs where an expression gives it. */
function propertyValues(model: ResolvedModel): (p: PropertyElement) => unknown {
    const values = new Map<PropertyElement, unknown>()
    return p => {
        // most properties are written as they are: nothing to compute or keep
        if (p.expression === undefined) return p.value
        if (values.has(p)) return values.get(p)
        const value = evaluateValue(p.expression, model.inputs)
        if (value === undefined || value === null) throw new TrellisError('invalid-template', `${p.display} has no value`, p.location)
        values.set(p, value)
        return value
    }
}

/** The consistency and semantic checks the options switch on; throws `check-failed` at the first failure. */
function checkModel(model: ResolvedModel): void {
    runChecks(model.graph, model.present, model.options)
}
