#!/usr/bin/env bash
# Makes sure the Nu Html Checker can run, for the conformance tests that use it
# as an oracle: `java` on PATH (Debian's default-jre-headless when missing:
# directly as root, with `sudo -n` otherwise) and vnu.jar from the npm
# dev dependency vnu-jar (installed by `npm ci`; its postinstall download of a
# Java runtime is not needed). Exits non-zero with a one-line reason when it cannot.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ ! -f "$root/node_modules/vnu-jar/build/dist/vnu.jar" ]; then
  echo "ensure-vnu: node_modules/vnu-jar/build/dist/vnu.jar is missing: run npm ci" >&2
  exit 1
fi

if command -v java >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" = 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  echo "ensure-vnu: java is not installed, and this user can neither install packages as root nor use sudo without a password" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-vnu: java is not installed and apt-get is not available on this system" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if ! "${SUDO[@]}" apt-get install -y --no-install-recommends default-jre-headless >/dev/null; then
  # A fresh CI image may have no package lists yet.
  "${SUDO[@]}" apt-get update >/dev/null
  "${SUDO[@]}" apt-get install -y --no-install-recommends default-jre-headless >/dev/null
fi

if ! command -v java >/dev/null 2>&1; then
  echo "ensure-vnu: installed default-jre-headless, but java is still not on PATH" >&2
  exit 1
fi
