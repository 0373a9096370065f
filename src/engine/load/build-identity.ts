// Which build of Trellis runs: the SHA-256 of its headless bundle (dist/bundle/headless.cjs), which
// every build writes anew and which holds all of the code that reads a file and keeps what it read
// (the wizard's modules beside it are bundled from the same code by the same build). The
// parsed-file cache serves an entry only to the build that wrote it (parsed-cache.ts): a newer
// reader, or one that refuses more, never gets an older one's data. In the headless bundle it comes
// from bin/trellis.js, which hashed the bundle to check its code cache (scripts/bundle.mjs puts that
// in this module's place); elsewhere it is taken once, from the bundle beside this module's code.
// Code run from outside dist/bundle/ (src/, dist/'s modules) has none, and so no cache on disk.
import crypto from 'node:crypto'
import fs from 'node:fs'
import {fileURLToPath} from 'node:url'

let identity: Buffer | null | undefined

/** The running build's identity (32 bytes), or undefined when it runs from outside a bundle. */
export function buildIdentity(): Buffer | undefined {
    identity ??= hashOfBundle() ?? null
    return identity ?? undefined
}

function hashOfBundle(): Buffer | undefined {
    try {
        const bytes = fs.readFileSync(fileURLToPath(new URL('headless.cjs', import.meta.url)))
        return crypto.createHash('sha256').update(bytes).digest()
    } catch {
        return undefined
    }
}
