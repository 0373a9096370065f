// Which slice of a long list to show so the cursor stays visible, centred where possible.
export function window(cursor: number, length: number, height: number): {start: number; end: number} {
    const start = Math.max(0, Math.min(cursor - Math.floor(height / 2), length - height))
    return {start, end: Math.min(length, start + height)}
}
