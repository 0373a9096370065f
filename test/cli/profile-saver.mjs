// One writer of test/cli/profile-stale-lock.test.ts, run as a process of its own: for each trial t
// it waits for BASE/go-t, then saves profile p<ID> into the store BASE/store-t, and prints "t ok"
// (or "t <error>"). Every writer waits on the same file, so all of them reach the lock at once.
import fs from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

const [root, id, base, trials] = process.argv.slice(2)
const {ProfileStore} = await import(pathToFileURL(path.join(root, 'dist/profiles/store.js')).href)
const parent = process.ppid
const pause = new Int32Array(new SharedArrayBuffer(4))

/**
 * Looks for the file every millisecond without returning to the event loop, so that the writers
 * start within a millisecond of each other (a timer's wait let the earlier lock lose a profile in
 * fewer trials). Signals wait meanwhile (the store's file writer catches them for its clean-up):
 * the test ends a writer with SIGKILL, and a writer whose test is gone ends itself.
 */
function appears(file) {
    while (!fs.existsSync(file)) {
        if (process.ppid !== parent) process.exit(1)
        Atomics.wait(pause, 0, 0, 1)
    }
}

process.stdout.write('ready\n')
for (let t = 0; t < Number(trials); t++) {
    appears(path.join(base, `go-${t}`))
    let outcome = 'ok'
    try {
        new ProfileStore({dir: path.join(base, `store-${t}`)}).save({name: `p${id}`, template: {path: path.join(base, 'template.yaml'), sha256: '0'.repeat(64)}, presets: ['dev'], inputs: {}})
    } catch (e) {
        outcome = String(e?.message ?? e).replace(/\s+/g, ' ')
    }
    process.stdout.write(`${t} ${outcome}\n`)
}
