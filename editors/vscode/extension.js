// A tiny VS Code client for `gamebook lsp`: it starts the server for YAML files;
// the server itself ignores YAML files that are not books (no `gamebook:` or `rules:` key).
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("gamebook").get("command");
  client = new LanguageClient("gamebook", "Gamebook engine",
    { command, args },
    { documentSelector: [{ scheme: "file", language: "yaml" }, { scheme: "untitled", language: "yaml" }] });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
