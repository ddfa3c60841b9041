import * as vscode from "vscode";
import { LanguageClient, LanguageClientOptions, ServerOptions, State } from "vscode-languageclient/node";

import {
  CHECK_WORKSPACE_COMMAND,
  describeCheckSummary,
  EXPANDED_KERNELS_METHOD,
  EXPANDED_SCHEME,
  expandedDocumentPath,
  expandedKernelsParams,
  expandedKernelsParamsFromArgs,
  type ExpandedKernelsParams,
  isExpandedKernelsResult,
  readServerSettings,
  SHOW_EXPANDED_COMMAND,
  type SourceLine,
  sourceLabelRange,
  sourceOfLine,
  startFailureMessage,
} from "./protocol";

/** Holds the text of every open `pypto-expanded:` document (VS Code keeps them read-only) and where its
 * lines come from, so "Go to Definition" and the links on a line lead back to the source line. */
class ExpandedKernelsProvider
  implements vscode.TextDocumentContentProvider, vscode.DefinitionProvider, vscode.DocumentLinkProvider, vscode.Disposable
{
  private readonly texts = new Map<string, string>();
  private readonly sources = new Map<string, SourceLine[]>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly onClose = vscode.workspace.onDidCloseTextDocument((doc) => {
    this.texts.delete(doc.uri.toString());
    this.sources.delete(doc.uri.toString());
  });

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? "";
  }

  provideDefinition(document: vscode.TextDocument, position: vscode.Position): vscode.Location | undefined {
    const found = sourceOfLine(this.sources.get(document.uri.toString()), position.line);
    return found === undefined ? undefined : new vscode.Location(vscode.Uri.parse(found.uri), new vscode.Position(found.line, 0));
  }

  provideDocumentLinks(document: vscode.TextDocument): vscode.DocumentLink[] {
    const links: vscode.DocumentLink[] = [];
    for (const [line, uri, sourceLine] of this.sources.get(document.uri.toString()) ?? []) {
      const label = line < document.lineCount ? sourceLabelRange(document.lineAt(line).text) : undefined;
      if (label !== undefined) {
        const target = vscode.Uri.parse(uri).with({ fragment: `L${sourceLine + 1}` });
        const link = new vscode.DocumentLink(new vscode.Range(line, label.start, line, label.end), target);
        link.tooltip = "Go to the source line";
        links.push(link);
      }
    }
    return links;
  }

  update(uri: vscode.Uri, text: string, sources: SourceLine[] = []): void {
    this.sources.set(uri.toString(), sources);
    this.texts.set(uri.toString(), text);
    // Refreshes a view that is already open from an earlier run of the command.
    this.changed.fire(uri);
  }

  dispose(): void {
    this.onClose.dispose();
    this.changed.dispose();
  }
}

let client: LanguageClient | undefined;
// Start/stop calls are chained so a restart never overlaps an earlier start.
let lifecycle: Promise<void> = Promise.resolve();
let outputChannel: vscode.OutputChannel;
let expanded: ExpandedKernelsProvider;

export function activate(context: vscode.ExtensionContext): Promise<void> {
  // One channel for every client instance, so restarts do not pile up output panels.
  outputChannel = vscode.window.createOutputChannel("PyPTO");
  expanded = new ExpandedKernelsProvider();
  context.subscriptions.push(
    outputChannel,
    expanded,
    vscode.workspace.registerTextDocumentContentProvider(EXPANDED_SCHEME, expanded),
    vscode.languages.registerDefinitionProvider({ scheme: EXPANDED_SCHEME }, expanded),
    vscode.languages.registerDocumentLinkProvider({ scheme: EXPANDED_SCHEME }, expanded),
    vscode.commands.registerCommand("pypto.restartServer", restartServer),
    vscode.workspace.onDidChangeConfiguration((event) => {
      // Other `pypto.*` settings reach the running server through workspace/didChangeConfiguration.
      if (event.affectsConfiguration("pypto.server")) {
        void restartServer();
      }
    }),
  );
  return restartServer();
}

export function deactivate(): Promise<void> {
  return lifecycle.then(stopClient);
}

function restartServer(): Promise<void> {
  lifecycle = lifecycle.then(stopClient).then(startClient);
  return lifecycle;
}

async function stopClient(): Promise<void> {
  const old = client;
  client = undefined;
  await old?.dispose();
}

async function startClient(): Promise<void> {
  const config = vscode.workspace.getConfiguration("pypto");
  const command = config.get("server.path", "pypto-lsp");
  const serverOptions: ServerOptions = { command, args: config.get("server.args", ["serve"]) };
  const clientOptions: LanguageClientOptions = {
    // The server itself ignores Python files that do not import pypto.language.
    documentSelector: [
      { scheme: "file", language: "python" },
      { scheme: "untitled", language: "python" },
    ],
    initializationOptions: readServerSettings((key, defaultValue) => config.get(key, defaultValue)),
    // Answers workspace/configuration for section `pypto` and pushes changes to the server.
    synchronize: { configurationSection: "pypto" },
    outputChannel,
    middleware: {
      // The client registers the server's commands as VS Code commands (registering them here
      // too would throw), so this is where the extension gives them their editor behaviour.
      executeCommand: async (command, args: unknown[], next): Promise<unknown> => {
        if (command === SHOW_EXPANDED_COMMAND) {
          return showExpandedKernels(args);
        }
        const result: unknown = await next(command, args);
        const summary = command === CHECK_WORKSPACE_COMMAND ? describeCheckSummary(result) : undefined;
        if (summary !== undefined) {
          void vscode.window.showInformationMessage(`PyPTO: ${summary}`);
        }
        return result;
      },
    },
  };

  const created = new LanguageClient("pypto", "PyPTO Language Server", serverOptions, clientOptions);
  // Gates the server-provided commands in the command palette.
  created.onDidChangeState((event) =>
    vscode.commands.executeCommand("setContext", "pypto.serverRunning", event.newState === State.Running),
  );
  client = created;
  try {
    await created.start();
  } catch (error) {
    // Say why (most often: the executable is not on PATH) and offer the setting; changing it restarts.
    const failure = startFailureMessage(error, command);
    const open = "Open Setting";
    const choice = await vscode.window.showErrorMessage(failure.message, ...(failure.offerSetting ? [open] : []));
    if (choice === open) {
      await vscode.commands.executeCommand("workbench.action.openSettings", "pypto.server.path");
    }
  }
}

/** Code lenses pass `[uri, line]`; from the command palette the active editor's cursor is used. */
async function showExpandedKernels(args: unknown[]): Promise<void> {
  if (client === undefined || !client.isRunning()) {
    void vscode.window.showWarningMessage("PyPTO: the language server is not running.");
    return;
  }
  let params: ExpandedKernelsParams | undefined = expandedKernelsParamsFromArgs(args);
  if (params === undefined) {
    const editor = vscode.window.activeTextEditor;
    if (editor === undefined || editor.document.languageId !== "python") {
      void vscode.window.showWarningMessage("PyPTO: open a PyPTO kernel file first.");
      return;
    }
    const convert = client.code2ProtocolConverter;
    params = expandedKernelsParams(convert.asUri(editor.document.uri), convert.asPosition(editor.selection.active));
  }
  let result: unknown;
  try {
    result = await client.sendRequest(EXPANDED_KERNELS_METHOD, params);
  } catch (error) {
    void vscode.window.showErrorMessage(`PyPTO: expanding kernels failed: ${String(error)}`);
    return;
  }
  if (!isExpandedKernelsResult(result)) {
    void vscode.window.showErrorMessage("PyPTO: the server returned no expanded kernels.");
    return;
  }

  const source = client.protocol2CodeConverter.asUri(params.uri);
  const uri = vscode.Uri.from({ scheme: EXPANDED_SCHEME, path: expandedDocumentPath(source.path), query: params.uri });
  expanded.update(uri, result.text, result.sources);
  const doc = await vscode.languages.setTextDocumentLanguage(await vscode.workspace.openTextDocument(uri), "plaintext");
  await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true, preview: true });
}
