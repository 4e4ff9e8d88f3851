#!/usr/bin/env bash
# Usage: ensure-debian-package.sh WHO COMMAND PACKAGE
# Makes sure COMMAND is on PATH. When it is missing, installs Debian's PACKAGE:
# directly as root, with `sudo -n` otherwise. Exits non-zero with a one-line
# reason (prefixed with WHO) when it cannot. Used by the ensure-*.sh scripts.
set -euo pipefail
who="$1" command="$2" package="$3"

if command -v "$command" >/dev/null 2>&1; then
  exit 0
fi

if [ "$(id -u)" = 0 ]; then
  SUDO=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  SUDO=(sudo -n)
else
  echo "$who: $command is not installed, and this user can neither install packages as root nor use sudo without a password" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "$who: $command is not installed and apt-get is not available on this system" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
# npm test runs its files in two parallel workers, and more than one may need a
# package: one apt-get at a time (our lock; apt's own lock is waited for too).
if command -v flock >/dev/null 2>&1; then
  exec 9>"${TMPDIR:-/tmp}/tagtree-apt.lock"
  flock 9
  # Another test process may have installed it while this one waited.
  if command -v "$command" >/dev/null 2>&1; then
    exit 0
  fi
fi
APT=("${SUDO[@]}" apt-get -o DPkg::Lock::Timeout=600)
if ! "${APT[@]}" install -y --no-install-recommends "$package" >/dev/null; then
  # A fresh CI image may have no package lists yet.
  "${APT[@]}" update >/dev/null
  "${APT[@]}" install -y --no-install-recommends "$package" >/dev/null
fi

if ! command -v "$command" >/dev/null 2>&1; then
  echo "$who: installed $package, but $command is still not on PATH" >&2
  exit 1
fi
