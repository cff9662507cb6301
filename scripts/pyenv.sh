#!/usr/bin/env bash
# Makes .build/pyvenv, a Python virtualenv with the PyPI packages Herald's tests and
# benchmarks use, and installs what is missing. Safe to run concurrently and often.
# Usage: scripts/pyenv.sh [PACKAGE...]   (default: PyJWT cryptography)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
venv="$root/.build/pyvenv"
packages=("$@")
[ "${#packages[@]}" -gt 0 ] || packages=(PyJWT cryptography)
mkdir -p "$root/.build"
exec 9>"$root/.build/pyvenv.lock"
flock -w 600 9 || { echo "pyenv: another install holds .build/pyvenv.lock for 10 minutes" >&2; exit 1; }

if [ ! -x "$venv/bin/python3" ]; then
    python3 -m venv "$venv" || {
        echo "pyenv: 'python3 -m venv' failed; install python3-venv (make deps does)" >&2
        rm -rf "$venv"
        exit 1
    }
fi

missing=()
for package in "${packages[@]}"; do
    case "$package" in
        PyJWT) module=jwt ;;
        firebase-admin) module=firebase_admin ;;
        http-ece | http_ece) module=http_ece ;;
        py-vapid) module=py_vapid ;;
        *) module="$package" ;;
    esac
    "$venv/bin/python3" -c "import $module" 2>/dev/null || missing+=("$package")
done
[ "${#missing[@]}" -eq 0 ] && exit 0

echo "pyenv: installing ${missing[*]} from PyPI into .build/pyvenv" >&2
if ! "$venv/bin/python3" -m pip install --quiet --disable-pip-version-check --timeout 30 --retries 2 "${missing[@]}"; then
    echo "pyenv: could not install ${missing[*]} from PyPI (offline, or PyPI unreachable)" >&2
    exit 1
fi
