"""The shell examples of README.md and docs/*.md, as the doc test (doc_test.py) runs them.

A block is a fenced block tagged sh, bash, shell or console. An HTML comment on the line
before its fence, `<!-- doc-test: not runnable: REASON -->`, skips it with that reason.
An untagged block that starts with `$ ` is a transcript left untagged: it is reported, so
every example is either run or marked. A block of any tag marked `<!-- doc-test: file
NAME -->` is a file the examples use (`payload.json`): it is written, not run.

In an sh block every line is a command (a line ending in a backslash, or inside an open
quote or here-document, goes on). In a console block a command is a `$ ` line (and its
continuation) and the lines after it, up to the next `$ `, are what the doc says it
prints: `Expected` reads from them the JSON keys, the labelled lines (`error: aps.badge:`,
`title:`) and whether it fails (it prints `error:`).
"""
import re
import shlex
from dataclasses import dataclass, field

SHELL_TAGS = {"sh", "bash", "shell", "console"}
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
SKIP = re.compile(r"^\s*<!--\s*doc-test:\s*not runnable:\s*(.+?)\s*-->\s*$")
FILE = re.compile(r"^\s*<!--\s*doc-test:\s*file\s+(\S+)\s*-->\s*$")
JSON_KEY = re.compile(r'"([^"\\]+)"\s*:')
JSON_PLACEHOLDER = re.compile(r'"([^"\\]+)"\s*:\s*"([^"\\]*…[^"\\]*)"')
# `error: aps.badge:`, `warning: aps:`, `title:`: a word, then maybe a path, each ending in a colon.
LABEL = re.compile(r"^\s*([A-Za-z-]+:(?: [A-Za-z0-9_.\[\]-]+:)?)(?:\s|$)")


@dataclass
class Expected:
    """What a console block shows after a command."""
    lines: list

    @property
    def text(self):
        return "\n".join(self.lines).strip()

    @property
    def is_json(self):
        return self.text.startswith(("{", "["))

    @property
    def fails(self):
        """The doc shows an error: the command exits non-zero."""
        return any(line.startswith("error:") for line in self.lines)

    @property
    def keys(self):
        return set(JSON_KEY.findall(self.text)) if self.is_json else set()

    @property
    def placeholders(self):
        """(key, placeholder) for each string value the doc elides (`"appId":"app_5f0c…"`)."""
        return JSON_PLACEHOLDER.findall(self.text) if self.is_json else []

    @property
    def labels(self):
        if self.is_json:
            return []
        found = (LABEL.match(line) for line in self.lines)
        return list(dict.fromkeys(m.group(1) for m in found if m))


@dataclass
class Command:
    text: str
    line: int
    expected: Expected = None


@dataclass
class Block:
    path: str
    line: int
    tag: str
    body: list
    skip: str = None
    problem: str = None
    # The name of the file this block is (`doc-test: file NAME`), not an example.
    file: str = None
    commands: list = field(default_factory=list)

    @property
    def place(self):
        return f"{self.path}:{self.line}"


def blocks(path, text):
    """Every shell block of a Markdown file (and every untagged transcript, every file block), in order."""
    lines = text.split("\n")
    found, i = [], 0
    while i < len(lines):
        fence = FENCE.match(lines[i])
        if not fence:
            i += 1
            continue
        indent, tag, start = fence.group(1), fence.group(2), i
        i += 1
        body = []
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].lstrip())
            i += 1
        i += 1
        skip = SKIP.match(lines[start - 1]) if start > 0 else None
        named = FILE.match(lines[start - 1]) if start > 0 else None
        if named:
            found.append(Block(path, start + 1, tag, body, file=named.group(1)))
        elif tag in SHELL_TAGS:
            block = Block(path, start + 1, tag, body, skip.group(1) if skip else None)
            try:
                block.commands = transcript(body, start + 2) if tag == "console" else script(body, start + 2)
            except ValueError as error:
                block.problem = str(error)
            found.append(block)
        elif tag == "" and body and body[0].startswith("$ "):
            found.append(Block(path, start + 1, tag, body, problem="a transcript in an untagged block: tag it console"))
    return found


def complete(text):
    """Whether `text` is a whole command: no trailing backslash, open quote or here-document."""
    if text.endswith("\\"):
        return False
    heredoc = re.search(r"<<-?\s*['\"]?(\w+)['\"]?", text)
    if heredoc and not re.search(rf"^\s*{heredoc.group(1)}\s*$", text.split("\n", 1)[-1], re.M):
        return False
    try:
        shlex.split(text.split("<<")[0] if heredoc else text, comments=True)
    except ValueError:
        return False
    return True


def script(body, first_line):
    """An sh block's commands: each line, with its continuation lines."""
    commands, current, start = [], [], first_line
    for number, line in enumerate(body, first_line):
        if not current:
            if not line.strip() or line.strip().startswith("#"):
                continue
            start = number
        current.append(line)
        if complete("\n".join(current)):
            commands.append(Command("\n".join(current), start))
            current = []
    if current:
        raise ValueError(f"line {start}: the command does not end (an open quote or a trailing backslash)")
    return commands


def transcript(body, first_line):
    """A console block's `$ ` commands, each with the lines the doc shows after it."""
    commands, current, i = [], None, 0
    while i < len(body):
        line = body[i]
        if line.startswith("$ "):
            start, text = first_line + i, line[2:]
            while not complete(text):
                i += 1
                if i == len(body):
                    raise ValueError(f"line {start}: the command does not end (an open quote or a trailing backslash)")
                text += "\n" + body[i]
            current = Command(text, start, Expected([]))
            commands.append(current)
        elif current is not None:
            current.expected.lines.append(line)
        elif line.strip():
            raise ValueError(f"line {first_line + i}: output before the first `$ ` command")
        i += 1
    return commands
