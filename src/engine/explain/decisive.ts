// Which inputs decide something in a resolution, a slice at a time: the
// wizard's list of inputs marks those none decides. The facts and deciding
// constraints read are the pass's own and go with it, so a model kept for later
// questions keeps nothing of the pass.
import type {ResolvedModel} from '../resolve/index.js'
import {DecidingConstraints} from './deciding.js'
import {Facts} from './facts.js'
import {EXPLAIN_DEPTH, Explainer} from './why.js'

export class DecisiveInputs {
    /** The inputs some element's verdict reads (its explanation's root causes); complete once step returns true. */
    readonly inputs = new Set<string>()
    private steps: Generator<void, void, undefined> | undefined

    constructor(model: ResolvedModel) {
        this.steps = new Explainer(model, EXPLAIN_DEPTH, new Facts(model), new DecidingConstraints(model)).citing(this.inputs)
    }

    /** Reads elements until `until` (performance.now()), at least one; true once the inputs are complete. */
    step(until: number): boolean {
        if (!this.steps) return true
        do {
            if (this.steps.next().done) {
                this.steps = undefined
                return true
            }
        } while (performance.now() < until)
        return false
    }
}
