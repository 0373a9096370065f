// `yaml`'s parseDocument, with one defect of its parser mended on the concrete syntax tree before
// the document is composed. A flow collection that is a block map's key after another entry
// (`name: x` then `{concat: [a, b]}: y`, `[3]: 4` after a blank line or a comment) is valid YAML 1.2,
// but the parser (2.9.1; eemeli/yaml#646) opens an item for it while the item it had opened for the
// indentation or the lines before it is still empty. The composer takes the empty item left behind
// for a comment inside the map and fails ("Map comment with trailing content"). The mend gives the
// flow collection the item it should have had: the empty item's tokens, then its own.
import type {CST, Document, DocumentOptions, LineCounter, ParseOptions, SchemaOptions} from 'yaml'
import {yamlPackage} from '../../yaml-package.js'

type Options = ParseOptions & DocumentOptions & SchemaOptions & {lineCounter?: LineCounter}

/** The first document of `text`, as parseDocument composes it, its parser's defect mended. */
export function parseYamlDocument(text: string, options: Options = {}): Document {
    const {Composer, Parser, YAMLParseError} = yamlPackage()
    const composer = new Composer(options)
    let doc: Document | undefined
    for (const next of composer.compose(mended(new Parser(options.lineCounter?.addNewLine).parse(text)), true, text.length)) {
        if (doc === undefined) doc = next as Document
        else {
            // as parseDocument says it
            doc.errors.push(
                new YAMLParseError(next.range.slice(0, 2) as [number, number], 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'),
            )
            break
        }
    }
    return doc!
}

function* mended(tokens: Generator<CST.Token>): Generator<CST.Token> {
    for (const token of tokens) {
        mendFlowKeys(token)
        yield token
    }
}

type Item = CST.BlockMap['items'][number]

/** Joins every empty block-map item to the flow-collection key after it, with a stack of its own (nesting goes 500 deep). */
export function mendFlowKeys(root: CST.Token): void {
    const pending: (CST.Token | null | undefined)[] = [root]
    while (pending.length > 0) {
        const token = pending.pop()
        if (!token) continue
        switch (token.type) {
            case 'document':
                pending.push(token.value)
                break
            case 'block-map':
                token.items = joinedItems(token.items)
                for (const item of token.items) pending.push(item.key, item.value)
                break
            case 'block-seq':
                for (const item of token.items) pending.push(item.value)
                break
            case 'flow-collection':
                for (const item of token.items) pending.push(item.key, item.value)
                break
        }
    }
}

function joinedItems(items: Item[]): Item[] {
    let out: Item[] | undefined
    for (let i = 0; i < items.length; i++) {
        const item = items[i]!
        const next = items[i + 1]
        if (next?.key?.type === 'flow-collection' && isEmpty(item)) {
            out ??= items.slice(0, i)
            next.start = [...item.start, ...next.start]
            continue
        }
        out?.push(item)
    }
    return out ?? items
}

const isEmpty = (item: Item) => item.key === undefined && item.sep === undefined && item.value === undefined && !item.explicitKey
