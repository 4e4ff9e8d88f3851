#!/usr/bin/env bash
# Makes sure `nvim` is on PATH, for the language server's Neovim test.
# When it is missing, installs Debian's neovim package: directly as root, with
# `sudo -n` otherwise. Exits non-zero with a one-line reason when it cannot.
set -euo pipefail

if command -v nvim >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" = 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  echo "ensure-neovim: nvim is not installed, and this user can neither install packages as root nor use sudo without a password" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-neovim: nvim is not installed and apt-get is not available on this system" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" apt-get install -y --no-install-recommends neovim >/dev/null; then
  # A fresh CI image may have no package lists yet.
  "${SUDO[@]}" apt-get update >/dev/null
  "${SUDO[@]}" apt-get install -y --no-install-recommends neovim >/dev/null
fi

if ! command -v nvim >/dev/null 2>&1; then
  echo "ensure-neovim: installed neovim, but nvim is still not on PATH" >&2
  exit 1
fi
