#!/usr/bin/env python3
"""make check-apple, the stubs' sources: every declaration in AppleStubs/ names where it
comes from, and carries the availability that source gives it.

Rules (a declaration is a `public`/`open` one, an enum `case`, a protocol requirement, or an
`extension T: P` conformance):

  1. It has a source comment, on its line or on the comment and attribute lines just above:
     `// Apple: <Framework> <Symbol>, iOS <version>` (the SDK's introduction, from Apple's
     documentation), or `// Linux: <why>` for what exists only because Linux lacks the
     Objective-C runtime or Darwin's Foundation (no availability then).
  2. When that version is later than the package's iOS 15 and than what the enclosing
     declaration already requires, the declaration carries `@available(iOS <version>, *)`
     (or `@available(iOS, introduced: <version>, ...)`); a mark it carries must equal the
     comment's version. Without it, Linux would accept a use that Xcode rejects.
  3. `..., not in app extensions` in the comment goes with
     `@available(iOSApplicationExtension, unavailable)`, and the one never without the other.

And extension code (Sources/HeraldAppleExtensions, the demo's extensions) never names
`UIApplication.shared`, which app extensions cannot use; iOS's SDK rejects it there, and
these stubs cannot (Linux ignores the attribute). And Apple code (Sources/HeraldApple*,
Examples/HeraldDemo) names API newer than the oldest supported SDK (Xcode 16.0's iOS 18.0,
such as iOS 26's `ActivityState.pending`) only inside `#if compiler(>=6.2)`: the older
SDK does not declare it at all, so `#available` alone does not compile there.

Usage: check_apple_stubs.py [--stubs DIR] [--extensions DIR ...]
       check_apple_stubs.py --self-test   (plants each fault in a copy of the stubs and of
                                           HeraldAppleExtensions; each must fail)
"""

import argparse
import re
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEPLOYMENT_TARGET = (15, 0)
# Xcode 16.0 (Swift 6.0), the oldest the package supports, has the iOS 18.0 SDK; Xcode 26
# (Swift 6.2) the first with iOS 26's API.
OLDEST_SDK, NEWER_SDK_COMPILER = (18, 0), (6, 2)
EXTENSION_CODE = ["Sources/HeraldAppleExtensions", "Examples/HeraldDemo/ServiceExtension", "Examples/HeraldDemo/ContentExtension"]
APPLE_CODE = ["Sources/HeraldApple", "Sources/HeraldAppleExtensions", "Examples/HeraldDemo"]

ATTRIBUTE = re.compile(r"^@\w+(\((?:[^()]|\([^()]*\))*\))?\s*")
MODIFIER = re.compile(r"^(nonisolated|final|static|class|mutating|convenience|required|override|indirect)\s+")
SOURCE = re.compile(r"//\s*(Apple|Linux):\s*(.*)$")
VERSION = re.compile(r"\biOS (\d+)\.(\d+)\b")
MARK = re.compile(r"@available\(iOS(?:,\s*introduced:)?\s*(\d+)\.(\d+)")
EXTENSION_UNAVAILABLE = "@available(iOSApplicationExtension, unavailable)"


def code_of(line):
    """The line without its comment and string literals (the stubs' strings hold no `//`)."""
    line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
    return line.split("//", 1)[0].rstrip()


def split_attributes(code):
    """(attributes, the rest) of a line of code."""
    rest, attributes = code.strip(), []
    while True:
        match = ATTRIBUTE.match(rest)
        if not match:
            return attributes, rest
        attributes.append(match.group(0).strip())
        rest = rest[match.end():]


def declaration_kind(rest, container):
    """What `rest` (a line's code after its attributes) declares, or None."""
    if re.match(r"^extension\s+[\w.<> ,]+:", rest):
        return "conformance"
    if container == "enum" and re.match(r"^case\s", rest):
        return "case"
    if container == "protocol" and re.match(r"^(static\s+)?(func|var|init|associatedtype|mutating)\b", rest):
        return "requirement"
    if not re.match(r"^(public|open)\b", rest):
        return None
    words = rest.split()
    for kind in ("protocol", "enum", "struct", "class", "extension"):
        if kind in words[:4] and not (kind == "class" and words[words.index(kind) + 1 : words.index(kind) + 2] in (["func"], ["var"])):
            return kind
    return "member"


def check_stubs(stubs, newer=None):
    """The stubs' problems; fills `newer` with (name, symbol, version) of what the oldest SDK lacks."""
    problems = []
    for path in sorted(stubs.rglob("*.swift")):
        lines = path.read_text().splitlines()
        # Each open brace: (its kind, the iOS version everything inside it already requires).
        stack = [("file", DEPLOYMENT_TARGET)]
        pending = None
        for number, line in enumerate(lines, 1):
            code = code_of(line)
            attributes, rest = split_attributes(code)
            container, required = stack[-1]
            kind = declaration_kind(rest, container) if rest else None
            if kind:
                where = f"{path.relative_to(stubs.parent)}:{number}"
                # The source comment and the attributes: this line, then the lines above it
                # that hold only attributes or comments.
                comments = [line]
                above = number - 2
                while above >= 0:
                    previous = lines[above].strip()
                    if previous.startswith("//") or (previous.startswith("@") and not split_attributes(code_of(previous))[1]):
                        comments.append(lines[above])
                        attributes += split_attributes(code_of(previous))[0] if previous.startswith("@") else []
                        above -= 1
                    else:
                        break
                sources = [SOURCE.search(text) for text in comments]
                sources = [match for match in sources if match]
                marks = [tuple(map(int, MARK.match(attribute).groups())) for attribute in attributes if MARK.match(attribute)]
                own = marks[0] if marks else None
                extension_unavailable = EXTENSION_UNAVAILABLE in " ".join(attributes).replace("  ", " ")
                if not sources:
                    problems.append(f"{where}: no `// Apple: <Framework> <Symbol>, iOS <version>` (or `// Linux:`) source comment")
                    version = own or required
                elif sources[0].group(1) == "Linux":
                    version = own or required
                else:
                    text = sources[0].group(2)
                    found = VERSION.search(text)
                    if not found:
                        problems.append(f"{where}: its `// Apple:` comment names no iOS version")
                        version = own or required
                    else:
                        version = (int(found.group(1)), int(found.group(2)))
                        symbol = text[: found.start()].rstrip(", ").split(" ", 1)[-1]
                        if newer is not None and version > OLDEST_SDK:
                            newer.append((re.sub(r"\(.*", "", symbol).split(".")[-1], symbol, version))
                        if own is not None and own != version:
                            problems.append(f"{where}: marked @available(iOS {own[0]}.{own[1]}) but Apple gives iOS {version[0]}.{version[1]}")
                        elif own is None and version > max(required, DEPLOYMENT_TARGET):
                            problems.append(
                                f"{where}: Apple gives iOS {version[0]}.{version[1]}, later than iOS {max(required, DEPLOYMENT_TARGET)[0]}.{max(required, DEPLOYMENT_TARGET)[1]};"
                                f" it needs @available(iOS {version[0]}.{version[1]}, *)")
                    says_unavailable = "not in app extensions" in text if sources[0].group(1) == "Apple" else False
                    if says_unavailable and not extension_unavailable:
                        problems.append(f"{where}: not in app extensions, so it needs {EXTENSION_UNAVAILABLE}")
                    if extension_unavailable and not says_unavailable:
                        problems.append(f"{where}: {EXTENSION_UNAVAILABLE} without `not in app extensions` in its source comment")
                pending = (kind if kind in ("protocol", "enum", "struct", "class", "extension") else "member", max(version, required))
            elif re.match(r"^extension\b", rest):
                pending = ("extension", DEPLOYMENT_TARGET)
            for character in code:
                if character == "{":
                    stack.append(pending or ("block", stack[-1][1]))
                    pending = None
                elif character == "}":
                    stack.pop()
    return problems


def check_extension_code(directories):
    problems = []
    for directory in directories:
        for path in sorted(Path(directory).rglob("*.swift")):
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if "UIApplication.shared" in code_of(line):
                    problems.append(f"{path}:{number}: UIApplication.shared in app extension code (unavailable in app extensions)")
    return problems


def check_sdk_guard(directories, newer):
    """Apple code that names API the oldest SDK lacks outside `#if compiler(>=6.2)`."""
    problems = []
    for directory in directories:
        for path in sorted(Path(directory).rglob("*.swift")):
            guarded = []  # per open `#if`: whether it requires a compiler with the newer SDK
            for number, line in enumerate(path.read_text().splitlines(), 1):
                stripped = line.strip()
                condition = re.match(r"#if\s+compiler\(>=\s*(\d+)\.(\d+)\)", stripped)
                if stripped.startswith("#if"):
                    guarded.append(bool(condition) and tuple(map(int, condition.groups())) >= NEWER_SDK_COMPILER)
                elif stripped.startswith("#else") or stripped.startswith("#elseif"):
                    guarded[-1] = False
                elif stripped.startswith("#endif"):
                    guarded.pop()
                elif not any(guarded):
                    code = code_of(line)
                    for name, symbol, version in newer:
                        if re.search(rf"\.{name}\b", code):
                            problems.append(
                                f"{path}:{number}: names {symbol} (iOS {version[0]}.{version[1]}), which Xcode 16's SDK lacks,"
                                f" outside #if compiler(>=6.2)")
    return problems


def run(stubs, extensions, apple_code=None):
    newer = []
    problems = check_stubs(Path(stubs), newer)
    apple_code = [ROOT / directory for directory in APPLE_CODE] if apple_code is None else apple_code
    return problems + check_extension_code(extensions) + check_sdk_guard(apple_code, newer)


def self_test():
    """Plants each fault into a copy and expects the check to report it."""
    failures = 0
    with tempfile.TemporaryDirectory() as temporary:
        base = Path(temporary)

        def plant(name, edit, expected):
            nonlocal failures
            copy = base / name
            stubs, extension = copy / "AppleStubs", copy / "Extension"
            shutil.copytree(ROOT / "AppleStubs", stubs)
            extension.mkdir(parents=True)
            for source in (ROOT / "Sources/HeraldAppleExtensions").rglob("*.swift"):
                shutil.copy(source, extension / source.name)
            edit(stubs, extension)
            problems = run(stubs, [extension], [extension])
            if any(expected in problem for problem in problems):
                print(f"  rejected: {name}")
            else:
                print(f"check-apple: planting {name} went unnoticed ({problems or 'no problem reported'})", file=sys.stderr)
                failures += 1

        def edit_file(relative, old, new):
            def edit(stubs, extension):
                path = stubs / relative
                text = path.read_text()
                if old not in text:
                    raise SystemExit(f"check-apple: self-test: {relative} no longer holds {old!r}")
                path.write_text(text.replace(old, new, 1))
            return edit

        clean = run(ROOT / "AppleStubs", [ROOT / directory for directory in EXTENSION_CODE])
        if clean:
            print("check-apple: the stubs themselves fail the check:\n  " + "\n  ".join(clean), file=sys.stderr)
            return 1
        plant("a missing iOS 26 availability (ActivityState.pending)",
              edit_file("ActivityKit/ActivityKit.swift", "@available(iOS 26.0, *) case pending", "case pending"), "needs @available(iOS 26.0, *)")
        plant("a missing iOS 16.2 availability (ActivityState.stale)",
              edit_file("ActivityKit/ActivityKit.swift", "@available(iOS 16.2, *) case stale", "case stale"), "needs @available(iOS 16.2, *)")
        plant("an availability that is not Apple's (pushToStartToken)",
              edit_file("ActivityKit/ActivityKit.swift", "@available(iOS 17.2, *)\n    public static var pushToStartToken:", "@available(iOS 17.0, *)\n    public static var pushToStartToken:"),
              "but Apple gives iOS 17.2")
        plant("a missing iOS 16 availability (setBadgeCount)",
              edit_file("UserNotifications/UserNotifications.swift", "    @available(iOS 16.0, *)\n    open func setBadgeCount", "    open func setBadgeCount"),
              "needs @available(iOS 16.0, *)")
        plant("a declaration without its source",
              edit_file("UIKit/UIKit.swift", "    open func registerForRemoteNotifications() { stub() }", "    open func registerForRemoteNotifications() { stub() }\n    open func planted() { stub() }"),
              "no `// Apple:")
        plant("UIApplication.shared without its extension unavailability",
              edit_file("UIKit/UIKit.swift", f"    {EXTENSION_UNAVAILABLE}\n    open class var shared", "    open class var shared"), "needs " + EXTENSION_UNAVAILABLE)

        def shared_in_extension(stubs, extension):
            path = sorted(extension.glob("*.swift"))[0]
            path.write_text(path.read_text() + "\n#if canImport(UIKit)\n@MainActor func planted() { _ = UIApplication.shared }\n#endif\n")

        plant("UIApplication.shared in extension code", shared_in_extension, "UIApplication.shared in app extension code")

        def pending_unguarded(stubs, extension):
            (extension / "Planted.swift").write_text(
                "#if canImport(ActivityKit)\nimport ActivityKit\n@available(iOS 26.0, *)\nlet planted: ActivityState = .pending\n#endif\n")

        plant("iOS 26 API outside #if compiler(>=6.2)", pending_unguarded, "outside #if compiler(>=6.2)")
    return 1 if failures else 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--stubs", default=str(ROOT / "AppleStubs"))
    parser.add_argument("--extensions", nargs="*", default=[str(ROOT / directory) for directory in EXTENSION_CODE])
    parser.add_argument("--self-test", action="store_true")
    arguments = parser.parse_args()
    if arguments.self_test:
        return self_test()
    problems = run(arguments.stubs, arguments.extensions)
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
