// One writer of test/cli/profile-stale-lock.test.ts, run as a process of its own: for each trial t
// it waits for a byte on standard input, then saves profile p<ID> into the store BASE/store-t, and
// prints "t ok" (or "t <error>"). The test sends the byte to every writer at once.
import fs from 'node:fs'
import path from 'node:path'
import {pathToFileURL} from 'node:url'

const [root, id, base, trials] = process.argv.slice(2)
const {ProfileStore} = await import(pathToFileURL(path.join(root, 'dist/profiles/store.js')).href)
const pause = new Int32Array(new SharedArrayBuffer(4))

/**
 * Blocks in read(2) until the test's byte arrives: no polling, and every writer wakes within
 * microseconds of the others. The end of input (the test is gone) ends the writer.
 */
function go() {
    for (;;) {
        try {
            if (fs.readSync(0, Buffer.alloc(1), 0, 1, null) === 0) process.exit(1)
            return
        } catch (e) {
            if (e?.code !== 'EAGAIN') throw e
            Atomics.wait(pause, 0, 0, 1) // standard input left non-blocking: look again
        }
    }
}

process.stdout.write('ready\n')
for (let t = 0; t < Number(trials); t++) {
    go()
    let outcome = 'ok'
    try {
        new ProfileStore({dir: path.join(base, `store-${t}`)}).save({name: `p${id}`, template: {path: path.join(base, 'template.yaml'), sha256: '0'.repeat(64)}, presets: ['dev'], inputs: {}})
    } catch (e) {
        outcome = String(e?.message ?? e).replace(/\s+/g, ' ')
    }
    process.stdout.write(`${t} ${outcome}\n`)
}
