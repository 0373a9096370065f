import fs from 'node:fs'
import path from 'node:path'

// A mistake in how a command was asked for (a flag, an output path, an inputs
// file): the shells print it as one line and exit 2.
export class UsageError extends Error {}

/** What a failed file operation means for the user, in one sentence naming their path; undefined for anything else. */
export function describeSystemError(e: unknown): string | undefined {
    const sys = e as NodeJS.ErrnoException | undefined
    if (!sys || typeof sys.code !== 'string' || typeof sys.syscall !== 'string') return undefined
    const file = sys.path ?? 'the file'
    const verb = ['read', 'scandir', 'stat', 'lstat', 'readlink'].includes(sys.syscall) ? 'read' : sys.syscall === 'open' ? 'open' : 'write'
    switch (sys.code) {
        case 'EACCES':
        case 'EPERM':
            return `cannot ${verb} ${file}: permission denied${verb === 'read' ? '' : '; choose a file in a folder you may write to'}`
        case 'EROFS':
            return `cannot write ${file}: the file system is read-only; choose another place`
        case 'ENOSPC':
        case 'EDQUOT':
            return `cannot write ${file}: the disk is full (or the quota used up); free some space or choose another disk`
        case 'EFBIG':
            return `cannot write ${file}: the file would be larger than allowed (a file size limit, ulimit -f, or the file system's largest file)`
        case 'EISDIR':
            return `${file} is a folder: name a file inside it instead`
        case 'ENOTDIR':
            return `cannot write ${file}: part of its path is a file, not a folder`
        case 'ENOENT':
            // a folder that exists but where no file can be made (/proc, /sys) answers ENOENT too
            return folderExists(file)
                ? `cannot write ${file}: its folder ${path.dirname(file)} takes no new files (not a regular file system, as /proc or /sys); choose another place`
                : `cannot write ${file}: its folder does not exist`
        case 'ENAMETOOLONG':
            return `cannot write ${file}: the name is too long`
        default:
            return `cannot ${sys.syscall} ${file}: ${sys.code}`
    }
}

function folderExists(file: string): boolean {
    try {
        return fs.statSync(path.dirname(path.resolve(file))).isDirectory()
    } catch {
        return false
    }
}
