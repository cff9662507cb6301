#!/usr/bin/env bash
# Runs a command with TMPDIR pointed at a fresh empty folder, then fails, listing what is
# left there, unless the folder is empty again: Herald's tests (and the commands they run)
# remove every temporary file and folder they make. `make test` runs each step through it.
#
# What the Swift toolchain itself leaves there is not Herald's and is not counted: SwiftPM's
# empty lock files (named after the locked path: `_root_.swiftpm.lock`), the swift driver's
# `TemporaryDirectory.XXXXXX` folders holding only an empty `.keep-directory` (every swift
# build, swift test and swiftc), and the compiler's `swift-generated-sources` folder of
# macro expansions (when `swift test` compiles the tests first). The folder is removed at
# the end either way.
#
# Usage: scripts/tmp-audit.sh COMMAND [ARGUMENT...]
#        (exit status: the command's when it fails, else 1 when something was left, else 0)
set -uo pipefail

if [ "$#" -eq 0 ]; then
    echo "usage: scripts/tmp-audit.sh COMMAND [ARGUMENT...]" >&2
    exit 2
fi
audit=$(mktemp -d "${TMPDIR:-/tmp}/herald-tmp-audit.XXXXXX") || exit 2
trap 'rm -rf "$audit"' EXIT

TMPDIR=$audit "$@"
status=$?

# True for ENTRY (a path in the folder) when the Swift toolchain made it, as described above.
toolchain() {
    case "${1##*/}" in
        TemporaryDirectory.??????)
            [ -d "$1" ] && [ ! -L "$1" ] &&
                [ -z "$(find "$1" -mindepth 1 ! \( -name .keep-directory -type f -empty \) -print -quit)" ] ;;
        swift-generated-sources)
            [ -d "$1" ] && [ ! -L "$1" ] &&
                [ -z "$(find "$1" -mindepth 1 ! \( -name '@__swiftmacro_*' -type f \) -print -quit)" ] ;;
        _*.lock) [ -f "$1" ] && [ ! -L "$1" ] && [ ! -s "$1" ] ;;
        *) false ;;
    esac
}

left=()
while IFS= read -r -d '' entry; do
    toolchain "$entry" || left+=("$entry")
done < <(find "$audit" -mindepth 1 -maxdepth 1 -print0 | sort -z)

if [ "${#left[@]}" -gt 0 ]; then
    {
        echo "tmp-audit: \`$*\` left ${#left[@]} item(s) in its temporary folder (TMPDIR);" \
            "a test, or a command it runs, must remove what it makes:"
        find "${left[@]}" 2>/dev/null | sed "s|^$audit/|  |" | head -n 60
    } >&2
    [ "$status" -ne 0 ] || status=1
fi
exit "$status"
