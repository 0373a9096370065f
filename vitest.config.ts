import {defineConfig} from 'vitest/config'
import EndToEndFirst from './test/helpers/sequencer.js'

const DEEP = process.env.TRELLIS_DEEP === '1'

export default defineConfig({
    test: {
        include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
        // a ceiling for a test that hangs, not a measure of speed: tests wait for events, and a
        // busy 2-core machine is slow; npm run test:deep (TRELLIS_DEEP=1) runs longer
        testTimeout: DEEP ? 3_600_000 : 120_000,
        hookTimeout: 120_000,
        // both cores (vitest takes one fewer than there are): many files wait on processes they start
        maxWorkers: 2,
        // each test file loads its modules afresh: no module state (a cache, a limit set, a spy) leaks
        // from one file into the next, whatever order they run in
        isolate: true,
        sequence: {sequencer: EndToEndFirst},
        // the command-line tests run dist/: build it when missing or older than src/
        globalSetup: ['test/cli/global-setup.ts'],
        // what a test file made in the temporary folder goes with it
        setupFiles: ['test/helpers/setup.ts'],
        // a test writes only inside its own temporary folder: no parsed-file cache in the user's home
        // (the cache's own tests point TRELLIS_CACHE_DIR at a folder of theirs)
        env: {TRELLIS_CACHE: 'off'},
        reporters: ['default', './test/helpers/skipped-reporter.ts'],
    },
})
