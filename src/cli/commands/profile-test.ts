// trellis profile test NAME --into DIR: freezes a profile's current resolution
// as a Variability4TOSCA variability test that `trellis test DIR` runs.
import fs from 'node:fs'
import path from 'node:path'
import type {Command} from 'commander'
import {isTrellisError, loadTemplate, outputOf, resolveTemplate, stringifyTemplate, yamlPackage} from '../../engine/index.js'
import {UsageError} from '../../app/errors.js'
import {checkOutputs, writeFileAtomic} from '../../app/io.js'
import {loadProfileFor, openStore, profileAssignments} from '../../app/profile-request.js'
import {targetOf} from '../../profiles/staleness.js'
import {guarded} from '../guarded.js'
import {pluginsFor, type PluginFlags} from '../../app/plugins.js'
import {addPluginFlags} from '../plugins.js'
import {printLines} from '../print.js'

export function registerProfileTest(profile: Command, setExit: (code: number) => void): void {
    addPluginFlags(
        profile
            .command('test')
            .description('write the profile as a variability test: DIR/NAME/test.yaml, inputs.yaml and expected.yaml (its current resolution)')
            .argument('<name>')
            .requiredOption('--into <dir>', 'the folder of tests (run them with: trellis test DIR)'),
    ).action(
        guarded(setExit, async (name: string, flags: {into: string} & PluginFlags) => {
            const p = (await openStore()).get(name)
            const template = await loadTemplate(p.template.path)
            const target = targetOf(template)
            await loadProfileFor(name, target)
            const dir = path.resolve(flags.into, name)
            // a case folder that is a link (shipped in a CSAR's tests/) would take the files elsewhere
            const found = entryAt(dir)
            if (found && !found.isDirectory())
                throw new UsageError(
                    `--into: ${path.join(flags.into, name)} is ${found.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}: the test is written into a folder of its own, never through a link`,
                )
            fs.mkdirSync(dir, {recursive: true})
            // the case's files under resolve -o's rules: no link, device or FIFO replaced, never the template
            checkOutputs(
                ['inputs.yaml', 'expected.yaml', 'test.yaml'].map(file => ({flag: '--into', file: path.join(dir, file)})),
                [template.file],
            )
            // as test runners read it: relative to the case folder, or to the CSAR root for a case in <root>/tests/
            const base = path.basename(path.dirname(dir)) === 'tests' ? path.dirname(path.dirname(dir)) : dir
            const config: Record<string, unknown> = {template: path.relative(base, template.file).split(path.sep).join('/'), presets: [...p.presets]}
            let expected: string | undefined
            try {
                const request = {presets: p.presets, assignments: profileAssignments(p, target.definition, []), plugins: await pluginsFor(template, flags)}
                expected = stringifyTemplate(outputOf(resolveTemplate(template, request)))
            } catch (e) {
                if (!isTrellisError(e)) throw e
                config.error = e.message // the profile fails today: the test pins that failure
            }
            await writeFileAtomic(path.join(dir, 'inputs.yaml'), yamlPackage().stringify({...p.inputs}))
            if (expected !== undefined) await writeFileAtomic(path.join(dir, 'expected.yaml'), expected)
            else fs.rmSync(path.join(dir, 'expected.yaml'), {force: true})
            await writeFileAtomic(path.join(dir, 'test.yaml'), `# written by: trellis profile test ${name}\n${yamlPackage().stringify(config)}`)
            printLines([
                `wrote ${path.relative(process.cwd(), dir) || dir}/test.yaml, inputs.yaml${expected !== undefined ? ', expected.yaml' : ' (the profile fails to resolve: the test expects that error)'}`,
            ])
        }),
    )
}

/** What is at `file` itself (a link is not followed); undefined when nothing is. */
function entryAt(file: string): fs.Stats | undefined {
    try {
        return fs.lstatSync(file)
    } catch {
        return undefined
    }
}
