// The wizard on a template that may change while it is open: the files the
// template reads (itself, the rules and condition files beside it, its lib/
// folder) are watched; a changed template is read again and handed to the
// wizard, which keeps the user's choices; one that cannot be read leaves the
// last version on screen with the reason. What the wizard writes (the resolved
// template, the report) is never taken for an edit.
import fs from 'node:fs'
import path from 'node:path'
import {useCallback, useEffect, useRef, useState} from 'react'
import {loadTemplate, type LoadedTemplate} from '../engine/index.js'
import {watchFolder} from '../app/watch.js'
import {App, type AppProps} from './app.js'
import {readsFile} from './resolver/reads.js'

export function LiveApp(props: AppProps) {
    const [template, setTemplate] = useState<LoadedTemplate>(props.template)
    const [reloadError, setReloadError] = useState<string | undefined>(undefined)
    const file = props.template.file
    const reads = useRef<readonly string[]>([])
    // each file written, with its modification time then: a change event that finds it so is the wizard's own
    const written = useRef(new Map<string, number>())
    const onRead = useCallback((files: readonly string[]) => (reads.current = files), [])
    const onWritten = useCallback((files: readonly string[]) => {
        for (const f of files) written.current.set(path.resolve(f), modified(path.resolve(f)))
    }, [])
    useEffect(() => {
        const relevant = (changed: string) => isTemplateEdit(file, reads.current, written.current, changed)
        return watchFolder(
            file,
            () => {
                try {
                    setTemplate(loadTemplate(file))
                    setReloadError(undefined)
                } catch (e) {
                    const text = e instanceof Error ? e.message.split('\n')[0] : String(e)
                    setReloadError(`the template changed but cannot be read (${text}); showing the last version`)
                }
            },
            undefined,
            relevant,
        )
    }, [file])
    return <App {...props} template={template} reloadError={reloadError} onRead={onRead} onWritten={onWritten} />
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
