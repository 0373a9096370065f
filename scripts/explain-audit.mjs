// Checks what explanations promise on every element of a resolution, and measures them:
// no chain comes back to an element on its path, the element explained is named in the
// first line only, the wizard's why view shows the lines the command line prints, a
// chain's links carry the code each element's own explanation gives it (at every depth),
// and --depth cuts a chain without changing a verdict, its code or the inputs that decided it.
//
//   node scripts/explain-audit.mjs TEMPLATE [-p PRESET]... [-i INPUTS.yaml] [-s NAME=VALUE]...
//
// Uses the build in dist/. The tests run the same checks (auditExplanations) on the
// bundled samples and on templates they write.

/** The depths a cut explanation is compared at with the default one. */
export const CUT_DEPTHS = [0, 1, 2]

/**
 * `engine`: explainElement and explanationLines (the engine's) and renderExplanation (app/explanation-text), from src/ in the tests, dist/ here.
 * Returns every miss, each as `element: what`, and the line figures.
 */
export function auditExplanations(model, engine) {
    const {explainElement, explanationLines, renderExplanation} = engine
    const misses = {revisits: [], namesItself: [], whyView: [], codes: [], cut: []}
    const own = new Map()
    const explained = element => {
        let e = own.get(element.id)
        if (!e) own.set(element.id, (e = explainElement(model, element)))
        return e
    }
    let total = 0
    let longest = {lines: 0, element: ''}
    for (const element of model.graph.elements) {
        const e = explained(element)
        misses.revisits.push(...revisits(e.because, [element.id]))
        const lines = explanationLines(e)
        if (lines.map(l => l.text).join('\n') !== renderExplanation(e)) misses.whyView.push(`${element.id}: the why view's lines are not the command line's`)
        for (const l of lines.slice(1)) if (l.refs.includes(element.id) || l.text.includes(element.display)) misses.namesItself.push(`${element.id}: ${l.text.trim()}`)
        const linkCodes = (x, depth) => {
            for (const link of links(x.because)) {
                const linked = model.graph.element(link.element.id)
                if (linked && link.code !== explained(linked).code)
                    misses.codes.push(`${element.id} → ${link.element.id}${depth === undefined ? '' : ` at depth ${depth}`}: ${link.code}, its own ${explained(linked).code}`)
            }
        }
        linkCodes(e)
        const full = verdictOf(e)
        for (const depth of CUT_DEPTHS) {
            const x = explainElement(model, element, {depth})
            const cut = verdictOf(x)
            if (cut !== full) misses.cut.push(`${element.id} at depth ${depth}: ${cut} instead of ${full}`)
            linkCodes(x, depth)
        }
        total += lines.length
        if (lines.length > longest.lines) longest = {lines: lines.length, element: element.id}
    }
    const elements = model.graph.elements.length
    return {elements, misses, longest, mean: elements ? total / elements : 0}
}

/** What a cut must keep: the verdict, its code, who decided it, the inputs behind it. */
function verdictOf(e) {
    return `${e.verdict} ${e.code} by ${e.decidedBy}; inputs ${e.rootCauses.inputs.map(i => i.name).join(', ') || 'none'}`
}

/** The chains (as ids) that reach an element already on their path, the explained one included. */
export function revisits(list, path) {
    const found = []
    for (const r of list)
        for (const b of r.because) {
            const id = b.kind === 'reference' ? b.seeAbove : b.element?.id
            if ((b.kind !== 'element' && b.kind !== 'reference') || id === undefined) continue
            if (path.includes(id)) found.push([...path, id].join(' → '))
            else if (b.kind === 'element') found.push(...revisits(b.because, [...path, id]))
        }
    return found
}

/** Every element link in an explanation, at any depth. */
export function links(list, out = []) {
    for (const b of list) {
        if ((b.kind === 'element' || b.kind === 'reference') && b.element) out.push(b)
        links(b.because, out)
    }
    return out
}

async function main() {
    const {parseArgs} = await import('node:util')
    const {values, positionals} = parseArgs({
        allowPositionals: true,
        options: {
            preset: {type: 'string', short: 'p', multiple: true, default: []},
            inputs: {type: 'string', short: 'i'},
            set: {type: 'string', short: 's', multiple: true, default: []},
        },
    })
    if (positionals.length !== 1) {
        console.error('usage: node scripts/explain-audit.mjs TEMPLATE [-p PRESET]... [-i INPUTS.yaml] [-s NAME=VALUE]...')
        process.exit(2)
    }
    const {prepareRequest} = await import('../dist/app/request.js')
    const {decide} = await import('../dist/engine/resolve/index.js')
    const engine = {...(await import('../dist/engine/explain/index.js')), ...(await import('../dist/app/explanation-text.js'))}
    const {template, request} = await prepareRequest(positionals[0], values, {allPositions: true})
    const start = process.cpuUsage()
    const model = decide(template, request)
    const {elements, misses, longest, mean} = auditExplanations(model, engine)
    const cpu = process.cpuUsage(start)
    console.log(`${elements} elements, each explained at the default depth and at ${CUT_DEPTHS.join(', ')} (${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU)`)
    console.log(`explanation lines: longest ${longest.lines} (${longest.element}), mean ${mean.toFixed(1)}`)
    let failed = false
    for (const [what, list] of Object.entries(misses)) {
        // each miss starts with the element explained
        const elements = new Set(list.map(miss => miss.split(/[: ]/)[0])).size
        console.log(`${what}: ${list.length}${list.length ? ` in ${elements} elements` : ''}`)
        for (const miss of list.slice(0, 5)) console.log(`  ${miss}`)
        failed ||= list.length > 0
    }
    process.exit(failed ? 1 : 0)
}

if (import.meta.url === `file://${process.argv[1]}`)
    await main().catch(e => {
        // a template or input the engine rejects: its one-line message, as the trellis command prints it
        console.error(`explain-audit: ${typeof e?.describe === 'function' ? e.describe() : e?.message}`)
        process.exit(2)
    })
