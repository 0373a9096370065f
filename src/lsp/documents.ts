// The open templates: per document, its evaluations (one per version: the latest, and the last
// good one, whose verdicts stay shown, marked stale, while the text does not resolve), its parse
// for the cursor, and the files its diagnostics were published to (cleared when they go away).
import type {Document} from 'yaml'
import type {TextDocument} from 'vscode-languageserver-textdocument'
import type {Connection} from 'vscode-languageserver'
import type {ChoiceStore} from './choice.js'
import type {LineSource} from './diagnostics.js'
import type {Analyzed} from './analysis.js'
import type {Evaluation} from './evaluate.js'
import {parseDocument} from './cursor.js'

export class OpenTemplate {
    latest?: Evaluation
    /** The last evaluation with a decided model. */
    good?: Evaluation
    /** The files diagnostics were last published to. */
    published = new Set<string>()
    timer?: NodeJS.Timeout
    analysisTimer?: NodeJS.Timeout
    warmTimer?: NodeJS.Timeout
    /** The background analysis of a version, and what it found once it ended. */
    analysis?: {readonly version: number; readonly cancel: () => void; readonly result?: Analyzed}
    private parsed?: {version: number; doc: Document}

    constructor(public document: TextDocument) {}

    /** The document's parse for the cursor, one per version. */
    parse(): Document {
        if (this.parsed?.version !== this.document.version) this.parsed = {version: this.document.version, doc: parseDocument(this.document.getText())}
        return this.parsed.doc
    }

    /** Said on verdicts from an earlier version that the current text does not resolve to. */
    staleNote(): string | undefined {
        if (!this.good || this.good === this.latest) return undefined
        return `_stale: verdicts of an earlier version (${this.latest?.model ? 'resolving again' : 'the current text does not resolve'})_`
    }
}

/** What the request handlers reach of the server. */
export interface Server {
    readonly connection: Connection
    readonly open: Map<string, OpenTemplate>
    choices: ChoiceStore
    /** The workspace folder (the first the editor names), where choices and new inputs files are kept. */
    workspace: string | undefined
    /** Whether findings of `analyze` are shown (initializationOptions.analyze, on unless false). */
    analyze: boolean
    /** Whether the variant count of the background analysis is shown as a code lens (initializationOptions.variantCount, off unless true). */
    variantLens: boolean
    /** Resolves a document again now (a changed choice). */
    refresh(uri: string): void
    /** The line source diagnostics read ranges from: an open document's buffer, else the file. */
    readonly lines: LineSource
}
