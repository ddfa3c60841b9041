#!/usr/bin/env bash
# Builds the VS Code extension the way CI does; network use is limited to the npm registry
# (lifecycle scripts are off, see .npmrc). Produces pypto-<version>.vsix in this folder.
set -euo pipefail
cd "$(dirname "$0")"
npm ci
npm run lint
npm test
npm run build
npm run package
