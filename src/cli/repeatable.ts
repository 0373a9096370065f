// commander's way to let a flag repeat: each value is appended to the list so far.
export const collect = (value: string, previous: string[]) => [...previous, value]
