// Where a template's outputs go unless the user says: beside the template, named after it. A
// template read from a CSAR archive lives in a temporary folder removed when Trellis ends: its
// outputs go beside the archive instead, named after it.

const ARCHIVE = /\.(csar|zip)$/i

/** The default outputs' path without extension (add `.resolved.yaml`, `.report.md`). */
export function outputStem(template: {readonly file: string; readonly origin: string}): string {
    if (template.origin !== template.file && ARCHIVE.test(template.origin)) return template.origin.replace(ARCHIVE, '')
    return template.file.replace(/\.ya?ml$/i, '')
}
