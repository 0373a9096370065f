// The anchors of the report's "why each element is pruned": only the elements
// some link lands on have one (an anchor no link names is noise in the raw text).
// Each is named after its element's identifier, made safe for HTML and a link.

export class Anchors {
    private readonly names = new Map<string, string>()

    /** `ids`: the elements links land on, in the order the report lists them. */
    constructor(ids: Iterable<string>) {
        const used = new Set<string>()
        for (const id of ids) {
            // identifiers hold dots and @, which anchors may; two made alike are told apart
            const base = id.replace(/[^\w.@-]/g, '_')
            let name = base
            for (let n = 2; used.has(name); n++) name = `${base}-${n}`
            used.add(name)
            this.names.set(id, name)
        }
    }

    /** Whether a link lands on the element. */
    has(id: string): boolean {
        return this.names.has(id)
    }

    /** The element's anchor, empty when no link lands on it. */
    tag(id: string): string {
        const name = this.names.get(id)
        return name === undefined ? '' : `<a id="${name}"></a>`
    }

    /** `text` as a link to the element's anchor; the text alone when no anchor was planned for it. */
    link(id: string, text: string): string {
        const name = this.names.get(id)
        return name === undefined ? text : `[${text}](#${name})`
    }
}
