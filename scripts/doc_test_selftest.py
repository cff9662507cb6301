#!/usr/bin/env python3
"""The doc test's own test (`make doc-test` runs it first): the examples it finds in a
Markdown text, and that each kind of wrong example fails it (an exit status, a JSON key
or a labelled line the doc shows and the command does not print, a command that does not
end, an unmarked transcript), in a real bash session. Prints each check that fails, then 'N passed, N failed'.
"""
import os
import shutil
import sys
import tempfile

from doc_test import Substitutions, check, prepare
from doc_test_blocks import Command, Expected, blocks
from doc_test_shell import Session

SAMPLE = """\
```sh
x=41 \\
  y=1
echo "$((x + y))"   # a comment's 'quote
```

<!-- doc-test: not runnable: needs a phone -->
```console
$ herald send TOKEN
```

```console
$ printf '{"id":"pub_9f2a","state":"done"}'
{"id":"pub_1…","state":"creating"}
$ printf 'error: aps.badge: no\\nwarning: aps: none\\n'; false
error: aps.badge: expected an integer
warning: aps: nothing to show
```

```
$ untagged
```

<!-- doc-test: file payload.json -->
```json
{"aps": {}}
```
"""

outcomes = []


def expect(condition, what):
    if not condition:
        print(f"doc-test self-test FAILED: {what}")
    outcomes.append(bool(condition))


def run(session, text, expected=None, timeout=10, table=None):
    """Why the command fails the doc test (None when it passes)."""
    command = Command(text, 1, Expected(expected.split("\n")) if expected is not None else None)
    return check(command, session.run(text, timeout), False, table or Substitutions([]))


def main():
    found = blocks("sample.md", SAMPLE)
    expect([b.tag for b in found] == ["sh", "console", "console", "", "json"], "every shell block, the transcript and the file are found")
    sh, skipped, console, untagged, named = found
    expect([c.text for c in sh.commands] == ["x=41 \\\n  y=1", "echo \"$((x + y))\"   # a comment's 'quote"],
           "a continued line is one command; a quote in a comment ends nothing")
    expect(skipped.skip == "needs a phone" and untagged.problem and named.file == "payload.json", "marks are read")
    shown = console.commands[0].expected
    expect(shown.keys == {"id", "state"} and shown.placeholders == [("id", "pub_1…")], "shown JSON gives keys and elided values")
    expect(console.commands[1].expected.fails and console.commands[1].expected.labels == ["error: aps.badge:", "warning: aps:"],
           "a shown error means failure; labels are read")

    folder = tempfile.mkdtemp(prefix="herald-doc-selftest-")
    session = Session(folder, folder, dict(os.environ))
    session.start()
    try:
        table = Substitutions([])
        expect(run(session, console.commands[0].text, "\n".join(shown.lines), table=table) is None, "a JSON answer with the keys passes")
        expect(table.apply("GET /publishes/pub_1…") == "GET /publishes/pub_9f2a", "an elided value is learned for later commands")
        expect(run(session, "printf '{\"id\":1}'", '{"id":1,"state":"done"}') is not None, "a JSON key the doc shows and the output lacks fails")
        expect(run(session, "printf 'not json'", '{"id":1}') is not None, "text where the doc shows JSON fails")
        lint = "\n".join(console.commands[1].expected.lines)
        expect(run(session, console.commands[1].text, lint) is None, "an error the doc shows, printed with a failing status, passes")
        expect(run(session, "printf 'error: aps.badge: no\\n'", lint) is not None, "an error shown but exit status 0 fails")
        expect(run(session, "printf 'error: aps.sound: no\\n'; false", lint) is not None, "a labelled line the output lacks fails")
        expect(run(session, "false") is not None, "a command exiting non-zero fails")
        expect(run(session, "sleep 30", timeout=1) == "did not end before the block's timeout", "a command that does not end fails")
        expect(run(session, "x=7") is None and run(session, 'test "$x" = 7') is None, "a variable holds for the next command")
        served = prepare("herald serve --data d &   # 127.0.0.1:8080", table)
        expect(served.startswith("herald serve --data d --listen 127.0.0.1:") and table.apply("127.0.0.1:8080") != "127.0.0.1:8080",
               "a server gets a free port, which its default address then stands for")
    finally:
        session.stop()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"doc-test self-test: {outcomes.count(True)} passed, {outcomes.count(False)} failed")
    return 0 if all(outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
