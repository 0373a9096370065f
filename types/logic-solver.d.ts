// Minimal typings for logic-solver 2 (MiniSat in JavaScript); only what Trellis uses.
declare module 'logic-solver' {
    namespace Logic {
        type Term = string | number
        interface Formula {
            readonly __formula: true
        }
        /** A binary number of formulas (weighted sums and constants). */
        interface Bits {
            readonly __bits: true
        }
        type Operand = Term | Formula | Operand[]
        interface Solution {
            getMap(): Record<string, boolean>
            getTrueVars(): string[]
            evaluate(expression: Operand): boolean
            ignoreUnknownVariables(): void
            getWeightedSum(formulas: Operand[], weights: number | number[]): number
        }
        class Solver {
            constructor()
            require(...args: Operand[]): void
            forbid(...args: Operand[]): void
            solve(): Solution | null
            solveAssuming(assumption: Operand): Solution | null
            minimizeWeightedSum(solution: Solution, formulas: Operand[], weights: number | number[]): Solution
            maximizeWeightedSum(solution: Solution, formulas: Operand[], weights: number | number[]): Solution
            getVarNum(name: string, noCreate?: boolean): number
        }
        const TRUE: Term
        const FALSE: Term
        function not(operand: Operand): Formula
        function or(...operands: Operand[]): Formula
        function and(...operands: Operand[]): Formula
        function xor(...operands: Operand[]): Formula
        function implies(a: Operand, b: Operand): Formula
        function equiv(a: Operand, b: Operand): Formula
        function exactlyOne(...operands: Operand[]): Formula
        function atMostOne(...operands: Operand[]): Formula
        function weightedSum(formulas: Operand[], weights: number | number[]): Bits
        function constantBits(value: number): Bits
        function lessThan(a: Bits, b: Bits): Formula
        function greaterThan(a: Bits, b: Bits): Formula
        function lessThanOrEqual(a: Bits, b: Bits): Formula
        function greaterThanOrEqual(a: Bits, b: Bits): Formula
        function equalBits(a: Bits, b: Bits): Formula
        function disablingAssertions<T>(fn: () => T): T
    }
    export = Logic
}
