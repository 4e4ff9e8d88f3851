#!/usr/bin/env bash
# Makes sure `nvim` is on PATH, for the language server's Neovim test: Debian's
# neovim package when it is missing (scripts/ensure-debian-package.sh).
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/ensure-debian-package.sh" ensure-neovim nvim neovim
