// `trellis help CODE`: what an error code in a headline (`error[unknown-operator]:`) means and the
// exit status it gives; `trellis help codes` lists them all. The meanings are the engine's own
// (ERROR_MEANINGS), the same words as docs/cli.md.
import {ERROR_MEANINGS, TrellisError, type ErrorCode} from '../engine/index.js'
import {EXIT_RESOLUTION, EXIT_USAGE} from './report-error.js'

/** The word after `help` that lists every code. */
export const CODES = 'codes'

export function isErrorCode(word: string): word is ErrorCode {
    return Object.hasOwn(ERROR_MEANINGS, word)
}

/** The lines `trellis help WORD` prints for an error code or `codes`; undefined for any other word (a command's help). */
export function errorHelp(word: string): string[] | undefined {
    if (word === CODES) {
        const width = Math.max(...Object.keys(ERROR_MEANINGS).map(c => c.length))
        return [
            'Error codes (shown in each error headline as error[CODE]; `trellis help CODE` for one):',
            ...Object.entries(ERROR_MEANINGS).map(([code, meaning]) => `  ${code.padEnd(width)}  exit ${exitOf(code as ErrorCode)}  ${meaning}`),
        ]
    }
    if (!isErrorCode(word)) return undefined
    const exit = exitOf(word)
    return [
        `error[${word}]: ${ERROR_MEANINGS[word]}`,
        `exit status ${exit}: ${exit === EXIT_RESOLUTION ? 'the resolution failed (the template and inputs were read)' : 'bad input or usage'}`,
    ]
}

function exitOf(code: ErrorCode): number {
    return new TrellisError(code, '').errorClass === 'resolution' ? EXIT_RESOLUTION : EXIT_USAGE
}
