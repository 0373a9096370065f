// Text a hostile template writes into names and descriptions: escape sequences that write the
// clipboard (OSC 52), clear the screen (CSI 2J) and set the window title (OSC 0), a bell, a C1
// CSI (U+009B) and a right-to-left override (U+202E). Shown anywhere as they are, they act on the
// terminal; every shell must show them escaped. Then characters that show as nothing (a zero-width
// space, a word joiner, a byte order mark, a tag character): two names differing by one of them
// must not look the same, so they are shown escaped too.

/** The payload, as JavaScript text. */
export const PAYLOAD = '\u001b]52;c;aGk=\u0007\u001b[2J\u001b]0;owned\u0007\u009b2J\u202e\u0007\u200b\u2060\ufeff\u{e0041}'

/** The payload inside a YAML double-quoted scalar (its escapes are read back into PAYLOAD). */
const YAML_PAYLOAD = '\\e]52;c;aGk=\\a\\e[2J\\e]0;owned\\a\\x9b2J\\u202e\\a\\u200b\\u2060\\ufeff\\U000e0041'

/** A name carrying the payload, as YAML (`"node\e]52…"`). */
export const named = (name: string) => `"${name}${YAML_PAYLOAD}"`

/**
 * A template whose input, preset, expression, node, property and relation names and descriptions
 * all carry the payload; `mode` (an integer) is left for an inputs file to give a value of the
 * wrong type, which resolving reports as a warning.
 */
export const HOSTILE_TEMPLATE = `tosca_definitions_version: tosca_variability_1_0
topology_template:
    variability:
        inputs:
            ${named('flag')}:
                type: boolean
                default: true
                description: ${named('about the flag')}
            ${named('mode')}:
                type: integer
                default: 1
        presets:
            ${named('preset')}:
                name: ${named('Preset')}
                description: ${named('about the preset')}
                inputs: {${named('flag')}: false}
        expressions:
            ${named('expression')}: {variability_input: ${named('flag')}}
        options:
            type_default_condition: true
            relation_default_condition: true
    node_templates:
        ${named('node')}:
            type: tosca.nodes.Root
            description: ${named('about the node')}
            conditions: {logic_expression: ${named('expression')}}
            properties:
                - ${named('property')}: {value: ${named('value')}, conditions: {variability_input: ${named('flag')}}}
        other:
            type: tosca.nodes.Root
            requirements:
                - ${named('relation')}: ${named('node')}
`

/** The payload as the shells show it: each control character escaped. */
export const SHOWN_PAYLOAD = '\\x1b]52;c;aGk=\\x07\\x1b[2J\\x1b]0;owned\\x07\\x9b2J\\u202e\\x07\\u200b\\u2060\\ufeff\\u{e0041}'

/** Every character of the rule but the line feed, as found in `text` (none when it is safe to show). */
export function rawControls(text: string): string[] {
    return [...text.matchAll(/(?!\n)[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200b\u2060\ufeff\u{e0041}]/gu)].map(m => m[0])
}
