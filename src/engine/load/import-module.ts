// Loads a plugin module (an ES module, by URL). On its own so that the headless bundle, whose own
// import() cannot work (V8 forgets the loader of code started from a code cache), can put the
// import() of the module that loads it in its place (scripts/bundle.mjs, loadHeadless in bin/trellis.js).
export function importModule(url: string): Promise<unknown> {
    return import(url)
}
