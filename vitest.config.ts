import {defineConfig} from 'vitest/config'

export default defineConfig({
    test: {
        include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
        testTimeout: 20_000,
        // the command-line tests run dist/: build it when missing or older than src/
        globalSetup: ['test/cli/global-setup.ts'],
    },
})
