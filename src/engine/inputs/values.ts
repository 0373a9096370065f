// Variability input values: presets in the order given, then direct assignments
// in the order given, then `default`, then `default_expression` (evaluated when
// first needed). Every value remembers its source and what it overrode.
import {TrellisError, type SourceLocation} from '../errors.js'
import {closestHelp, definedNamesHelp} from '../names.js'
import {ownValue} from '../keys.js'
import {evaluateValue, isValueExpression, show, type Nesting, type ValueScope, type WarnCode} from '../expressions/index.js'
import type {SourceMap} from '../load/index.js'
import type {VariabilityDefinition, VariabilityInputDefinition} from './definitions.js'
import {checkAssigned} from './typecheck.js'
import {describeSource, type InputAssignment, type InputSource, type InputValue} from './types.js'
import {brokenConstraints, constraintClauses} from './tosca-constraints.js'
import {renderExpression} from '../text.js'

interface Assigned {
    value: unknown
    source: InputSource
    overridden: {value: unknown; source: InputSource}[]
}

export class VariabilityInputs implements ValueScope {
    private readonly assigned = new Map<string, Assigned>()
    private readonly computed = new Map<string, InputValue>()
    private readonly stack: string[] = []
    /** Levels of value expressions under way in this resolution (see ValueScope.nesting). */
    readonly nesting: Nesting = {levels: 0}

    constructor(
        readonly definition: VariabilityDefinition,
        private readonly sourceMap: SourceMap,
        presets: readonly string[],
        assignments: readonly InputAssignment[],
    ) {
        for (const name of presets) {
            const preset = definition.presets.get(name)
            if (!preset) {
                const known = [...definition.presets.keys()]
                throw new TrellisError('unknown-preset', `Did not find variability preset "${name}"`, undefined, {
                    help: definedNamesHelp(name, known, 'presets'),
                    notes: known.length ? [] : ['the template defines no presets'],
                })
            }
            for (const [input, value] of Object.entries(preset.inputs))
                this.assign({name: input, value, source: {kind: 'preset', preset: name, location: sourceMap.locate(preset.inputs, input)}})
        }
        for (const assignment of assignments) this.assign(assignment)
    }

    private assign(assignment: InputAssignment): void {
        const definition = this.definition.inputs.get(assignment.name)
        const where = 'location' in assignment.source ? assignment.source.location : undefined
        if (!definition) {
            const known = [...this.definition.inputs.keys()]
            const details = {
                help: definedNamesHelp(assignment.name, known, 'variability inputs'),
                notes: known.length ? [] : ['the template declares no variability inputs'],
            }
            // a name given on the command line or in a profile is a mistake of the user's now; one in an
            // inputs file or a preset is ignored, as the reference ignores it, and warned of
            const {kind} = assignment.source
            if (kind !== 'file' && kind !== 'preset') throw new TrellisError('input-unknown', `Variability input "${assignment.name}" is not defined`, where, details)
            this.keepWarning(new TrellisError('input-unknown', `Variability input "${assignment.name}" is not defined; ignored`, where, details))
            return
        }
        if (assignment.value === null || assignment.value === undefined) return
        const fromText = assignment.source.kind === 'set' || assignment.source.kind === 'env'
        const value = this.typed(definition, assignment.value, fromText, where, assignment.source)
        const previous = this.assigned.get(assignment.name)
        this.assigned.set(assignment.name, {
            value,
            source: assignment.source,
            overridden: previous ? [{value: previous.value, source: previous.source}, ...previous.overridden] : [],
        })
    }

    /**
     * A value that does not fit the input's declared type is used as given, as the reference does
     * (it never checks input types), and kept as a warning the shells print; text from --set or the
     * environment is converted where the type says how.
     */
    private typed(definition: VariabilityInputDefinition, value: unknown, fromText: boolean, where: SourceLocation | undefined, source: InputSource): unknown {
        const check = checkAssigned(definition.type, value, fromText)
        if (check.ok) return check.value
        const from = source.kind === 'set' ? ' (from --set)' : source.kind === 'env' ? ` (from ${source.variable})` : ''
        const message = `Variability input "${definition.name}" is of type ${definition.type} and expects ${check.expected}, got ${show(value)}${from}; used as given`
        const declared = this.sourceMap.locate(definition.raw, 'type')
        this.keepWarning(new TrellisError('input-type', message, where, {related: declared ? [{location: declared, label: `type ${definition.type} declared here`}] : []}))
        return value
    }

    /**
     * Keeps a warning once (the same value is often read many times); an input compared with the same
     * text in another letter case, once wherever it is compared: the first place says it.
     */
    private keepWarning(warning: TrellisError): void {
        const same = (w: TrellisError) => (warning.code === 'input-case' ? w.code === warning.code && w.message === warning.message : w.describe() === warning.describe())
        if (!this.warnings.some(same)) this.warnings.push(warning)
    }

    /** Values used although they do not fit their input's type (see typed), and other warnings of evaluation, in the order met. */
    readonly warnings: TrellisError[] = []

    /**
     * An assigned value or `default` written as a value expression (`{concat: …}`) is evaluated when
     * read, as in the reference; a map whose key is no value operator stays a plain map value.
     */
    private evaluated(name: string, value: unknown, reference: unknown): unknown {
        if (!isValueExpression(value)) return value
        const result = this.guard(`input "${name}"`, reference, () => evaluateValue(value, this))
        if (result === undefined || result === null) throw new TrellisError('input-missing', `Variability input "${name}": its value expression has no value`, this.locate(value))
        return result
    }

    /** The value assigned by presets or directly, without defaults. */
    assignedValue(name: string): unknown {
        return this.assigned.get(name)?.value
    }

    /** The value assigned, else the type-checked `default`; default expressions are not evaluated. */
    assignedOrDefault(name: string): unknown {
        const assigned = this.assigned.get(name)
        if (assigned) return assigned.value
        const definition = this.definition.inputs.get(name)
        if (!definition || definition.default === undefined) return undefined
        const location = this.sourceMap.locate(definition.raw, 'default')
        return this.typed(definition, definition.default, false, location, {kind: 'default', location})
    }

    has(name: string): boolean {
        return this.definition.inputs.has(name)
    }

    /** The final value of an input, computing its default (expression) when needed. */
    value(name: string, reference?: unknown): InputValue {
        const done = this.computed.get(name)
        if (done) return done
        const definition = this.definition.inputs.get(name)
        if (!definition) {
            const help = closestHelp(name, this.definition.inputs.keys())
            throw new TrellisError('undefined-reference', `Variability input "${name}" is not defined`, this.locate(reference), {help})
        }
        let result: InputValue
        const assigned = this.assigned.get(name)
        if (assigned) result = {name, ...assigned, value: this.evaluated(name, assigned.value, reference)}
        else if (definition.default !== undefined) {
            const location = this.sourceMap.locate(definition.raw, 'default')
            const value = this.evaluated(name, this.typed(definition, definition.default, false, location, {kind: 'default'}), reference)
            result = {name, value, source: {kind: 'default', location}, overridden: []}
        } else if (definition.defaultExpression !== undefined) {
            const location = this.sourceMap.locate(definition.raw, 'default_expression')
            const value = this.guard(`input "${name}"`, reference, () => evaluateValue(definition.defaultExpression, this))
            if (value === undefined || value === null) throw new TrellisError('input-missing', `Variability input "${name}": its default expression has no value`, location)
            result = {name, value: this.typed(definition, value, false, location, {kind: 'default_expression'}), source: {kind: 'default_expression', location}, overridden: []}
        } else {
            throw new InputMissingError(name, this.locate(reference) ?? definition.location)
        }
        this.checkDeclared(definition, result)
        this.computed.set(name, result)
        return result
    }

    /**
     * A value the input's TOSCA `constraints` do not allow is used as given, as the reference does
     * (it ignores them), with a warning located where the value was given (else at the constraints)
     * that names what they allow.
     */
    private checkDeclared(definition: VariabilityInputDefinition, result: InputValue): void {
        const allowed = brokenConstraints(constraintClauses(definition.raw.constraints), result.value)
        if (allowed === undefined) return
        const declared = this.sourceMap.locate(definition.raw, 'constraints')
        const where = ('location' in result.source ? result.source.location : undefined) ?? declared
        const from = result.source.kind === 'set' ? ' (from --set)' : result.source.kind === 'default' ? ' (its default)' : ` (from ${describeSource(result.source)})`
        const message = `Variability input "${definition.name}" is ${renderExpression(result.value)}${from}, which its constraints do not allow: ${allowed}; used as given`
        this.keepWarning(
            new TrellisError('input-constraint', message, where, {related: declared && where !== declared ? [{location: declared, label: 'constraints declared here'}] : []}),
        )
    }

    /** Every declared input; those without any value are reported as unset rather than failing. */
    all(): InputValue[] {
        return [...this.definition.inputs.keys()].map(name => {
            const d = this.definition.inputs.get(name)!
            if (!this.assigned.has(name) && d.default === undefined && d.defaultExpression === undefined) return {name, value: undefined, source: {kind: 'unset'}, overridden: []}
            // an input nothing reads may have a default that fails: listing inputs must not fail on it
            // where resolving (which reads only what it needs) succeeds
            try {
                return this.value(name)
            } catch (e) {
                if (!(e instanceof TrellisError)) throw e
                return {name, value: undefined, source: {kind: 'failed', message: e.describe()}, overridden: []}
            }
        })
    }

    // ValueScope

    input(name: string, reference: unknown): unknown {
        return this.value(name, reference).value
    }

    expression(name: string, kind: 'value' | 'logic', reference: unknown): unknown {
        const found = ownValue(this.definition.expressions, name)
        if (found === undefined) {
            const help = closestHelp(name, Object.keys(this.definition.expressions))
            throw new TrellisError('undefined-reference', `Did not find ${kind} expression "${name}"`, this.locate(reference), {help})
        }
        return found
    }

    guard<T>(what: string, reference: unknown, fn: () => T): T {
        const at = this.stack.indexOf(what)
        if (at >= 0) {
            const cycle = [...this.stack.slice(at), what].join(' -> ')
            throw new TrellisError('expression-cycle', `cycle among variability expressions: ${cycle}`, this.locate(reference))
        }
        this.stack.push(what)
        try {
            return fn()
        } finally {
            this.stack.pop()
        }
    }

    locate(raw: unknown): SourceLocation | undefined {
        return this.sourceMap.locate(raw)
    }

    warn(message: string, reference: unknown, code: WarnCode = 'operand-type'): void {
        this.keepWarning(new TrellisError(code, message, this.locate(reference)))
    }
}

/** An input read somewhere that has no value: it names the input, so that all such can be said at once (explain/missing-inputs.ts). */
export class InputMissingError extends TrellisError {
    constructor(
        readonly input: string,
        location: SourceLocation | undefined,
    ) {
        super('input-missing', `Variability input "${input}" has no value nor default (expression) assigned`, location)
    }
}
