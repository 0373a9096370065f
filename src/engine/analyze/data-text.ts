// Two resolved templates are the same variant when they are written the same. Writing both as YAML
// to compare them took 45 of the 800 ms of analyzing the industry example; this text of the data is
// equal exactly when the YAML written is (the same keys in the same order, the same types, numbers
// as the writer tells them apart), and costs a tenth of it.

/** The data as one text, for comparing; not meant to be read. */
export function dataText(value: unknown): string {
    const out: string[] = []
    write(value, out)
    return out.join('')
}

function write(value: unknown, out: string[]): void {
    switch (typeof value) {
        case 'string':
            // quoted, so that a string never reads as a number or a key
            return void out.push(JSON.stringify(value))
        case 'number':
            // the writer tells -0 from 0 (-0.0); NaN and the infinities have their own texts
            return void out.push(Object.is(value, -0) ? '-0' : String(value))
        case 'boolean':
            return void out.push(value ? 'T' : 'F')
        case 'object':
            if (value === null) return void out.push('~')
            if (Array.isArray(value)) {
                out.push('[')
                // undefined in a list is written as null
                for (const item of value) {
                    write(item ?? null, out)
                    out.push(',')
                }
                return void out.push(']')
            }
            // a date is written as the text of its time
            if (value instanceof Date) return void out.push(JSON.stringify(value.toISOString()))
            out.push('{')
            for (const key of Object.keys(value)) {
                const item = (value as Record<string, unknown>)[key]
                // a key without a value is left out of a map
                if (item === undefined) continue
                out.push(JSON.stringify(key), ':')
                write(item, out)
                out.push(',')
            }
            return void out.push('}')
        default:
            return void out.push(`?${String(value)}`)
    }
}
