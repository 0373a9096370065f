// Which of the template's files a resolved template still needs to be deployed: what it imports
// (and what those import, after the resolution dropped conditional imports), the artifact files
// of its present templates, and every file a type definition it keeps names (operations,
// artifacts, interfaces), in the template itself and in every library it imports: an orchestrator
// reads a type library whole and looks for the scripts of every type in it, used or not. A file
// only pruned elements named is not needed. Paths are relative to the template's folder, which a
// CSAR keeps as it is.
import path from 'node:path'
import {isBelow, readYamlFile, realpath, type LoadedTemplate, type ParsedYaml} from '../../engine/index.js'
import {fileReferences, looksLikeFile, type FileReference} from './references.js'

export interface NeededFiles {
    /** Files inside the template's folder the resolved template needs (relative to it, sorted). */
    readonly files: readonly string[]
    /** Named but not there, or outside the template's folder (relative to the template's folder): imports, and what reads as a file's name. */
    readonly missing: readonly string[]
}

/** `read`: how an imported file is read (a test may count the reads). */
export function neededFiles(template: LoadedTemplate, output: unknown, read: (file: string) => ParsedYaml = file => readYamlFile(file)): NeededFiles {
    const root = realpath(template.dir) ?? template.dir
    const found = new Set<string>()
    const missing = new Set<string>()
    /** The file a reference names, relative to the folder, when it is inside and there. */
    const resolve = (from: string, reference: FileReference): string | undefined => {
        const target = path.resolve(from, reference.path)
        const real = realpath(target)
        const relative = path.relative(template.dir, target)
        if (!real || !isBelow(real, root)) {
            // an artifact's "file" may name an image or a version; only what reads as a file is missed
            if (reference.kind === 'import' || looksLikeFile(reference.path)) missing.add(relative)
            return undefined
        }
        return relative
    }
    // the imported documents, breadth first from the resolved template (it stands where the template does)
    const documents: {dir: string; data: unknown}[] = [{dir: template.dir, data: output}]
    const imported = new Set<string>()
    for (let i = 0; i < documents.length; i++) {
        const {dir, data} = documents[i]!
        for (const reference of fileReferences(data).filter(r => r.kind === 'import')) {
            const relative = resolve(dir, reference)
            if (relative === undefined || imported.has(relative)) continue
            imported.add(relative)
            found.add(relative)
            const file = path.join(template.dir, relative)
            documents.push({dir: path.dirname(file), data: read(file).data})
        }
    }
    // the present templates' artifacts and every type definition's files, in each document kept
    for (const {dir, data} of documents)
        for (const reference of fileReferences(data)) {
            if (reference.kind === 'import') continue
            const relative = resolve(dir, reference)
            if (relative !== undefined) found.add(relative)
        }
    return {files: [...found].sort(), missing: [...missing].sort()}
}
