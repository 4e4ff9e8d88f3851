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

exec bash "$root/scripts/ensure-debian-package.sh" ensure-vnu java default-jre-headless
