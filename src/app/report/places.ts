// Files as the report names them: relative to the report's own folder, so a
// report beside its template names it by its file name and the template's full
// path is said once, in the header. An inputs file is named once too, in the
// header; an input's source says `inputs file` (numbered when there are several).
// The report data keeps paths as the engine wrote them (relative to the working
// folder, or absolute): the JSON does not change with where it is written.
import path from 'node:path'

export interface ReportFolders {
    /** The folder the report is written to. */
    readonly report: string
    /** The folder the report data's relative paths start from (the working folder when resolving). */
    readonly working: string
}

/** `file:line:col`; the file may hold colons (a Windows drive). */
const LOCATION = /^(.+):(\d+):(\d+)$/s
/** An option's origin that ends with where it was set: `template option x (t.yaml:4:5)`. */
const ORIGIN = /^(.*) \(([^()]+:\d+:\d+)\)$/s
const INPUTS_FILE = /^inputs file (.+)$/s

export class Places {
    /** The inputs files the data names, in the order first named. */
    private readonly inputsFiles: readonly string[]

    /** Without folders every path is shown as the data has it; `sources`: the inputs' sources, whose inputs files the header names. */
    constructor(
        private readonly folders?: ReportFolders,
        sources: Iterable<string> = [],
    ) {
        const files = new Set<string>()
        for (const source of sources) {
            const m = INPUTS_FILE.exec(source)
            if (m) files.add(m[1]!)
        }
        this.inputsFiles = [...files]
    }

    /** The inputs files, as the report names them, each once. */
    get inputs(): readonly string[] {
        return this.inputsFiles.map(f => this.file(f))
    }

    /** The full path of a file the data names, when the folders are known. */
    full(file: string): string | undefined {
        return this.folders && path.resolve(this.folders.working, file)
    }

    /** Whether paths are shown relative to a folder other than the one commands run in. */
    get moved(): boolean {
        return this.folders !== undefined && path.resolve(this.folders.report) !== path.resolve(this.folders.working)
    }

    /** The working folder, when the folders are known. */
    get working(): string | undefined {
        return this.folders && path.resolve(this.folders.working)
    }

    file(file: string): string {
        if (!this.folders) return file
        const relative = path.relative(path.resolve(this.folders.report), path.resolve(this.folders.working, file))
        // another drive has no relative path: the full one
        if (relative === '' || path.isAbsolute(relative)) return path.resolve(this.folders.working, file)
        return relative.split(path.sep).join('/')
    }

    /** `file:line:col` with the file as the report names it. */
    location(location: string): string {
        const m = LOCATION.exec(location)
        return m ? `${this.file(m[1]!)}:${m[2]}:${m[3]}` : location
    }

    /** Who set an option (`template (t.yaml:45:13)`), its location as the report names it. */
    origin(origin: string): string {
        const m = ORIGIN.exec(origin)
        return m ? `${m[1]} (${this.location(m[2]!)})` : origin
    }

    /**
     * Engine text that cites input values with their sources (a conflict's `env: gcp — --set, overriding
     * inputs file tests/x.yaml (STATIC)`): each inputs file the header names said as a source says it.
     */
    cited(text: string): string {
        // the longest first: a path that begins another is never cut out of it
        for (const file of [...this.inputsFiles].sort((a, b) => b.length - a.length)) text = text.split(`inputs file ${file}`).join(this.source(`inputs file ${file}`))
        return text
    }

    /** Where an input's value came from: `inputs file` (`inputs file 2` of several) for a file the header names, any other file as the report names it. */
    source(source: string): string {
        const m = INPUTS_FILE.exec(source)
        if (!m) return source
        const n = this.inputsFiles.indexOf(m[1]!)
        if (n < 0) return `inputs file ${this.file(m[1]!)}`
        return this.inputsFiles.length === 1 ? 'inputs file' : `inputs file ${n + 1}`
    }
}
