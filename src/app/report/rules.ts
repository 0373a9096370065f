// Default and pruning conditions in plain words. The engine names one by its
// specification terms (`no host is present (pruning: host, semantic)`); the
// report says what it did (`no host is present, so pruning removes it`) and keeps
// the terms in parentheses, and under the pruned elements it says once what each
// rule it named does, with the option that turns it on.
import {namedCondition, type NamedCondition} from '../../engine/index.js'

/** What each default condition removes, by the code of the reason it gives. */
const RULES: Readonly<Record<string, string>> = {
    'default-incoming-none-present': 'a node is removed when none of its incoming relations is present',
    'default-outgoing-none-present': 'a node is removed when none of its outgoing relations is present',
    'default-source-none-present': 'a node is removed when no source of its incoming relations is present',
    'default-host-absent': 'a node is removed when none of its hosts is present',
    'default-artifact-none-present': 'a node is removed when none of its artifacts is present',
    'container-absent': 'an element is removed when the element it belongs to is absent',
    'source-absent': 'a relation is removed when its source node is absent',
    'target-absent': 'a relation is removed when its target node is absent',
    'consumed-absent': 'a property is removed when what it consumes (an input or its container) is absent',
    'not-managed': 'an artifact is removed when no present technology manages it',
    'technology-other-present': 'a technology is removed when its node is absent or another technology of the node is present',
    'no-present-member': 'a group is removed when none of its members is present',
    'no-present-target': 'a policy is removed when none of its targets is present',
    'not-consumed': 'an input is removed when no present property consumes it',
    'not-produced': 'an output is removed when nothing present produces it',
    'type-specific-condition-false': 'an element is removed when the condition its type defines does not hold',
}

/** A rule a line named: the condition, the kind of element it was on, and the code of the reason. */
interface Named {
    readonly condition: NamedCondition
    readonly kind: string
    readonly code: string
}

/** How text reaches Markdown: prose escaped, code in a code span, a location as the report names it. */
export interface Escapes {
    readonly text: (text: string) => string
    readonly code: (text: string) => string
    readonly location: (location: string) => string
}

/** Says default and pruning conditions plainly, and remembers which it said for the note that closes the section. */
export class PlainRules {
    private readonly named = new Map<string, Named>()

    constructor(private readonly x: Escapes) {}

    /**
     * A reason's text for the report: a default or pruning condition as what it did, its terms in
     * parentheses (`no host is present, so pruning removes it (`host`, semantic)`); any other reason
     * as it is. `kind` is the kind of the element(s) the reason is of; `several`, whether it is said of several.
     */
    say(text: string, code: string, kind: string, several = false): string {
        const {text: e, code: c} = this.x
        const n = namedCondition(text)
        if (!n) return e(several ? text.replace(/^its /, 'their ') : text)
        this.named.set(`${kind}|${n.by}|${n.name}|${n.kind}|${code}`, {condition: n, kind, code})
        const fact = e(several ? n.fact.replace(/^its /, 'their ') : n.fact)
        const terms = n.kind === 'type-specific' ? `type-specific for ${c(n.name)}` : `${c(n.name)}, ${n.kind}`
        if (n.by === 'pruning') return `${fact}, so pruning removes ${several ? 'them' : 'it'} (${terms})`
        return `${fact}, so ${several ? 'they are' : 'it is'} removed, having no condition of ${several ? 'their' : 'its'} own (${terms} default condition)`
    }

    /** What each rule named so far does, and the option that turns it on; nothing when none was named. */
    note(): string[] {
        if (this.named.size === 0) return []
        const {code: c} = this.x
        const out = [
            // what applies to whom is said on each rule's line
            "What the rules named above do (in code: each one's name in the specification and the option that turns it on); a consistency rule removes what could not stay without breaking the template, a semantic one what would serve no purpose:",
            '',
        ]
        for (const {condition: n, kind, code} of this.named.values()) {
            const option =
                n.kind === 'type-specific'
                    ? n.by === 'pruning'
                        ? `${kind}_pruning`
                        : `${kind}_default_condition`
                    : n.by === 'pruning'
                      ? `${kind}_${n.kind}_pruning`
                      : `${kind}_default_${n.kind}_condition`
            const name = n.kind === 'type-specific' ? `the type-specific condition of ${c(n.name)}` : `${c(n.name)}, ${n.kind}`
            const rule = RULES[code] ?? `an element is removed when its ${n.by === 'pruning' ? 'pruning' : 'default'} condition does not hold`
            const scope = n.by === 'pruning' ? ', even one with conditions of its own' : ', if it has no condition of its own'
            out.push(`- ${name} (${c(option)}): ${rule}${scope}.`)
        }
        out.push('')
        return out
    }
}
