// The terminal's size, following resizes: the layout is computed from it.
import {useStdout} from 'ink'
import {useLayoutEffect, useState} from 'react'

export interface Size {
    readonly columns: number
    readonly rows: number
}

export function useTerminalSize(): Size {
    const {stdout} = useStdout()
    const read = (): Size => ({columns: stdout?.columns || 80, rows: stdout?.rows || 24})
    const [size, setSize] = useState(read)
    // followed from the commit that first draws with it (a passive effect runs later, and a resize
    // in between would be missed), and read again then for one that came before
    useLayoutEffect(() => {
        if (!stdout) return
        const onResize = () => {
            const next = read()
            setSize(now => (now.columns === next.columns && now.rows === next.rows ? now : next))
        }
        onResize()
        stdout.on('resize', onResize)
        return () => {
            stdout.off('resize', onResize)
        }
    }, [stdout])
    return size
}
