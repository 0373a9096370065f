// The technology enrichment a template asks for: its technology rules (inline, a
// file named by technology_rules, or the default files beside it), its type
// library and the options that say what enrichment may do.
import {TrellisError} from '../errors.js'
import type {LoadedPlugin, LoadedTemplate, ParsedYaml} from '../load/index.js'
import type {Options} from '../options/index.js'
import type {TechnologyEnrichment} from './build.js'
import type {Raw} from './elements.js'
import {readRules, type TechnologyRule} from './technology-rules.js'
import {TypeLibrary} from './type-library.js'

/** The default technology rules files: the reference's (the first found), else the spec's (both). */
const REFERENCE_RULES = ['./technology-rules.yaml', './lib/technology-rules.yaml']
const SPEC_RULES = ['./rules.yaml', './lib/rules.yaml']

/** Technology rules from `technology_rules` (inline or a file) or the default files next to the template. */
export function technologyEnrichment(template: LoadedTemplate, variability: Raw, options: Options, plugins: readonly LoadedPlugin[]): TechnologyEnrichment {
    const value = variability.technology_rules
    const rules: TechnologyRule[] = []
    if (typeof value === 'string') {
        const parsed = template.readRelative(value, template.sourceMap.locate(variability, 'technology_rules'))
        if (!parsed)
            throw new TrellisError('file-not-found', `technology rules file "${value}" not found next to the template`, template.sourceMap.locate(variability, 'technology_rules'))
        rules.push(...readRules(parsed.data, parsed.sourceMap))
    } else if (value === undefined || value === null) {
        let found: ParsedYaml | undefined
        for (const file of REFERENCE_RULES) if ((found = template.readDefault(file))) break
        const files = found ? [found] : SPEC_RULES.map(file => template.readDefault(file))
        for (const parsed of files) if (parsed) rules.push(...readRules(parsed.data, parsed.sourceMap))
    } else rules.push(...readRules(value, template.sourceMap))
    const types = typeLibraryOf(template)
    return {
        rules: rules.map((rule, index) => ({...rule, index})),
        nodeTypes: types.hierarchy('node_types'),
        artifactTypes: types.hierarchy('artifact_types'),
        relationshipTypes: types.hierarchy('relationship_types'),
        implementations: options.enrichImplementations().value,
        technologies: options.enrichTechnologies().value,
        required: options.check('required_technology_check').value,
        constraint: options.constraint('technology_constraint').value,
        plugins,
    }
}

/** The types a template is resolved with: its own, the normative ones and those of its `lib/` folder; made once per template (the wizard resolves it again on every change). */
function typeLibraryOf(template: LoadedTemplate): TypeLibrary {
    let found = typeLibraries.get(template)
    if (!found) typeLibraries.set(template, (found = TypeLibrary.of(template.data, template.library(), template.sourceMap)))
    return found
}
// gone with the template (a LoadedTemplate is load/'s plain record, which no later stage writes into)
const typeLibraries = new WeakMap<LoadedTemplate, TypeLibrary>()
