// is_managed: which technologies of a node deploy one of its artifacts. An
// implementation named `<type>~<component>#<artifact type>::<technology>…` (see
// technology-match.ts) manages artifacts of that artifact type and of every type derived
// from it, just as its rule matched them.
import type {ArtifactElement, TechnologyElement} from './elements.js'
import type {TypeHierarchy} from './type-library.js'

export function managingTechnologies(artifact: ArtifactElement, artifactTypes: TypeHierarchy): TechnologyElement[] {
    const type = artifact.types[0]?.name
    if (!type) return []
    return artifact.container.technologies.filter(technology => {
        const managed = managedArtifactType(technology.assign)
        return managed !== undefined && artifactTypes.isA(type, managed)
    })
}

/** The `#<artifact type>` of an implementation name, if it has one. */
function managedArtifactType(assign: string): string | undefined {
    return /#([^:@]+)::/.exec(assign)?.[1]
}
