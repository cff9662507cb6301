#!/usr/bin/env python3
"""Checks what README.md and docs/ say each module is built on against Package.swift
(run by `make test`):

  1. docs/ARCHITECTURE.md's module map: each row's "depends on" column names exactly the
     package's modules and C libraries that Package.swift gives the module (Apple's
     frameworks and words in parentheses aside), and every Herald module has a row.
  2. Every sentence of README.md and docs/*.md that names a Herald module (or its other
     name in ALIASES: "the gateway", "APNs client", "herald apns-sim") and a C library
     (OpenSSL, libcurl, nghttp2, SQLite, libpq, epoll) names only libraries that one of
     the modules it names links, itself or through its dependencies; a sentence that says
     "not", "instead of", "replaces" and the like is passed over (it may name what a
     module does not use).
  3. Phrases that must not appear anywhere in them: a library no target links
     (libmicrohttpd), and HTTP/2 over libcurl while HeraldAPNs does not link it.

Usage: scripts/check_module_claims.py [--package-json FILE] [FILE.md ...]
(by default `swift package dump-package` and README.md, docs/*.md)."""
import glob
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The word the docs use for each C module of Package.swift.
LIBRARIES = {"COpenSSL": "OpenSSL", "CCurl": "libcurl", "CNGHTTP2": "nghttp2", "CSQLite": "SQLite", "CLibPQ": "libpq", "CPoller": "epoll"}
# Other names the docs give a module.
ALIASES = {
    "HeraldGateway": r"gateways?|herald serve",
    "HeraldAPNs": r"APNs client|herald send",
    "HeraldAPNsSimulator": r"APNs simulator|herald apns-sim",
}
NEGATION = re.compile(r"\b(not|no longer|instead of|replac\w*|rather than|only in|stays only|before|without|why not)\b", re.I)


def load_package(path):
    if path:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    swift = os.environ.get("SWIFT", "swift")
    out = subprocess.run([swift, "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def dependencies(package):
    """Each target's direct dependencies (names), Apple's stub frameworks left out."""
    stubs = {t["name"] for t in package["targets"] if (t.get("path") or "").startswith("AppleStubs")}
    deps = {}
    for target in package["targets"]:
        names = set()
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target", "product"):
                if kind in dependency:
                    names.add(dependency[kind][0])
        deps[target["name"]] = names - stubs
    return {name: d for name, d in deps.items() if name not in stubs}, package["targets"]


def linked(module, deps, seen=None):
    """The C modules `module` links, itself or through its dependencies."""
    seen = set() if seen is None else seen
    for dependency in deps.get(module, ()):
        if dependency not in seen:
            seen.add(dependency)
            linked(dependency, deps, seen)
    return {name for name in seen if name in LIBRARIES}


def check_module_map(deps, targets, failures):
    path = os.path.join(ROOT, "docs/ARCHITECTURE.md")
    rows = {}
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            names = re.findall(r"`([A-Za-z][\w-]*)`", cells[0]) if line.startswith("| `") else []
            if names and names[0] in deps:
                rows[names[0]] = (number, cells[1])
    for module, (number, column) in rows.items():
        words = set(re.findall(r"[\w-]+", re.sub(r"\([^)]*\)", "", column)))
        said, actual = words & set(deps), deps[module]
        if said != actual:
            failures.append(
                f"docs/ARCHITECTURE.md:{number}: the module map says {module} depends on {', '.join(sorted(said)) or 'nothing'}; "
                f"Package.swift gives it {', '.join(sorted(actual)) or 'nothing'}")
    for target in targets:
        name = target["name"]
        if name.startswith("Herald") and target["type"] in ("regular", "executable") and name not in rows:
            if not (target.get("path") or "").startswith("Tests"):
                failures.append(f"docs/ARCHITECTURE.md: the module map has no row for {name}")


def sentences(path):
    """(line, sentence) for each sentence outside code blocks, with the line its paragraph,
    list item or table row starts on (each of those starts a new sentence)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    block, start, fenced = [], 1, False
    for number, line in enumerate(lines + [""], 1):
        if line.startswith("```"):
            fenced = not fenced
            line = ""
        if fenced:
            continue
        new_item = re.match(r"\s*([-*|]|\d+\.)\s", line) or line.startswith("#")
        if not line.strip() or new_item:
            text = " ".join(block)
            for sentence in re.split(r"(?<=\.)\s+(?=[A-Z`*(\[])", text):
                yield start, sentence
            block = []
        if line.strip():
            start = number if not block else start
            block.append(line.strip())


def check_sentences(files, deps, failures):
    modules = [name for name in deps if name.startswith("Herald")]
    for path in files:
        shown = os.path.relpath(path, ROOT)
        for number, sentence in sentences(path):
            named = [m for m in modules if re.search(rf"\b({m}|{ALIASES.get(m, m)})\b(?!/)", sentence, re.I)]
            libraries = {c for c, word in LIBRARIES.items() if re.search(rf"\b{word}\b", sentence)}
            if not named or not libraries or NEGATION.search(sentence):
                continue
            links = set().union(*(linked(m, deps) for m in named))
            for library in sorted(libraries - links):
                failures.append(
                    f"{shown}:{number}: says {LIBRARIES[library]} beside {', '.join(named)}, which Package.swift does not link "
                    f"to it ({library}): \"{sentence[:160]}\"")


def check_phrases(files, deps, failures):
    forbidden = [(r"libmicrohttpd", "no target links libmicrohttpd: the gateway's HTTP server is Herald's own, on epoll")]
    if "CCurl" not in linked("HeraldAPNs", deps):
        forbidden.append((r"HTTP/2 (over|on|through|with|via) libcurl|libcurl multi",
                          "HeraldAPNs does not link libcurl: its HTTP/2 is Herald's own, on nghttp2 and OpenSSL"))
    for path in files:
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                for pattern, why in forbidden:
                    if re.search(pattern, line, re.I):
                        failures.append(f"{os.path.relpath(path, ROOT)}:{number}: {why}: \"{line.strip()[:160]}\"")


def main():
    arguments = sys.argv[1:]
    package_json = None
    if arguments[:1] == ["--package-json"]:
        package_json, arguments = arguments[1], arguments[2:]
    files = [os.path.abspath(a) for a in arguments] or [os.path.join(ROOT, "README.md")] + sorted(
        glob.glob(os.path.join(ROOT, "docs", "*.md")))
    deps, targets = dependencies(load_package(package_json))
    missing = [t["name"] for t in targets if t["type"] == "system" and t["name"] not in LIBRARIES]
    failures = [f"scripts/check_module_claims.py: {name} is a system library of Package.swift without a word in LIBRARIES"
                for name in missing]
    check_module_map(deps, targets, failures)
    check_sentences(files, deps, failures)
    check_phrases(files, deps, failures)
    if failures:
        print("check_module_claims: what the docs say a module is built on differs from Package.swift:", file=sys.stderr)
        for failure in failures:
            print("  " + failure, file=sys.stderr)
        sys.exit(1)
    print(f"check_module_claims: {len(files)} files agree with Package.swift on each module's libraries")


if __name__ == "__main__":
    main()
