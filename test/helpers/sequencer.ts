// The order test files start in: the end-to-end ones first, as they mostly wait on a terminal
// while the other worker computes; then vitest's own order (longest first once it has timed a
// run, larger files first in a fresh clone, which would leave the small e2e files for last).
import {BaseSequencer, type TestSpecification} from 'vitest/node'

export default class EndToEndFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
        const sorted = await super.sort(files)
        const endToEnd = (f: TestSpecification) => /[\\/]test[\\/]e2e[\\/]/.test(f.moduleId)
        return [...sorted.filter(endToEnd), ...sorted.filter(f => !endToEnd(f))]
    }
}
