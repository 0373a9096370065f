// Where a variability input's value came from: explanations cite it.
import type {SourceLocation} from '../errors.js'
import {shownPath} from '../load/index.js'

export type InputSource =
    | {readonly kind: 'preset'; readonly preset: string; readonly location?: SourceLocation}
    | {readonly kind: 'file'; readonly file: string; readonly location?: SourceLocation}
    | {readonly kind: 'set'}
    | {readonly kind: 'env'; readonly variable: string}
    | {readonly kind: 'profile'; readonly profile: string}
    | {readonly kind: 'wizard'}
    | {readonly kind: 'default'; readonly location?: SourceLocation}
    | {readonly kind: 'default_expression'; readonly location?: SourceLocation}
    | {readonly kind: 'unset'}
    /** The value cannot be computed (its default expression fails); resolving fails only if something reads it. */
    | {readonly kind: 'failed'; readonly message: string}

/** One direct assignment, as a shell hands it to the engine. */
export interface InputAssignment {
    readonly name: string
    readonly value: unknown
    readonly source: InputSource
}

/** The final value of a variability input and the assignments it overrode, latest first. */
export interface InputValue {
    readonly name: string
    readonly value: unknown
    readonly source: InputSource
    readonly overridden: readonly {readonly value: unknown; readonly source: InputSource}[]
}

/**
 * How a source names its inputs file: `shown` as the shells name files (load/paths.ts), `as given`
 * where a document keeps the path the user gave (explain --json, the report), `once` where the
 * text names the file elsewhere, once for all its values.
 */
export type FileNaming = 'shown' | 'as given' | 'once'

/** Where a value came from, in words: `preset prod`, `inputs file tests/x.yaml`, `--set`, … */
export function describeSource(source: InputSource, files: FileNaming = 'shown'): string {
    switch (source.kind) {
        case 'preset':
            return `preset ${source.preset}`
        case 'file':
            return files === 'once' ? 'inputs file' : `inputs file ${files === 'shown' ? shownPath(source.file) : source.file}`
        case 'set':
            return '--set'
        case 'env':
            return `environment ${source.variable}`
        case 'profile':
            return `profile ${source.profile}`
        case 'wizard':
            return 'set here'
        case 'default':
            return 'default'
        case 'default_expression':
            return 'default expression'
        case 'unset':
            return 'not set'
        case 'failed':
            return `cannot be computed: ${source.message}`
    }
}
