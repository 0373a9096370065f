// The kind of a failed resolution, read from the one error line a resolver printed, so that
// two failures agree only when they fail for the same reason. Trellis words its errors as the
// reference does where the specification has a message (checks, "Could not solve", ambiguity,
// input constraints); it adds a location in front and sometimes an explanation after, which
// the patterns ignore. Checks compare their whole first sentence: the same check on the same
// element. See docs/differential-testing.md for the table.

/** [kind, pattern, keep the subject?]: the first matching row names the kind. */
const KINDS = [
    // Trellis's headline names the choice that leaves no variant (`env = gcp (from --set) leaves no variant`)
    ['unsatisfiable', /^Could not solve\b|\bleaves no variant$/],
    ['ambiguous nodes', /^The result is ambiguous considering nodes\b/],
    ['ambiguous technologies', /^The result is ambiguous considering technologies\b/],
    ['input constraints', /^Variability inputs constraints are violated\b/],
    ['check: relation source', /^Relation source "[^"]*" of .* does not exist/, true],
    ['check: relation target', /^Relation target "[^"]*" of .* does not exist/, true],
    ['check: missing container', /^Container of (artifact|property|type|technology) .* does not exist/, true],
    // an input or output named twice: the reference's check and its look-up by name say the same
    ['check: ambiguous element', /^(Artifact|Property|Type|Input|Output|Relation) "[^"]*" of .* is ambiguous$|^(Input|Output) "[^"]*" is ambiguous\b/, true],
    ['check: no type', /^(Node|Group|Policy|Artifact) "[^"]*"( of .*)? has no type$/, true],
    ['check: ambiguous hosting', /^Node "[^"]*" has more than one hosting relations$/, true],
    ['check: expected hosting', /^Node "[^"]*" expected to have a hosting relation$/, true],
    ['check: expected incoming relation', /^Node "[^"]*" expected to have an incoming relation$/, true],
    ['check: expected artifact', /^Node "[^"]*" expected to have an deployment artifact$/, true],
    ['check: expected technology', /^Node "[^"]*" expected to have a technology$/, true],
    ['check: ambiguous technology', /^Node "[^"]*" has more than one technology$/, true],
    ['check: unconsumed input', /^Input "[^"]*" is not consumed$/, true],
    ['check: unproduced output', /^Output "[^"]*" is not produced$/, true],
    ['unknown default condition mode', /has unknown mode "[^"]*" as default condition/],
    ['weight', /^Weight "[^"]*" of .* is (a negative number|larger than 1|not a number)/],
    ['multiple defaults', /has multiple default/],
    ['no value', /^Property "[^"]*" of .* has no value$/],
    // internal failures of a resolver, never a verdict on the template
    ['crash', /is not a Formula or Term|Unexpected error|Cannot read propert|is not a function|Maximum call stack|has no presence assigned/],
]

/** Prefixes Trellis puts in front (`error[code]: `, `file:line:col: `) and the `Error: ` the reference prints. */
function message(line) {
    return line
        .replace(/^Error: /, '')
        .replace(/^trellis: /, '')
        .replace(/^error\[[a-z-]+\]: /, '')
        .replace(/^\S+:\d+:\d+: /, '')
        .trim()
}

/** The kind of one error line, and for checks the subject: `{kind, detail}`; unmatched lines are "invalid". */
export function errorKind(line) {
    const text = message(line)
    for (const [kind, pattern, subject] of KINDS) {
        const match = pattern.exec(text)
        if (match) return {kind, detail: subject ? match[0] : undefined}
    }
    return {kind: 'invalid', detail: undefined}
}

/** Whether two failures agree: the same kind, and for checks the same first sentence. */
export function sameFailure(a, b) {
    return a.kind === b.kind && a.detail === b.detail
}

/** The kind as one label, e.g. `check: expected incoming relation (Node "n1" expected …)`. */
export function describeKind({kind, detail}) {
    return detail ? `${kind} (${detail})` : kind
}
