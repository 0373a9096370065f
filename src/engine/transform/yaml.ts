// Writes a resolved template as YAML.
import {stringify} from 'yaml'
import type {Raw} from '../model/index.js'

export function stringifyTemplate(template: Raw): string {
    // No line folding, and no anchors for objects the output happens to share (e.g. equal property values).
    return stringify(template, {lineWidth: 0, aliasDuplicateObjects: false})
}
