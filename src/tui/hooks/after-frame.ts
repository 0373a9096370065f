// Background work (previews, which inputs decide something) must not run
// between a state change and the frame that shows it: Ink draws on a throttle
// timer, and work queued with setImmediate runs before that timer fires. So
// such work starts one frame interval later, after the frame is drawn.
import {RENDER_OPTIONS} from '../render-options.js'

/** One frame interval at the wizard's frame rate, and a little more. */
export const FRAME_MS = Math.ceil(1000 / RENDER_OPTIONS.maxFps) + 4

/** Runs `work` after the next frame; returns a function that cancels it. */
export function afterFrame(work: () => void): () => void {
    const timer = setTimeout(work, FRAME_MS)
    return () => clearTimeout(timer)
}
