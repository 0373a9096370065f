// A small spinner for work past ~150 ms; the word beside it carries the meaning.
import {paint} from './paint.js'
import {Text} from './text.js'
import {useEffect, useState} from 'react'

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏']

export function Spinner({label}: {readonly label: string}) {
    const [frame, setFrame] = useState(0)
    useEffect(() => {
        const timer = setInterval(() => setFrame(f => (f + 1) % FRAMES.length), 80)
        return () => clearInterval(timer)
    }, [])
    return (
        <Text>
            <Text color={paint('cyan')}>{FRAMES[frame]}</Text> {label}
        </Text>
    )
}
