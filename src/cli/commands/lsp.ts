// trellis lsp: the language server for editors, over standard input and output (docs/editor.md).
// Its modules and the LSP packages load only here: no other command's start pays for them.
import type {Command} from 'commander'

export function registerLsp(program: Command, setExit: (code: number) => void): void {
    program
        .command('lsp')
        .description('run the language server for editors (LSP over standard input and output; see docs/editor.md)')
        .option('--stdio', 'talk LSP over standard input and output (the default and only transport; accepted because editors pass it)')
        .action(async () => {
            const {runLanguageServer} = await import('../../lsp/server.js')
            setExit(await runLanguageServer())
        })
}
