import {defineConfig} from 'vitest/config'

const DEEP = process.env.TRELLIS_DEEP === '1'

export default defineConfig({
    test: {
        include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
        // a ceiling for a test that hangs, not a measure of speed: tests wait for events, and a
        // busy 2-core machine is slow; npm run test:deep (TRELLIS_DEEP=1) runs longer
        testTimeout: DEEP ? 3_600_000 : 120_000,
        hookTimeout: 120_000,
        // the command-line tests run dist/: build it when missing or older than src/
        globalSetup: ['test/cli/global-setup.ts'],
        reporters: ['default', './test/helpers/skipped-reporter.ts'],
    },
})
