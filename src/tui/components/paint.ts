// Colours, unless NO_COLOR asks for none (https://no-color.org). Chalk, under
// Ink, honours FORCE_COLOR but not NO_COLOR; this drops only the colours, so
// bold, dim and inverse (the cursor) still show. Meaning never rests on
// colour: every coloured word has a glyph or a word of its own.
export type Colour = 'green' | 'red' | 'yellow' | 'cyan'

const off = Boolean(process.env.NO_COLOR)

export function paint(colour: Colour): Colour | undefined {
    return off ? undefined : colour
}
