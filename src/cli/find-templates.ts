// Finds variable service templates below a folder, for the wizard's picker.
import fs from 'node:fs'
import path from 'node:path'

const SKIP = new Set(['node_modules', '.git', 'dist', 'coverage'])
const VERSION = /^tosca_definitions_version:\s*tosca_variability_1_0\S*/m

export function findTemplates(root: string, maxDepth = 4, limit = 200): string[] {
    const out: string[] = []
    const walk = (dir: string, depth: number) => {
        if (depth > maxDepth || out.length >= limit) return
        let entries: fs.Dirent[]
        try {
            entries = fs.readdirSync(dir, {withFileTypes: true})
        } catch {
            return
        }
        for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
            const full = path.join(dir, entry.name)
            if (entry.isDirectory()) {
                if (!SKIP.has(entry.name) && !entry.name.startsWith('.')) walk(full, depth + 1)
            } else if (/\.ya?ml$/.test(entry.name) && isVariable(full)) out.push(path.relative(root, full))
        }
    }
    walk(root, 0)
    return out
}

function isVariable(file: string): boolean {
    let fd: number | undefined
    try {
        // without blocking, and only a regular file: a FIFO named t.yaml must not stop the search
        fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0))
        if (!fs.fstatSync(fd).isFile()) return false
        const buffer = Buffer.alloc(4096)
        const read = fs.readSync(fd, buffer, 0, buffer.length, 0)
        return VERSION.test(buffer.toString('utf8', 0, read))
    } catch {
        return false
    } finally {
        if (fd !== undefined) fs.closeSync(fd)
    }
}
