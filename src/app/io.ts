// File output for the shells: atomic writes, so a failed run never leaves a
// half-written file and an existing file is replaced only by a complete one; and
// checks, before anything runs, that no output would destroy something else.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import {entryAt, isDirectory} from '../engine/index.js'
import {UsageError} from './errors.js'
import {processRunning} from '../profiles/lock.js'
import {refuseIfParentGone} from './parent.js'
import {batches, writeAll} from './write-all.js'

/** What an output holds: a text, a text made piece by piece while it is written, or bytes (an archive). */
export type Content = string | Uint8Array | Iterable<string>

export function writeFileAtomic(file: string, content: Content): Promise<void> {
    return writeFilesAtomic([{file, content}])
}

/** Signals that end a process by default and can be caught: held back while files are staged. */
const DEFERRED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/**
 * Writes every file or none: each goes to a temporary file beside its target first, and only when
 * all are written are they renamed into place. Temporary files are removed on every failure. An
 * interrupt (Ctrl-C, SIGTERM, SIGHUP) arriving meanwhile is a failure too: nothing is renamed, the
 * temporary files are removed, and then the signal takes effect (the process ends as it would
 * have). The event loop turns between pieces and before renaming, so that a signal is seen while
 * the files are still temporary. A temporary file left by a killed process (SIGKILL, power loss) is
 * removed by the next write.
 */
export async function writeFilesAtomic(files: readonly {readonly file: string; readonly content: Content}[]): Promise<void> {
    let staging = true
    let received: NodeJS.Signals | undefined
    const release = () => {
        for (const signal of DEFERRED_SIGNALS) process.off(signal, hold)
        // sent again, now that no temporary file is left: the default action, or the handlers that remain
        // (some act only when they are the last listener, which they were not while staging)
        if (received) process.kill(process.pid, received)
    }
    const hold = (signal: NodeJS.Signals) => {
        received ??= signal
        if (!staging) release()
    }
    for (const signal of DEFERRED_SIGNALS) process.on(signal, hold)
    try {
        await stageAndRename(files, () => received !== undefined)
    } finally {
        staging = false
        // a signal that arrived while staging is dispatched by the event loop after this returns, when
        // it polls for I/O: keep listening until it has polled once (the second check phase after now
        // comes after a poll, from whichever phase this runs in), not for a time a busy machine may outlast
        if (received) release()
        else setImmediate(() => setImmediate(release))
    }
}

/** Lets the event loop poll once (signal handlers run then): the second check phase after now comes after a poll. */
function turn(): Promise<void> {
    return new Promise(resolve => setImmediate(() => setImmediate(resolve)))
}

/** Writing stopped by a signal, before anything was renamed: its temporary files are gone. */
class WriteInterrupted extends UsageError {}

async function stageAndRename(files: readonly {readonly file: string; readonly content: Content}[], interrupted: () => boolean): Promise<void> {
    const staged: {temp: string; target: string; file: string}[] = []
    const stop = async () => {
        await turn()
        if (interrupted()) throw new WriteInterrupted('interrupted: nothing written')
    }
    try {
        for (const [index, {file, content}] of files.entries()) {
            const target = path.resolve(file)
            removeLeftovers(target)
            const temp = path.join(path.dirname(target), `${tempPrefix(target)}${process.pid}-${Date.now().toString(36)}-${index}`)
            staged.push({temp, target, file})
            await stageFile(temp, target, content, stop)
        }
        // the last moment a signal, or a process started for a command that is gone, can still change nothing
        await stop()
        refuseIfParentGone()
        renameAll(staged)
    } catch (e) {
        for (const {temp} of staged) fs.rmSync(temp, {force: true})
        // name the file asked for, not the temporary one beside it
        const error = e as NodeJS.ErrnoException
        const asked = staged.find(s => s.temp === error?.path)
        if (asked) error.path = asked.file
        throw e
    }
}

/**
 * Renames each staged file onto its target. With several, every target that exists is first linked
 * beside itself, so a rename failing half way (a target that became a folder, a full directory
 * table) puts back the targets already replaced: all outputs change or none.
 */
function renameAll(staged: readonly {readonly temp: string; readonly target: string}[]): void {
    if (staged.length === 1) return fs.renameSync(staged[0]!.temp, staged[0]!.target)
    const previous: (string | undefined)[] = []
    let done = 0
    try {
        for (const {temp, target} of staged) {
            const backup = fs.existsSync(target) ? `${temp}.previous` : undefined
            // pushed first: a backup that fails half made is removed with the others
            previous.push(backup)
            if (!backup) continue
            try {
                fs.linkSync(target, backup)
            } catch {
                fs.copyFileSync(target, backup)
            }
        }
        for (; done < staged.length; done++) fs.renameSync(staged[done]!.temp, staged[done]!.target)
    } catch (e) {
        for (let i = 0; i < done; i++) {
            const backup = previous[i]
            if (backup) fs.renameSync(backup, staged[i]!.target)
            else fs.rmSync(staged[i]!.target, {force: true})
        }
        throw e
    } finally {
        for (const backup of previous) if (backup) fs.rmSync(backup, {force: true})
    }
}

/**
 * The start of a temporary file's name beside `target`. A name may be 255 bytes long, and the
 * temporary one adds about 30: a long name is shortened, a hash of it keeping it apart from others.
 */
function tempPrefix(target: string): string {
    const name = path.basename(target)
    const bytes = Buffer.from(name)
    if (bytes.length <= MAX_KEPT_NAME) return `.${name}.trellis-tmp-`
    const hash = crypto.createHash('sha256').update(name).digest('hex').slice(0, 8)
    // cut on a character, not inside one
    const kept = new TextDecoder('utf-8', {fatal: false}).decode(bytes.subarray(0, MAX_KEPT_NAME - 9)).replace(/\uFFFD$/, '')
    return `.${kept}~${hash}.trellis-tmp-`
}
/** Of a target's name, the bytes a temporary name keeps (with the 8 of a hash when shortened). */
const MAX_KEPT_NAME = 200

/** Temporary files of `target` whose process is gone (killed before it could clean up). */
function removeLeftovers(target: string): void {
    const prefix = tempPrefix(target)
    let names: string[]
    try {
        names = fs.readdirSync(path.dirname(target)).filter(n => n.startsWith(prefix))
    } catch {
        return
    }
    for (const name of names) {
        const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1])
        if (Number.isSafeInteger(pid) && pid !== process.pid && !processRunning(pid)) fs.rmSync(path.join(path.dirname(target), name), {force: true})
    }
}

/** An output a command will write, with the flag that named it (for messages). */
export interface OutputTarget {
    readonly flag: string
    readonly file: string
}

/**
 * Refuses, before anything is resolved or written, an output that would destroy something: one
 * that is an input of the run (the template, an inputs file), the same file as another output,
 * anything but a regular file or a new path (a device, a folder, a FIFO), a symbolic link (renaming
 * onto it would replace the link, not its target: name the target instead), or a path whose folder
 * does not exist.
 */
export function checkOutputs(targets: readonly OutputTarget[], inputs: readonly string[]): void {
    const seen: {target: OutputTarget; id: string}[] = []
    for (const target of targets) {
        if (target.file.trim() === '') throw new UsageError(`${target.flag} expects a file name`)
        const absolute = path.resolve(target.file)
        const folder = path.dirname(absolute)
        if (!isDirectory(folder)) throw new UsageError(`${target.flag} ${target.file}: the folder ${path.dirname(target.file) || '.'} does not exist`)
        const entry = entryAt(absolute)
        if (entry?.isSymbolicLink()) throw new UsageError(`${target.flag} ${target.file} is a symbolic link: name the file it points to instead`)
        if (entry && !entry.isFile()) throw new UsageError(`${target.flag} ${target.file} is not a regular file`)
        const id = identity(absolute)
        for (const input of inputs)
            if (identity(path.resolve(input)) === id) throw new UsageError(`${target.flag} ${target.file} is an input of this run (${input}): it would be overwritten`)
        const twin = seen.find(s => s.id === id)
        if (twin) throw new UsageError(`${twin.target.flag} and ${target.flag} name the same file (${target.file})`)
        seen.push({target, id})
    }
}

/**
 * The same string for two paths of one file (hard links and symbolic links included); for a file
 * still to be made, its real folder and its name: `out.md` and `here/out.md` with `here -> .` are
 * one file, which the second write would replace.
 */
function identity(file: string): string {
    try {
        const s = fs.statSync(file)
        return `${s.dev}:${s.ino}`
    } catch {
        try {
            return path.join(fs.realpathSync(path.dirname(path.resolve(file))), path.basename(file))
        } catch {
            return path.resolve(file)
        }
    }
}

/**
 * Writes `content` to the new file `temp`, complete or with an error: every byte, then flushed to
 * the disk (fsync, a few milliseconds), so that once renamed into place it is whole even after a
 * power loss. A file replacing `target` gets its mode, and its owner where this process may set it.
 */
async function stageFile(temp: string, target: string, content: Content, stop: () => Promise<void>): Promise<void> {
    const replaced = entryAt(target)
    // a replaced file's content is never readable by more than the old one was, not even while staged
    const fd = fs.openSync(temp, 'wx', replaced?.isFile() ? 0o600 : 0o666)
    try {
        const pieces = content instanceof Uint8Array ? [content] : batches(typeof content === 'string' ? [content] : content, 1 << 20)
        for (const piece of pieces) {
            refuseIfParentGone()
            writeAll(fd, piece)
            await stop()
        }
        if (replaced?.isFile()) keepModeAndOwner(fd, replaced)
        fs.fsyncSync(fd)
    } catch (e) {
        // a failed write(2) names no file: name the temporary one, which the caller names as asked
        const error = e as NodeJS.ErrnoException
        if (error && typeof error === 'object' && typeof error.syscall === 'string' && error.path === undefined) error.path = temp
        throw e
    } finally {
        fs.closeSync(fd)
    }
}

/** The owner (chown clears set-user-ID bits, so first) and the mode of the file replaced. */
function keepModeAndOwner(fd: number, replaced: fs.Stats): void {
    try {
        fs.fchownSync(fd, replaced.uid, replaced.gid)
    } catch {
        // another user's file, or a group this process is not in: the new file is this process's
    }
    fs.fchmodSync(fd, replaced.mode & 0o7777)
}
