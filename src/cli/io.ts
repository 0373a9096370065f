// File output for the shells: atomic writes, so a failed run never leaves a
// half-written file and an existing file is replaced only by a complete one.
import fs from 'node:fs'
import path from 'node:path'

export function writeFileAtomic(file: string, content: string): void {
    const target = path.resolve(file)
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.trellis-tmp-${process.pid}-${Date.now().toString(36)}`)
    try {
        fs.writeFileSync(temp, content, {encoding: 'utf8', flag: 'wx'})
        fs.renameSync(temp, target)
    } catch (e) {
        fs.rmSync(temp, {force: true})
        // name the file asked for, not the temporary one beside it
        const error = e as NodeJS.ErrnoException
        if (error && error.path === temp) error.path = file
        throw e
    }
}
