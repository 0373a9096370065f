// Runs a callback whenever a template or a file beside it changes (imports, lib/,
// rules files): the folder is watched, so editors that save by renaming are seen
// too. Changes arriving while the callback runs are folded into one more run.
import fs from 'node:fs'
import path from 'node:path'

/** How long to wait for a burst of writes (an editor saving several files) to end. */
const SETTLE_MS = 150

/**
 * Watches the template's folder; returns a function that stops watching. `failed` is called if the
 * folder can no longer be watched; `relevant` (given an absolute path) narrows the files whose
 * changes count, by default every YAML or JSON file below the folder.
 */
export function watchFolder(
    file: string,
    onChange: () => Promise<void> | void,
    failed: (e: Error) => void = () => {},
    relevant: (changed: string) => boolean = () => true,
): () => void {
    const dir = path.dirname(path.resolve(file))
    let timer: NodeJS.Timeout | undefined
    let running = false
    let again = false
    const fire = async () => {
        if (running) {
            again = true
            return
        }
        running = true
        try {
            await onChange()
        } finally {
            running = false
            if (again) {
                again = false
                schedule()
            }
        }
    }
    const schedule = () => {
        clearTimeout(timer)
        timer = setTimeout(() => void fire(), SETTLE_MS)
    }
    const watcher = fs.watch(dir, {recursive: true}, (_event, name) => {
        if (!name || (/\.(ya?ml|json)$/i.test(name) && relevant(path.join(dir, name)))) schedule()
    })
    watcher.on('error', failed)
    return () => {
        clearTimeout(timer)
        watcher.close()
    }
}

/** Watches until the user interrupts (SIGINT or SIGTERM) or the folder can no longer be watched. */
export function watchTemplate(file: string, onChange: () => Promise<void>): Promise<'interrupted' | 'failed'> {
    return new Promise(resolve => {
        const stop = (how: 'interrupted' | 'failed') => {
            unwatch()
            process.off('SIGINT', interrupted)
            process.off('SIGTERM', interrupted)
            resolve(how)
        }
        const interrupted = () => stop('interrupted')
        const unwatch = watchFolder(file, onChange, () => stop('failed'))
        process.on('SIGINT', interrupted)
        process.on('SIGTERM', interrupted)
    })
}
