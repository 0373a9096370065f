// Runs before every test file (vitest.config.ts, setupFiles): what a file made in the temporary
// folder goes with it, whether or not its tests cleaned up after themselves.
import {afterAll} from 'vitest'
import {removeTempDirs} from './temp.js'

afterAll(removeTempDirs)
