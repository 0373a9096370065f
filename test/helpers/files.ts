// The YAML files tests read as real-world input: the shared conformance suite and the samples.
// ../shared sits beside the project in CI, not in a user's clone: tests that need it skip
// visibly, with the reason in their name (needsConformance).
import fs from 'node:fs'
import path from 'node:path'
import {skipNamed} from './skip.js'

export const PROJECT = path.resolve(__dirname, '../..')
export const CONFORMANCE = path.resolve(PROJECT, '../shared/conformance')
/** Whether the shared conformance suite is beside the project (CI), or not (a fresh clone). */
export const HAS_CONFORMANCE = fs.existsSync(CONFORMANCE)

/** A test's name, saying it is skipped and why when ../shared/conformance is missing (pair it with skipIf(!HAS_CONFORMANCE)). */
export function needsConformance(name: string): string {
    return skipNamed(name, !HAS_CONFORMANCE && 'needs ../shared/conformance, not found beside the project')
}

/** Every .yaml/.yml file below `dir`, sorted; none when it does not exist. */
export function yamlFiles(dir: string): string[] {
    if (!fs.existsSync(dir)) return []
    return fs
        .readdirSync(dir, {withFileTypes: true, recursive: true})
        .filter(entry => entry.isFile() && /\.ya?ml$/.test(entry.name))
        .map(entry => path.join(entry.parentPath, entry.name))
        .sort()
}

/** The sample templates' YAML files (always there). */
function sampleFiles(): string[] {
    return yamlFiles(path.join(PROJECT, 'sample-templates'))
}

/** The conformance suite's YAML files (none without ../shared), then the sample templates'. */
export function conformanceAndSampleFiles(): string[] {
    return [...yamlFiles(CONFORMANCE), ...sampleFiles()]
}
