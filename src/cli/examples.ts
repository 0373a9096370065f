// The examples every command's --help ends with, by command path. A test checks that each
// command has some, so a new command cannot ship without them.
import type {Command} from 'commander'
import {examplesHelp} from './help-text.js'

const EXAMPLES: Readonly<Record<string, readonly [command: string, what: string][]>> = {
    '': [
        ['trellis shop.yaml', 'open the wizard on a template'],
        ['trellis resolve shop.yaml --preset prod -o shop.resolved.yaml', 'resolve headless'],
        ['trellis explain shop.yaml --preset prod monitor', 'why an element is present or pruned'],
        ['trellis analyze shop.yaml', 'what the template allows: dead elements, idle inputs, variants'],
        ['trellis completion bash >> ~/.bashrc', 'complete commands, flags, presets, inputs and profiles'],
    ],
    resolve: [
        ['trellis resolve shop.yaml --preset prod', 'print the resolved template'],
        ['trellis resolve shop.yaml -p prod --set replicas=5 -o out.yaml --report out.md', 'write it and its explanation report'],
        ['TRELLIS_INPUT_PLATFORM=vm trellis resolve shop.yaml', 'an input from the environment (CI)'],
        ['trellis resolve shop.yaml --profile staging', 'the presets and inputs of a saved profile'],
    ],
    explain: [
        ['trellis explain shop.yaml -p prod', 'a summary: what is pruned, what decided it, where to look next'],
        ['trellis explain shop.yaml -p prod --all', 'one line per element: present or pruned, and why'],
        ['trellis explain shop.yaml -p prod monitor --what-if', 'one element in full, and what would flip it'],
        ['trellis explain shop.yaml --pruned --json', 'the pruned elements as JSON'],
    ],
    analyze: [
        ['trellis analyze shop.yaml', 'dead and core elements, idle inputs, presets tried, variants counted'],
        ['trellis analyze shop.yaml --strict --json > analysis.json', 'for template CI: exit 1 on dead, unresolvable, equivalent or unfinished'],
        ['trellis analyze shop.yaml --watch', 'again on every save, with what the edit changed'],
    ],
    wizard: [
        ['trellis shop.yaml', 'the full-screen wizard'],
        ['trellis shop.yaml --profile staging', 'start from a saved profile'],
        ['trellis shop.yaml --prompt', 'questions one after another (for logs and screen readers)'],
    ],
    test: [
        ['trellis test tests/', 'run every case below tests/'],
        ['trellis test tests/prod', 'run one case'],
    ],
    profile: [
        ['trellis profile save staging --template shop.yaml -p prod --set replicas=2', 'save choices under a name'],
        ['trellis profile list', 'the saved profiles'],
        ['trellis resolve shop.yaml --profile staging', 'use one'],
    ],
    'profile list': [['trellis profile list --template shop.yaml', "one template's profiles"]],
    'profile show': [['trellis profile show staging', 'presets, inputs, and whether the template changed since']],
    'profile save': [['trellis profile save staging --template shop.yaml -p prod --set replicas=2 --note "EU staging"', 'save choices under a name']],
    'profile delete': [['trellis profile delete staging', 'forget a profile']],
    'profile rename': [['trellis profile rename staging staging-eu', 'give a profile another name']],
    'profile export': [['trellis profile export staging -o staging.yaml', 'an inputs file others can use with --inputs or profile import']],
    'profile import': [['trellis profile import staging.yaml --template shop.yaml', 'keep an exported profile']],
    'profile diff': [['trellis profile diff staging prod', 'which elements two profiles resolve differently, and why']],
    'profile test': [['trellis profile test staging --into tests/', 'pin the current resolution as a test (run: trellis test tests/)']],
    completion: [
        ['trellis completion bash >> ~/.bashrc', 'bash'],
        ['trellis completion zsh > "${fpath[1]}/_trellis"', 'zsh'],
        ['trellis completion fish > ~/.config/fish/completions/trellis.fish', 'fish'],
    ],
}

/** The command's path below the program: '' for the program, 'profile save' for a subcommand. */
export function commandPath(command: Command): string {
    const names: string[] = []
    for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name())
    return names.join(' ')
}

function examplesOf(command: Command): readonly [string, string][] | undefined {
    return EXAMPLES[commandPath(command)]
}

/** Appends "Examples:" to the help of the program and every command below it. */
export function addExamples(program: Command): void {
    const visit = (command: Command) => {
        const examples = examplesOf(command)
        if (examples) {
            command.addHelpText('after', examplesHelp(examples))
        }
        command.commands.forEach(visit)
    }
    visit(program)
}
