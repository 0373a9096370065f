// The explanation report's renderings: Markdown (with a Mermaid diagram of the
// topology) and JSON, over the report data the engine builds.
export {jsonChunks, renderJson, renderJsonChunks} from './json.js'
export {markdownChunks, renderMarkdown} from './markdown.js'
export {code, escapeMarkdown, prose} from './markup.js'
export {MAX_NODES, renderMermaid} from './mermaid.js'
