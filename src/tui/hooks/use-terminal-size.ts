// The terminal's size, following resizes: the layout is computed from it.
import {useStdout} from 'ink'
import {useEffect, useState} from 'react'

export interface Size {
    readonly columns: number
    readonly rows: number
}

export function useTerminalSize(): Size {
    const {stdout} = useStdout()
    const read = (): Size => ({columns: stdout?.columns || 80, rows: stdout?.rows || 24})
    const [size, setSize] = useState(read)
    useEffect(() => {
        if (!stdout) return
        const onResize = () => setSize(read())
        stdout.on('resize', onResize)
        return () => {
            stdout.off('resize', onResize)
        }
    }, [stdout])
    return size
}
