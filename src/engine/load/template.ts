// What the loader hands on: a service template's data, where it was written, and
// readers for the files beside it.
import type {SourceLocation} from '../errors.js'
import type {LibraryFile} from './library.js'
import type {ParsedYaml, SourceMap} from './yaml/index.js'
import type {TOSCA_VERSION, VariabilityVersion} from './versions.js'

export interface LoadedTemplate {
    /** Absolute path of the service template. */
    readonly file: string
    /** Absolute path of what the user named: the template itself, or the CSAR folder or archive it was read from (an archive is unpacked into a temporary folder: `file` lies there). */
    readonly origin: string
    readonly dir: string
    readonly data: Record<string, unknown>
    readonly sourceMap: SourceMap
    /** `tosca_simple_yaml_1_3` templates carry no variability and pass through unchanged. */
    readonly version: VariabilityVersion | typeof TOSCA_VERSION
    /** Reads a YAML file the template names relative to itself (type-specific conditions, rules, …); `where` names it in the template. */
    readonly readRelative: (relative: string, where?: SourceLocation) => ParsedYaml | undefined
    /**
     * Reads a default file beside the template, one it does not name (`technology-rules.yaml`, …):
     * one that leads out of the template's folder (`lib -> /`) is taken as absent.
     */
    readonly readDefault: (relative: string) => ParsedYaml | undefined
    /** The TOSCA service templates below the template's `lib/` folder (read once, on first call). */
    readonly library: () => readonly LibraryFile[]
}
