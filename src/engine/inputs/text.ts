// An input's value as explanations cite it: where it came from and what it replaced.
import {renderExpression} from '../text.js'
import {describeSource, type InputValue} from './types.js'

/** `mode: prod — --set, overriding preset dev (dev)`. */
export function inputText(name: string, input: Pick<InputValue, 'value' | 'source' | 'overridden'>): string {
    const overrides = input.overridden.map(o => `${describeSource(o.source)} (${renderExpression(o.value)})`)
    return `${name}: ${renderExpression(input.value)} — ${describeSource(input.source)}${overrides.length ? `, overriding ${overrides.join(', ')}` : ''}`
}
