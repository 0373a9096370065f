// --help fits the terminal: 80 columns when standard output is no terminal, the options, the text
// after them and the examples wrapped between words (a description beside a wide column of terms too).
import {expect, it} from 'vitest'
import {trellis} from './helpers.js'

it('wraps every command’s help to 80 columns off a terminal', () => {
    for (const command of [[], ['resolve'], ['explain'], ['analyze'], ['profile'], ['profile', 'save'], ['profile', 'diff'], ['test'], ['wizard']]) {
        const r = trellis([...command, '--help'], {})
        expect(r.code, r.stderr).toBe(0)
        for (const line of r.stdout.split('\n')) expect(line.length, `${command.join(' ')}: ${line}`).toBeLessThanOrEqual(80)
        // nothing cut: the words are all there
        expect(r.stdout).toContain('Examples:')
    }
})
