// Which trellis the extension starts: the `trellis.path` setting, else the workspace's
// node_modules/.bin/trellis, else trellis on PATH; and where it was found, to say so.
import path from 'node:path'

export interface Found {
    readonly command: string
    readonly args: readonly string[]
    readonly from: 'the trellis.path setting' | "the workspace's node_modules" | 'PATH'
}

export interface Where {
    readonly setting: string
    readonly folder: string | undefined
    readonly pathVariable: string
    readonly exists: (file: string) => boolean
    readonly windows?: boolean
}

const LSP = ['lsp', '--stdio']

export function findTrellis({setting, folder, pathVariable, exists, windows = false}: Where): Found | undefined {
    const run = (file: string, from: Found['from']): Found =>
        // a script (bin/trellis.js of a checkout) runs with node
        /\.[cm]?js$/.test(file) ? {command: 'node', args: [file, ...LSP], from} : {command: file, args: LSP, from}
    if (setting.trim()) return run(folder && !path.isAbsolute(setting) && exists(path.join(folder, setting)) ? path.join(folder, setting) : setting, 'the trellis.path setting')
    const name = windows ? 'trellis.cmd' : 'trellis'
    if (folder) {
        const local = path.join(folder, 'node_modules', '.bin', name)
        if (exists(local)) return run(local, "the workspace's node_modules")
    }
    for (const dir of pathVariable.split(windows ? ';' : ':').filter(Boolean)) {
        const onPath = path.join(dir, name)
        if (exists(onPath)) return run(onPath, 'PATH')
    }
    return undefined
}
