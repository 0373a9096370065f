// An input's value as explanations cite it: where it came from and what it replaced.
import {renderExpression} from '../text.js'
import {describeSource, type FileNaming, type InputValue} from './types.js'

/** `mode: prod — --set, overriding preset dev (dev)`; `files` as describeSource names them. */
export function inputText(name: string, input: Pick<InputValue, 'value' | 'source' | 'overridden'>, files?: FileNaming): string {
    const overrides = input.overridden.map(o => `${describeSource(o.source, files)} (${renderExpression(o.value)})`)
    return `${name}: ${renderExpression(input.value)} — ${describeSource(input.source, files)}${overrides.length ? `, overriding ${overrides.join(', ')}` : ''}`
}
