// Without a terminal the wizard does not start: it names the headless command and exits 2.
import {spawnSync} from 'node:child_process'
import path from 'node:path'
import {expect, it} from 'vitest'

const ROOT = path.resolve(__dirname, '../..')

it('refuses to start without a terminal and points to trellis resolve', () => {
    const result = spawnSync(process.execPath, ['bin/trellis.js', 'sample-templates/web-shop/variable-service-template.yaml'], {
        cwd: ROOT,
        encoding: 'utf8',
        stdio: ['pipe', 'pipe', 'pipe'],
    })
    expect(result.status).toBe(2)
    expect(result.stderr).toContain('trellis resolve TEMPLATE')
    expect(result.stderr).not.toMatch(/\n\s+at /)
})
