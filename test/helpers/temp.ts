// Temporary folders for tests: made below the system's temporary folder, recorded, and removed after
// the test file that made them (test/helpers/setup.ts registers that for every file), also when a
// test fails before its own clean-up. The global setup fails the run if any is left behind.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const made: string[] = []

/** A fresh folder below the system's temporary folder; `prefix` starts with "trellis-" (the global setup looks for those). */
export function tempDir(prefix = 'trellis-test-'): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
    made.push(dir)
    return dir
}

/** Removes every folder tempDir() made so far. */
export function removeTempDirs(): void {
    for (const dir of made.splice(0)) fs.rmSync(dir, {recursive: true, force: true})
}
