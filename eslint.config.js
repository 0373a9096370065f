// Lint for src/, test/, bench/ and scripts/: ESLint's and typescript-eslint's
// recommended rules; Prettier (.prettierrc.json) owns the layout.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
    {ignores: ['dist/', 'node_modules/', 'coverage/']},
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
        languageOptions: {
            globals: {
                process: 'readonly',
                console: 'readonly',
                Buffer: 'readonly',
                setTimeout: 'readonly',
                clearTimeout: 'readonly',
                setImmediate: 'readonly',
                URL: 'readonly',
                performance: 'readonly',
                SharedArrayBuffer: 'readonly',
                Atomics: 'readonly',
                structuredClone: 'readonly',
                TextDecoder: 'readonly',
                TextEncoder: 'readonly',
                globalThis: 'readonly',
                setInterval: 'readonly',
                clearInterval: 'readonly',
                queueMicrotask: 'readonly',
                AbortController: 'readonly',
            },
        },
        rules: {
            // terminal escapes and control characters are matched on purpose (escaping, ANSI colours)
            'no-control-regex': 'off',
            '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none'}],
        },
    },
    {
        // the command-line entry is CommonJS (bin/package.json): it starts without the ES module loader
        files: ['bin/*.js', 'bench/*.cjs'],
        languageOptions: {sourceType: 'commonjs', globals: {require: 'readonly', module: 'writable', __filename: 'readonly', __dirname: 'readonly'}},
        rules: {'@typescript-eslint/no-require-imports': 'off'},
    },
    {
        // the wizard shows text through components/text.tsx, which escapes control characters from templates
        files: ['src/tui/**/*.{ts,tsx}'],
        ignores: ['src/tui/components/text.tsx'],
        rules: {
            'no-restricted-imports': [
                'error',
                {paths: [{name: 'ink', importNames: ['Text'], message: 'use Text from src/tui/components/text.tsx: it escapes control characters'}]},
            ],
        },
    },
    {
        // a function longer than a screen is asking to be split where a name would help
        files: ['src/**/*.{ts,tsx}'],
        rules: {'max-lines-per-function': ['error', {max: 80, skipBlankLines: true, skipComments: true}]},
    },
    {
        // MiniSat out of its fixed heap prints onto standard output and aborts with a stack trace; newSolver() makes that a clear error
        files: ['src/**/*.{ts,tsx}'],
        ignores: ['src/engine/solve/logic.ts'],
        rules: {
            'no-restricted-syntax': ['error', {selector: "NewExpression[callee.property.name='Solver']", message: 'make a solver with newSolver() (src/engine/solve/logic.ts)'}],
        },
    },
)
