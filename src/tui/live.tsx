// The wizard on a template that may change while it is open: the files the
// template reads (itself, the rules and condition files beside it, its lib/
// folder) are watched; each edit has the resolver read the template again, and
// the wizard keeps the user's choices; one that cannot be read leaves the last
// version on screen with the reason. What the wizard writes (the resolved
// template, the report) is never taken for an edit.
import fs from 'node:fs'
import path from 'node:path'
import {useCallback, useEffect, useRef, useState} from 'react'
import {watchFolder} from '../app/watch.js'
import {App, type AppProps} from './app.js'
import {readsFile} from './resolver/protocol.js'

export function LiveApp(props: AppProps) {
    const [edits, setEdits] = useState(0)
    const file = path.resolve(props.file)
    const reads = useRef<readonly string[]>([])
    // each file written, with its modification time then: a change event that finds it so is the wizard's own
    const written = useRef(new Map<string, number>())
    const onRead = useCallback((files: readonly string[]) => (reads.current = files), [])
    const onWritten = useCallback((files: readonly string[]) => {
        for (const f of files) written.current.set(path.resolve(f), modified(path.resolve(f)))
    }, [])
    useEffect(() => {
        const relevant = (changed: string) => isTemplateEdit(file, reads.current, written.current, changed)
        return watchFolder(file, () => setEdits(n => n + 1), undefined, relevant)
    }, [file])
    return <App {...props} edits={edits} onRead={onRead} onWritten={onWritten} />
}

/**
 * Whether a change of `changed` (an absolute path) is an edit of the template: a file it reads, and
 * not one the wizard wrote and nobody changed since (`written`: modification times after writing).
 */
export function isTemplateEdit(file: string, reads: readonly string[], written: ReadonlyMap<string, number>, changed: string): boolean {
    const own = written.get(changed)
    if (own !== undefined && own === modified(changed)) return false
    return readsFile(file, reads, changed)
}

function modified(file: string): number {
    try {
        return fs.statSync(file).mtimeMs
    } catch {
        return -1
    }
}
