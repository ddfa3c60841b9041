#!/usr/bin/env bash
# End-to-end test of the built extension in real VS Code: code-server (VS Code 1.139 on the web, run
# on Node 24 from the npm package `node`) installs the .vsix and serves on 127.0.0.1 with --auth none;
# headless Chromium (Debian's) driven by playwright-core opens a faulty kernel and checks the squiggle,
# the Problems entry, the lane hover, the quick fix and the inlay hints; then, in a package, completion
# after `pl.`, signature help in `pl.matmul(` and go-to-definition of a helper in another module. Screenshots land in
# screenshots/ (or $PYPTO_E2E_SHOTS; editors/README.md shows the committed ones). Needs: the .vsix (editors/vscode/ci.sh builds it), `pypto-lsp` ($PYPTO_LSP or PATH).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"

if ! command -v chromium >/dev/null || ! dpkg -s libkrb5-dev >/dev/null 2>&1; then
    apt-get install -y -q chromium libkrb5-dev >/dev/null
fi
# code-server's install script needs Node 24: install without scripts, fetch Node 24 (the `node`
# package's own preinstall), then run the other packages' scripts on it.
node24="$here/node_modules/node/bin"
if [[ ! -x node_modules/.bin/code-server || ! -x "$node24/node" ]]; then
    npm ci --no-audit --no-fund --ignore-scripts >/dev/null
    (cd node_modules/node && node installArchSpecificPackage >/dev/null)
    # npm runs scripts on the Node that runs npm: run this npm on Node 24.
    npm_cli="$(dirname "$(readlink -f "$(command -v npm)")")/npm-cli.js"
    PATH="$node24:$here/node_modules/.bin:$PATH" "$node24/node" "$npm_cli" rebuild --no-audit --no-fund \
        code-server argon2 >/dev/null
fi
export PATH="$node24:$here/node_modules/.bin:$PATH"  # code-server runs on this Node 24
node --version | grep -q '^v24\.' || { echo "e2e: Node 24 is not first on PATH" >&2; exit 1; }

vsix="$(ls "$here"/../pypto-*.vsix | head -n1)"
server="${PYPTO_LSP:-$(command -v pypto-lsp)}"
work="$(mktemp -d)"
trap 'kill "${cs_pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT

mkdir -p "$work/ws/.vscode" "$work/ud" "$work/ext"
cp "$here/../../../examples/attention.py" "$work/ws/attention.py"
cp -r "$here/../../../tests/data/nav_pkg" "$work/ws/nav_pkg"  # a package: helpers and config in other modules
rm -rf "$work/ws/nav_pkg/__pycache__" "$work/ws/nav_pkg/layers/__pycache__"
cat >"$work/ws/.vscode/settings.json" <<JSON
{
  "pypto.server.path": "$server",
  "workbench.startupEditor": "none",
  "security.workspace.trust.enabled": false,
  "editor.inlayHints.enabled": "on",
  "chat.disableAIFeatures": true,
  "workbench.secondarySideBar.defaultVisibility": "hidden"
}
JSON

code-server --user-data-dir "$work/ud" --extensions-dir "$work/ext" --install-extension "$vsix" >/dev/null
port="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
code-server --bind-addr "127.0.0.1:$port" --auth none --disable-telemetry --disable-update-check \
    --disable-workspace-trust --user-data-dir "$work/ud" --extensions-dir "$work/ext" "$work/ws" \
    >"$work/code-server.log" 2>&1 &
cs_pid=$!
for _ in $(seq 1 60); do
    curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break
    sleep 0.5
done

node "$here/e2e.mjs" "http://127.0.0.1:$port/?folder=$work/ws" "${PYPTO_E2E_SHOTS:-$here/screenshots}" || {
    echo "--- code-server log" >&2
    tail -n 50 "$work/code-server.log" >&2
    exit 1
}
