// The YAML files tests read as real-world input: the shared conformance suite and the samples.
import fs from 'node:fs'
import path from 'node:path'

export const PROJECT = path.resolve(__dirname, '../..')
export const CONFORMANCE = path.resolve(PROJECT, '../shared/conformance')

/** Every .yaml/.yml file below `dir`, sorted; none when it does not exist. */
export function yamlFiles(dir: string): string[] {
    if (!fs.existsSync(dir)) return []
    return fs
        .readdirSync(dir, {withFileTypes: true, recursive: true})
        .filter(entry => entry.isFile() && /\.ya?ml$/.test(entry.name))
        .map(entry => path.join(entry.parentPath, entry.name))
        .sort()
}

/** The conformance suite's YAML files, then the sample templates'. */
export function conformanceAndSampleFiles(): string[] {
    return [...yamlFiles(CONFORMANCE), ...yamlFiles(path.join(PROJECT, 'sample-templates'))]
}
