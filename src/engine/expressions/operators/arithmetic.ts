// Arithmetic operators: add, sub, mul, div (left folds) and mod.
import type {Operator} from '../types.js'
import {list, number} from './checks.js'

export const arithmetic: Record<string, Operator> = {
    add: (args, c) => list(args, c).reduce<number>((sum, a) => sum + number(c.evaluate(a), c), 0),
    sub: (args, c) => fold(args, c, (a, b) => a - b),
    mul: (args, c) => list(args, c).reduce<number>((product, a) => product * number(c.evaluate(a), c), 1),
    div: (args, c) => fold(args, c, (a, b) => a / b),
    mod: (args, c) => {
        const [a, b] = list(args, c, 2, 2)
        return number(c.evaluate(a), c) % number(c.evaluate(b), c)
    },
}

function fold(args: unknown, c: Parameters<Operator>[1], step: (a: number, b: number) => number): number {
    const [first, ...rest] = list(args, c, 1)
    return rest.reduce<number>((acc, a) => step(acc, number(c.evaluate(a), c)), number(c.evaluate(first), c))
}
