#!/usr/bin/env bash
# Installs the system packages Herald needs that are missing: apt-get on
# Debian/Ubuntu, a clear message elsewhere. Usage: scripts/deps.sh PACKAGE...
set -euo pipefail

if ! command -v swift >/dev/null 2>&1; then
    echo "deps: the Swift toolchain (6.0 or newer) is not on PATH; install it from swift.org first" >&2
    exit 1
fi

[ "$#" -gt 0 ] || exit 0

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    echo "deps: not a Debian/Ubuntu system; install these packages (or your system's equivalents) by hand: $*" >&2
    exit 0
fi

missing=()
for package in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done
[ "${#missing[@]}" -eq 0 ] && exit 0

echo "deps: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
        echo "deps: need root to install ${missing[*]}; run 'sudo make deps'" >&2
        exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
