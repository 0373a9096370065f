// Reads the imports of source files as text: for tests that pin which modules
// may depend on which (engine boundaries, start-up cost of the command line).
import fs from 'node:fs'
import path from 'node:path'

export function typescriptFiles(dir: string): string[] {
    return fs.readdirSync(dir, {withFileTypes: true}).flatMap(entry => {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) return typescriptFiles(full)
        return entry.isFile() && /\.tsx?$/.test(entry.name) ? [full] : []
    })
}

/** Module specifiers of static imports, re-exports, dynamic imports and require calls. */
export function importedModules(source: string): string[] {
    const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    const patterns = [
        /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
        /\bimport\s*['"]([^'"]+)['"]/g,
        /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
        /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    ]
    return patterns.flatMap(p => [...withoutComments.matchAll(p)].map(m => m[1]!))
}

/** `pkg` itself or a subpath of it (`react/jsx-runtime`, `fs/promises`). */
export function isModule(specifier: string, pkg: string): boolean {
    return specifier === pkg || specifier.startsWith(`${pkg}/`)
}

/** Specifiers of static imports and re-exports only: what loads when the module loads. */
export function staticImports(source: string): string[] {
    const withoutComments = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    return [...withoutComments.matchAll(/\b(?:import|export)\s+(?!type\b)[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]/g)].map(m => (m[1] ?? m[2])!)
}
