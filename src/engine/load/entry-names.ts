// The one rule for a path inside a CSAR, for reading an archive and for writing a CSAR alike: what
// Trellis writes it can read again, and what it reads lands inside the folder it is unpacked into.

/** The most folders an entry may lie below: deeper trees break the tools that walk them (and `rm -r`). */
export const MAX_ENTRY_DEPTH = 64
/** The longest entry name in bytes (a path the file system can open from the unpacked folder). */
export const MAX_ENTRY_BYTES = 1024
/** The longest part of a name in bytes (most file systems allow 255). */
const MAX_PART_BYTES = 255

/**
 * Why `name` (`/`-separated, a folder ending in `/`) cannot be a path inside a CSAR, or undefined
 * when it can: it must stay inside (not absolute, no `..`, no drive letter), be the same on every
 * system (no backslash), be one line of TOSCA.meta (no control character), and fit a file system.
 */
export function entryNameProblem(name: string): string | undefined {
    if (name === '' || name === '/') return 'it has no name'
    if (name.startsWith('/') || /^[a-zA-Z]:/.test(name)) return "it would land outside the archive's folder"
    const parts = name.replace(/\/$/, '').split('/')
    if (parts.some(part => part === '..')) return "it would land outside the archive's folder"
    if (name.includes('\\')) return 'its name holds a backslash, which zip tools read as a folder separator or a character'
    if (/[\u0000-\u001f\u007f]/.test(name)) return 'its name holds a control character (a line break, a tab, …)'
    if (parts.some(part => part === '' || part === '.')) return 'its name holds an empty part or "."'
    if (parts.length - 1 > MAX_ENTRY_DEPTH) return `it lies more than ${MAX_ENTRY_DEPTH} folders deep`
    if (Buffer.byteLength(name) > MAX_ENTRY_BYTES) return `its name is longer than ${MAX_ENTRY_BYTES} bytes`
    if (parts.some(part => Buffer.byteLength(part) > MAX_PART_BYTES)) return `a part of its name is longer than ${MAX_PART_BYTES} bytes`
    return undefined
}
