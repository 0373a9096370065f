// The Trellis extension for VS Code: starts `trellis lsp` (found by find-trellis.ts) for YAML
// files, says in a status item which trellis it started and under which choice the active
// template resolves, and asks for that choice (profile, presets, inputs file) on a command.
// Everything else — diagnostics, hover, inlay hints, navigation — is the server's.
import fs from 'node:fs'
import * as vscode from 'vscode'
import {LanguageClient, type LanguageClientOptions, type ServerOptions} from 'vscode-languageclient/node'
import {findTrellis} from './find-trellis'

let client: LanguageClient | undefined

export async function activate(context: vscode.ExtensionContext): Promise<void> {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath
    const found = findTrellis({
        setting: vscode.workspace.getConfiguration('trellis').get<string>('path') ?? '',
        folder,
        pathVariable: process.env.PATH ?? '',
        exists: file => fs.existsSync(file),
        windows: process.platform === 'win32',
    })
    const status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left)
    context.subscriptions.push(status)
    if (!found) {
        status.text = 'Trellis: not found'
        status.tooltip = 'Set trellis.path, or install trellis in the workspace (npm install trellis) or on PATH'
        status.show()
        void vscode.window.showWarningMessage('Trellis: no trellis found (the trellis.path setting, node_modules/.bin, PATH); the language server is not started.')
        return
    }
    const serverOptions: ServerOptions = {command: found.command, args: [...found.args], options: folder ? {cwd: folder} : {}}
    const settings = vscode.workspace.getConfiguration('trellis')
    const clientOptions: LanguageClientOptions = {
        documentSelector: [{scheme: 'file', language: 'yaml'}],
        initializationOptions: {analyze: settings.get<boolean>('analyze') ?? true, variantCount: settings.get<boolean>('variantCount') ?? false},
    }
    client = new LanguageClient('trellis', 'Trellis', serverOptions, clientOptions)
    status.text = 'Trellis'
    status.tooltip = `Started ${[found.command, ...found.args].join(' ')} (from ${found.from})`
    status.command = 'trellis.chooseVariant'
    status.show()
    client.outputChannel.appendLine(`Trellis: started ${[found.command, ...found.args].join(' ')}, found in ${found.from}`)
    context.subscriptions.push(
        vscode.commands.registerCommand('trellis.chooseVariant', () => chooseVariant(status)),
        vscode.commands.registerCommand('trellis.showTopology', () => showTopology()),
    )
    await client.start()
}

/** Asks for the active template's choice and hands it to the server, which resolves under it and remembers it. */
async function chooseVariant(status: vscode.StatusBarItem): Promise<void> {
    const document = vscode.window.activeTextEditor?.document
    if (!client || !document) return
    const uri = document.uri.toString()
    const current = (await client.sendRequest('workspace/executeCommand', {command: 'trellis.showChoice', arguments: [uri]})) as {
        profile?: string
        presets?: string[]
        inputs?: string
    }
    const presets = await vscode.window.showInputBox({prompt: 'Presets, comma-separated (empty: none)', value: (current.presets ?? []).join(', ')})
    if (presets === undefined) return
    const inputs = await vscode.window.showInputBox({prompt: 'Inputs file, relative to the workspace (empty: none)', value: current.inputs ?? ''})
    if (inputs === undefined) return
    const profile = await vscode.window.showInputBox({prompt: 'Saved profile (empty: none)', value: current.profile ?? ''})
    if (profile === undefined) return
    const choice = {
        presets: presets
            .split(',')
            .map(p => p.trim())
            .filter(Boolean),
        ...(inputs.trim() ? {inputs: inputs.trim()} : {}),
        ...(profile.trim() ? {profile: profile.trim()} : {}),
    }
    await client.sendRequest('workspace/executeCommand', {command: 'trellis.setChoice', arguments: [uri, choice]})
    status.text = `Trellis: ${[profile.trim(), ...choice.presets].filter(Boolean).join(' + ') || 'defaults'}`
}

/** Opens the active variant's topology beside the template, as Mermaid in a Markdown document (shown by a Mermaid-aware preview). */
async function showTopology(): Promise<void> {
    const document = vscode.window.activeTextEditor?.document
    if (!client || !document) return
    const answer = (await client.sendRequest('workspace/executeCommand', {command: 'trellis.showTopology', arguments: [document.uri.toString()]})) as {
        mermaid?: string
        stale?: boolean
        error?: string
    }
    if (!answer.mermaid) return void vscode.window.showInformationMessage(`Trellis: ${answer.error ?? 'no topology yet'}`)
    const content = [`# ${document.fileName}${answer.stale ? ' (stale)' : ''}`, '', '```mermaid', answer.mermaid, '```', ''].join('\n')
    const shown = await vscode.workspace.openTextDocument({language: 'markdown', content})
    await vscode.window.showTextDocument(shown, vscode.ViewColumn.Beside)
}

export function deactivate(): Promise<void> | undefined {
    return client?.stop()
}
