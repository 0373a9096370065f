// The files a template reads besides itself — technology rules, type-specific
// conditions, the lib/ folder — noted as the engine asks for them, so the
// wizard watches those and nothing else beside the template.
import path from 'node:path'
import type {LoadedTemplate} from '../../engine/index.js'

/** The lib/ folder is noted with a trailing separator: every file below it counts (see readsFile in protocol.ts). */
export function recordingReads(template: LoadedTemplate, reads: Set<string>): LoadedTemplate {
    return {
        ...template,
        readRelative: (relative, where) => {
            // noted even when missing: a rules file created later is an edit too
            reads.add(path.resolve(template.dir, relative))
            return template.readRelative(relative, where)
        },
        library: () => {
            reads.add(path.join(template.dir, 'lib') + path.sep)
            return template.library()
        },
    }
}
