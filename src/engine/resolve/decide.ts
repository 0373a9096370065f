// Deciding presence: the prepared problem solved, no check run yet. What resolving and its
// explanations replay; a failure carries what explanations need to say why.
import {TrellisError, type SourceLocation} from '../errors.js'
import type {LoadedTemplate} from '../load/index.js'
import type {Element} from '../model/index.js'
import {solve, type Solution, type SolveFailure} from '../solve/index.js'
import {prepare, type PreparedModel, type ResolveRequest} from './prepare.js'

export interface ResolvedModel extends PreparedModel {
    readonly solution: Solution
    present(element: Element): boolean
}

/** What a failed resolution leaves for explanations: the compiled model and how solving failed. */
export interface ResolutionFailure {
    readonly prepared: PreparedModel
    readonly failure: SolveFailure
}

/** Decides the presence of every element: the part of resolving that explanations replay. */
export function decide(template: LoadedTemplate, request: ResolveRequest): ResolvedModel {
    const prepared = prepare(template, request)
    const result = solve(prepared.problem)
    if (!result.ok) throw failure({prepared, failure: result.failure})
    const solution = result.solution
    const values = solution.values
    return {...prepared, solution, present: e => values[e.seq] === 1}
}

/** Resolving found no variant, or two equally good ones: with what explanations need to say why. */
export class ResolutionError extends TrellisError {
    constructor(
        code: 'unsatisfiable' | 'ambiguous',
        message: string,
        location: SourceLocation | undefined,
        readonly resolution: ResolutionFailure,
    ) {
        super(code, message, location)
    }
}

function failure(r: ResolutionFailure): ResolutionError {
    const f = r.failure
    if (f.kind === 'ambiguous')
        return new ResolutionError('ambiguous', `The result is ambiguous considering ${f.subject} (${f.optimized ? 'besides' : 'without'} optimization)`, undefined, r)
    const constraint = f.constraint === undefined ? undefined : r.prepared.constraints[f.constraint]
    return new ResolutionError('unsatisfiable', 'Could not solve', constraint?.location, r)
}
