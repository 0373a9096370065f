// Plain scalars a YAML 1.1 reader takes for something other than a string. Resolved templates
// are read by YAML 1.1 tools too (PyYAML, behind xOpera and Unfurl; SnakeYAML), which resolve
// plain `yes`, `1_000`, `12:30`, `2020-01-02` or `<<` to booleans, numbers, dates and merge keys
// (and fail on `2020-13-45`), where YAML 1.2 reads strings: the writer quotes these. The patterns
// are the union of the YAML 1.1 type definitions (yaml.org/type) as PyYAML and the `yaml`
// package's 1.1 schema implement them, a little wider where that costs nothing.

/** y, yes, n, no, true, false, on, off: in any case (readers differ on which cases they accept). */
const BOOL = /^(?:y|yes|n|no|true|false|on|off)$/i
/** ~, null in any case (the empty string is always quoted). */
const NULL = /^(?:~|null)$/i
/** Binary, octal with a leading 0, decimal and hexadecimal, each with `_` anywhere after the first digit. */
const INT = /^[-+]?(?:0b[01_]+|[0-9][0-9_]*|0x[0-9a-fA-F_]+)$/
/** Base 60 (`1:20`, `-3:25:45.5`): integers and floats. */
const SEXAGESIMAL = /^[-+]?[0-9_]+(?::[0-9_]+)+(?:\.[0-9_]*)?$/
/** With a dot (`1.`, `.5`, `1_0.0_1`, even `.`, which the `yaml` package reads as NaN), optionally an exponent. */
const FLOAT_DOT = /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*(?:[eE][-+]?[0-9]+)?$/
/** With an exponent and no dot (`1e3`, and `e3`, which the `yaml` package reads as a float). */
const FLOAT_EXP = /^[-+]?(?:[0-9][0-9_]*)?[eE][-+]?[0-9]+$/
const INF_NAN = /^[-+]?\.(?:inf|nan)$/i
/** Dates and times, matched by form alone: an impossible date such as 2020-13-45 makes PyYAML fail. */
const TIMESTAMP = /^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)?$/

/** Whether a YAML 1.1 reader would read `text`, written plain, as anything but that string. */
export function retypedByYaml11(text: string): boolean {
    const c = text.charCodeAt(0)
    // digits, signs and dots begin numbers and timestamps
    if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e)
        return INT.test(text) || FLOAT_DOT.test(text) || FLOAT_EXP.test(text) || SEXAGESIMAL.test(text) || INF_NAN.test(text) || TIMESTAMP.test(text)
    switch (c | 0x20) {
        case 0x79: // y
        case 0x6e: // n
        case 0x6f: // o
        case 0x74: // t
        case 0x66: // f
            return BOOL.test(text) || NULL.test(text)
        case 0x65: // e
            return FLOAT_EXP.test(text)
        default:
            // `~` null, `<<` the merge key, `=` the value key (PyYAML resolves it and cannot construct it)
            return text === '~' || text === '<<' || text === '='
    }
}
