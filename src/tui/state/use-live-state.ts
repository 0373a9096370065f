// State whose latest value is readable at once. Keys can arrive faster than
// React re-renders (pasted text, a fast typist, tmux send-keys); a handler that
// read the rendered value would act on a stale cursor or pane.
import {useCallback, useRef, useState} from 'react'

export function useLiveState<T>(initial: T): [T, (next: T | ((previous: T) => T)) => void, {readonly current: T}] {
    const [value, setValue] = useState(initial)
    const ref = useRef(initial)
    const set = useCallback((next: T | ((previous: T) => T)) => {
        ref.current = typeof next === 'function' ? (next as (previous: T) => T)(ref.current) : next
        setValue(ref.current)
    }, [])
    return [value, set, ref]
}
