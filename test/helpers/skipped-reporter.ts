// Lists every skipped test after a run, with the reason its name carries (see skip.ts): a
// test that could not run here is said, not just counted.
import type {Reporter, TestModule} from 'vitest/node'

export default class SkippedReporter implements Reporter {
    onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
        // (tests left out by a filter, -t or .only, are not listed: they say no reason)
        const skipped = modules.flatMap(m => [...m.children.allTests('skipped')].map(t => `${m.relativeModuleId} > ${t.fullName}`)).filter(name => name.includes('(skipped: '))
        if (skipped.length) process.stdout.write(`\nSkipped here (${skipped.length}):\n${skipped.map(s => `  ${s}\n`).join('')}\n`)
    }
}
