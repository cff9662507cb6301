#!/usr/bin/env python3
"""Every shell example of README.md and docs/*.md, run as written (`make doc-test`).

The examples are the fenced blocks tagged sh, bash, shell or console (doc_test_blocks.py);
a block marked `<!-- doc-test: not runnable: REASON -->` on the line before it is listed as
skipped with its reason. Each file's blocks run in order in one bash session of their own
(doc_test_shell.py), in a fresh folder holding `Examples/` and `herald` on the PATH,
against the APNs and FCM simulators, the gateway and the app this test starts
(doc_test_services.py). The docs' placeholders are filled from a table: the gateway's
address for 127.0.0.1:8080 and https://push.example.com, the app's id and keys for
app_5f0c…, hsk_… and hck_…, a made key for each AuthKey_….p8, the block a doc shows
marked `<!-- doc-test: file NAME -->` for the file NAME; a console block's shown JSON adds
what its elided values (`"publishId": "pub_31c7…"`) turned out to be, for the commands
after it. Each block has a timeout for all its commands.

A command passes when it exits 0 (non-zero when the doc shows it printing `error:`), prints
JSON with every key the doc shows when the doc shows JSON, and prints each labelled line the
doc shows (`error: aps.badge:`, `title:`). One line per block, then
`N examples ran, N passed, N skipped (not runnable), N failed`; exit 1 on any failure.

Usage: doc_test.py --herald .build/debug/herald [--timeout SECONDS] [--verbose] [FILE.md...]
       (the files relative to the repository; default README.md and docs/*.md)
"""
import argparse
import glob
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import time

from doc_test_blocks import blocks
from doc_test_services import Services, free_port, make_key
from doc_test_shell import SERVER, Session

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Substitutions:
    """Placeholder → value, longest placeholder first; a placeholder that is a word (APP_ID)
    is replaced only as a whole word."""

    def __init__(self, pairs):
        self.table = dict(pairs)

    def add(self, placeholder, value):
        self.table[placeholder] = value

    def apply(self, text):
        for placeholder in sorted(self.table, key=len, reverse=True):
            value = self.table[placeholder]
            if re.fullmatch(r"\w+", placeholder):
                text = re.sub(rf"\b{placeholder}\b", lambda _: value, text)
            else:
                text = text.replace(placeholder, value)
        return text


def prepare(text, table):
    """The command to run: a herald server gets a free port (the address the doc gave it, or
    its default, then stands for that port in later commands); the placeholders are filled."""
    server = SERVER.match(text)
    if not server:
        return table.apply(text)
    kind, port = server.group(1), free_port()
    # A reader starts it in a terminal of its own: its `&` and a trailing comment go.
    text = re.sub(r"\s+#[^'\"\n]*$", "", text.rstrip()).rstrip().rstrip("&").rstrip()
    option = re.search(r"--listen\s+([\w.]+):(\d+)", text) or re.search(r"--port\s+(\d+)", text)
    if option:
        given = option.group(option.lastindex)
        text = text[:option.start()] + "\0LISTEN\0" + text[option.end():]
    else:
        given = {"serve": "8080", "apns-sim": "2197", "fcm-sim": "2198"}[kind]
        text += " \0LISTEN\0"
    for host in ("127.0.0.1", "localhost", "0.0.0.0"):
        table.add(f"{host}:{given}", f"127.0.0.1:{port}")
    by_port = option.re.pattern.startswith("--port") if option else kind == "fcm-sim"  # fcm-sim's --port N
    listen = f"--port {port}" if by_port else f"--listen 127.0.0.1:{port}"
    return table.apply(text).replace("\0LISTEN\0", listen)


def json_documents(text):
    try:
        return [json.loads(text)]
    except ValueError:
        found = []
        for line in text.splitlines():
            try:
                found.append(json.loads(line))
            except ValueError:
                pass
        return found


def walk(value):
    """Every (key, value) of a JSON value, depth first."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield key, item
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from walk(item)


def check(command, result, server, table):
    """Why the command's result is not what the doc says (None when it is); learns the
    values of the doc's elided JSON strings."""
    expected = command.expected
    if result.timed_out:
        return "did not end before the block's timeout"
    if server:
        return None if result.status == 0 else "the server stopped instead of listening"
    wants_failure = bool(expected and expected.fails)
    if wants_failure != (result.status != 0):
        return f"exited {result.status}" + ("; the doc shows it failing" if wants_failure else "")
    if not expected:
        return None
    if expected.is_json:
        documents = json_documents(result.out)
        if not documents:
            return "printed no JSON; the doc shows JSON"
        pairs = [pair for document in documents for pair in walk(document)]
        missing = sorted(expected.keys - {key for key, _ in pairs})
        if missing:
            return f"its JSON lacks {', '.join(missing)}, which the doc shows"
        for key, placeholder in expected.placeholders:
            value = next((v for k, v in pairs if k == key and isinstance(v, str)), None)
            if value is not None:
                table.add(placeholder, value)
    printed = [line.strip() for line in (result.out + result.err).splitlines()]
    missing = [label for label in expected.labels if not any(line.startswith(label) for line in printed)]
    return f"prints no line {', '.join(repr(m) for m in missing)}, which the doc shows" if missing else None


def setup_folder(work, blocks_, services, files):
    """The file's folder: Examples/, the gateway's data folder as ./herald-data, a made key for
    each AuthKey_….p8 the examples use but do not make, each file a doc shows (`files`, name →
    text) that they name, placeholders filled; extra placeholders."""
    os.makedirs(work)
    os.symlink(os.path.join(REPO, "Examples"), os.path.join(work, "Examples"))
    os.symlink(services.data, os.path.join(work, "herald-data"))
    texts = "\n".join(c.text for b in blocks_ if not b.skip for c in b.commands)
    made = set(re.findall(r"-out\s+(AuthKey_\w+\.p8)", texts))
    for name in set(re.findall(r"AuthKey_\w+\.p8", texts)) - made:
        make_key(os.path.join(work, name))
    table = Substitutions(services.placeholders())
    for name, text in files.items():
        if re.search(rf"(?<![\w/.-]){re.escape(name)}\b", texts):
            with open(os.path.join(work, name), "w") as f:
                f.write(table.apply(text))
    extra = []
    if "OLD_APP_ID" in texts:
        extra.append(("OLD_APP_ID", services.old_app()))
    if "NEW_APP_ID" in texts:
        # The app the doc made on PostgreSQL just before (HERALD_DATABASE_URL is set in the session).
        extra.append(("NEW_APP_ID", "$(herald app list --json | jq -r '.[0].appId')"))
    return extra


def run_file(path, found, files, services, root, timeout, env, verbose=False):
    """Runs one file's blocks; (place, outcome, detail) per block. `verbose` prints each
    command as run and what it printed."""
    slug = re.sub(r"\W", "-", path)
    work, shell = os.path.join(root, "work", slug), os.path.join(root, "shell", slug)
    os.makedirs(shell)
    table = Substitutions(services.placeholders() + setup_folder(work, found, services, files))
    session = Session(shell, work, env)
    session.start()
    outcomes = []
    try:
        for block in found:
            if block.skip:
                outcomes.append((block.place, "skipped", block.skip))
                continue
            if block.problem:
                outcomes.append((block.place, "failed", block.problem))
                continue
            why, deadline = None, time.time() + timeout
            for command in block.commands:
                text = prepare(command.text, table)
                result = session.run(text, max(1.0, deadline - time.time()))
                if verbose:
                    print(f"  $ {text}\n" + "".join(f"  | {line}\n" for line in (result.out + result.err).splitlines()), end="")
                why = check(command, result, SERVER.match(text), table)
                if why:
                    tail = "\n".join((result.err.strip() or result.out.strip()).splitlines()[-8:])
                    why = f"line {command.line}: `{command.text.splitlines()[0]}` {why}" + (f"\n{tail}" if tail else "")
                    break
            outcomes.append((block.place, "failed" if why else "ok", why))
    finally:
        session.stop()
    return outcomes


def main():
    # Stopped from outside: the sessions, servers and folders still go (the `finally`s).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    parser = argparse.ArgumentParser(description="Runs every shell example of README.md and docs/*.md.")
    parser.add_argument("--herald", required=True)
    parser.add_argument("--timeout", type=float, default=90, help="seconds each block's commands may take together (default 90)")
    parser.add_argument("--verbose", action="store_true", help="print each command as run and its output")
    parser.add_argument("files", nargs="*")
    args = parser.parse_args()
    files = args.files or ["README.md"] + sorted(os.path.relpath(p, REPO) for p in glob.glob(os.path.join(REPO, "docs", "*.md")))
    herald = os.path.abspath(args.herald)
    found = {path: blocks(path, open(os.path.join(REPO, path)).read()) for path in files}
    files = {b.file: "\n".join(b.body) + "\n" for path_blocks in found.values() for b in path_blocks if b.file}
    found = {path: [b for b in path_blocks if not b.file] for path, path_blocks in found.items()}
    found = {path: b for path, b in found.items() if b}
    root = tempfile.mkdtemp(prefix="herald-doc-test-")
    services = Services(herald, root)
    counts = {"ok": 0, "failed": 0, "skipped": 0}
    try:
        texts = "\n".join(c.text for b in sum(found.values(), []) if not b.skip for c in b.commands)
        services.start(postgres="postgres://" in texts)
        os.makedirs(os.path.join(root, "bin"))
        os.symlink(herald, os.path.join(root, "bin", "herald"))
        env = {k: v for k, v in os.environ.items() if not k.startswith("HERALD_")}
        env["PATH"] = os.path.join(root, "bin") + os.pathsep + env.get("PATH", "")
        for path, file_blocks in found.items():
            for place, outcome, detail in run_file(path, file_blocks, files, services, root, args.timeout, env, args.verbose):
                counts[outcome] += 1
                if outcome == "skipped":
                    print(f"{place}: skipped (not runnable: {detail})")
                else:
                    print(f"{place}: ran, {outcome}" + (": " + detail.replace("\n", "\n    ") if detail else ""))
                sys.stdout.flush()
    finally:
        services.stop()
        shutil.rmtree(root, ignore_errors=True)
    ran = counts["ok"] + counts["failed"]
    print(f"{ran} examples ran, {counts['ok']} passed, {counts['skipped']} skipped (not runnable), {counts['failed']} failed")
    return 1 if counts["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
