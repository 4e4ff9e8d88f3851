#!/usr/bin/env bash
# Makes sure `chromium` is on PATH, for the browser differential
# (server/parser/test/browser-differential.test.ts): Debian's chromium package
# when it is missing (scripts/ensure-debian-package.sh).
set -euo pipefail
exec bash "$(dirname "${BASH_SOURCE[0]}")/ensure-debian-package.sh" ensure-chromium chromium chromium
