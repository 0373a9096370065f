// The profile store: one JSON file kept with `conf` in the user's configuration
// directory, or in TRELLIS_CONFIG_DIR. Every change happens inside a lock file
// and re-reads the store first, so concurrent writers never lose each other's
// profiles. A store that cannot be read is moved aside, never emptied silently.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Conf from 'conf'
import {withLock} from './lock.js'
import {invalidProfileName, malformedProfile, ProfileError, type Profile} from './types.js'

type StoreData = {profiles: Record<string, Profile>}

export interface ProfileStoreOptions {
    /** The directory holding config.json; defaults to TRELLIS_CONFIG_DIR, then the user's configuration directory. */
    readonly dir?: string
    /** Told when a corrupt store was moved aside. */
    readonly warn?: (message: string) => void
}

export class ProfileStore {
    private readonly conf: Conf<StoreData>
    private readonly warn: (message: string) => void

    constructor(options: ProfileStoreOptions = {}) {
        const dir = options.dir ?? (process.env.TRELLIS_CONFIG_DIR || defaultConfigDir())
        this.warn = options.warn ?? (() => {})
        // conf reads and validates the file as soon as it is constructed: check it first
        this.recoverIfCorrupt(path.join(dir, 'config.json'))
        this.conf = new Conf<StoreData>({cwd: dir, configName: 'config', accessPropertiesByDotNotation: false, clearInvalidConfig: false})
    }

    /** Where the profiles are kept. */
    get path(): string {
        return this.conf.path
    }

    private get lockFile(): string {
        return `${this.conf.path}.lock`
    }

    /** Moves an unreadable store file to `config.json.corrupt-<time>` and says so. */
    private recoverIfCorrupt(file: string): void {
        if (!corruption(file)) return
        fs.mkdirSync(path.dirname(file), {recursive: true})
        withLock(`${file}.lock`, () => this.moveAsideIfCorrupt(file))
    }

    /** Inside the lock: another process may have moved the file aside meanwhile. */
    private moveAsideIfCorrupt(file: string): void {
        const reason = corruption(file)
        if (!reason) return
        const backup = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`
        fs.renameSync(file, backup)
        this.warn(`the profile store ${file} could not be read (${reason}); it was moved to ${backup} and a new, empty store was started`)
    }

    private read(): Record<string, Profile> {
        this.recoverIfCorrupt(this.conf.path)
        const profiles = this.conf.get('profiles')
        return profiles && typeof profiles === 'object' ? profiles : {}
    }

    list(): Profile[] {
        return Object.values(this.read()).sort((a, b) => a.name.localeCompare(b.name))
    }

    find(name: string): Profile | undefined {
        const profiles = this.read()
        return Object.hasOwn(profiles, name) ? profiles[name] : undefined
    }

    get(name: string): Profile {
        const profile = this.find(name)
        if (profile) return profile
        const known = this.list().map(p => p.name)
        throw new ProfileError(`no profile "${name}"${known.length ? ` (profiles: ${known.join(', ')})` : ' (no profiles are saved yet)'}`)
    }

    /** Saves a profile; an existing one is replaced only with `force` (its creation time is kept). */
    save(profile: Omit<Profile, 'created' | 'updated'>, options: {force?: boolean} = {}): Profile {
        checkName(profile.name)
        return this.update(profiles => {
            const existing = Object.hasOwn(profiles, profile.name) ? profiles[profile.name] : undefined
            if (existing && !options.force) throw new ProfileError(`profile "${profile.name}" exists already; use --force to replace it`)
            const now = new Date().toISOString()
            const saved: Profile = {...profile, created: existing?.created ?? now, updated: now}
            profiles[profile.name] = saved
            return saved
        })
    }

    delete(name: string): Profile {
        return this.update(profiles => {
            const existing = Object.hasOwn(profiles, name) ? profiles[name] : undefined
            if (!existing) throw new ProfileError(`no profile "${name}"`)
            delete profiles[name]
            return existing
        })
    }

    rename(from: string, to: string, options: {force?: boolean} = {}): Profile {
        checkName(to)
        return this.update(profiles => {
            const existing = Object.hasOwn(profiles, from) ? profiles[from] : undefined
            if (!existing) throw new ProfileError(`no profile "${from}"`)
            if (from === to) return existing
            if (Object.hasOwn(profiles, to) && !options.force) throw new ProfileError(`profile "${to}" exists already; use --force to replace it`)
            const renamed: Profile = {...existing, name: to, updated: new Date().toISOString()}
            delete profiles[from]
            profiles[to] = renamed
            return renamed
        })
    }

    /** Read, change and write under the lock: the read sees every earlier writer's profile. */
    private update<T>(change: (profiles: Record<string, Profile>) => T): T {
        fs.mkdirSync(path.dirname(this.conf.path), {recursive: true})
        // the store is written by renaming a new file over it, which a read-only file would not stop
        // (the mode bits too: root may write anything, but a file marked read-only says the user wants it kept)
        if (fs.existsSync(this.conf.path) && !writable(this.conf.path)) throw new ProfileError(`the profile store ${this.conf.path} is read-only: nothing was changed`)
        return withLock(this.lockFile, () => {
            this.moveAsideIfCorrupt(this.conf.path)
            const profiles = {...(this.conf.get('profiles') ?? {})}
            const result = change(profiles)
            this.conf.set('profiles', profiles)
            return result
        })
    }
}

function writable(file: string): boolean {
    try {
        fs.accessSync(file, fs.constants.W_OK)
    } catch {
        return false
    }
    return (fs.statSync(file).mode & 0o222) !== 0
}

function checkName(name: string): void {
    const problem = invalidProfileName(name)
    if (problem) throw new ProfileError(problem)
}

/** Why the store file cannot be used, or undefined (also when it does not exist). */
function corruption(file: string): string | undefined {
    let text: string
    try {
        text = fs.readFileSync(file, 'utf8')
    } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw e
    }
    let data: unknown
    try {
        data = JSON.parse(text)
    } catch (e) {
        return `not valid JSON: ${(e as Error).message}`
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return 'not a JSON object'
    const profiles = (data as Record<string, unknown>).profiles
    if (profiles === undefined) return undefined
    if (profiles === null || typeof profiles !== 'object' || Array.isArray(profiles)) return '"profiles" is not an object'
    for (const [name, profile] of Object.entries(profiles)) {
        // a name read back is checked as one typed is: it becomes a folder name (profile test --into)
        const problem = invalidProfileName(name) ?? malformedProfile(profile) ?? ((profile as Profile).name !== name ? `it calls itself "${(profile as Profile).name}"` : undefined)
        if (problem) return `profile "${name}": ${problem}`
    }
    return undefined
}

/** The user's configuration directory for trellis (the place env-paths, which conf uses, names). */
function defaultConfigDir(): string {
    const home = os.homedir()
    if (process.platform === 'darwin') return path.join(home, 'Library', 'Preferences', 'trellis')
    if (process.platform === 'win32') return path.join(process.env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'trellis', 'Config')
    return path.join(process.env.XDG_CONFIG_HOME || path.join(home, '.config'), 'trellis')
}
