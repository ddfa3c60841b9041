#!/usr/bin/env bash
# The project's one test command (README "Tests"; .ci/run calls it inside .venv).
# Every step must pass: lint, format, type check, the test suite, and — when npm is
# available — the VS Code extension's build/lint/package script.
set -euo pipefail
cd "$(dirname "$0")/.."

ruff check .
ruff format --check .
mypy
pytest -q

if [[ -f editors/vscode/ci.sh ]] && command -v npm >/dev/null 2>&1; then
    bash editors/vscode/ci.sh
fi
