#!/usr/bin/env bash
# make check-apple: type-checks every Apple-only Swift file on Linux, and proves the check
# has teeth.
#
#   1. Builds HeraldApple, HeraldAppleExtensions (and so every module they import, such as
#      HeraldDownload) and the test-only declaration stubs (AppleStubs/, Linux only), so
#      that the check works on its own from a fresh clone.
#   2. Type-checks, with Swift 6 and warnings as errors, each Apple module against the
#      stubs: HeraldApple, and the example app's targets as separate modules, so they
#      can use HeraldApple's public API only.
#      The README's integration snippet is type-checked too, with a prelude that declares
#      the app's own view controller it names.
#   3. Type-checks HeraldApple without the stubs: every file must compile away cleanly
#      (`#if canImport(UIKit)`), as it does on Linux and macOS for users of HeraldCore.
#   4. Type-checks the probes in scripts/check-apple-probes/: small files that misuse the
#      stubbed API the way a real SDK rejects (a view built off the main actor, main-actor
#      state touched from a @Sendable completion, a delegate method iOS would never call, a
#      wrong label or name); each must fail with the diagnostic its first line expects.
#   5. For each Apple file in turn, type-checks a copy with two injected faults, and
#      expects both to be reported: a plain type error inside the file's
#      `#if canImport(...)` block, and the file's first Apple type renamed to one that
#      does not exist (so the file's platform calls really are checked against the stubs).
#
# Before all of it (no build needed), scripts/check_apple_stubs.py: every stub declaration
# names its Apple source and iOS version, carries `@available` where that version is later
# than the package's iOS 15, and `UIApplication.shared` is unavailable in app extensions and
# named in no extension code (the compiler ignores availability on Linux), and API newer
# than Xcode 16's SDK is named only under `#if compiler(>=6.2)`; then its self-test plants
# each of those faults and expects each to fail.
#
# Usage: scripts/check-apple.sh            (all of it)
#        scripts/check-apple.sh --mutate MODULE FILE   (one file of step 4; used by xargs)
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SWIFTC=${SWIFTC:-swiftc}
WORK=${CHECK_APPLE_WORK:-.build/check-apple}
MARK="HeraldCheckAppleMissing"
INJECTED="heraldCheckAppleInjected"

# The Apple modules and their files (every file of a module is type-checked together).
files_of() {
    case "$1" in
        HeraldApple) find Sources/HeraldApple -name '*.swift' | sort ;;
        HeraldAppleExtensions) find Sources/HeraldAppleExtensions -name '*.swift' | sort ;;
        HeraldDemo) find Examples/HeraldDemo/App -name '*.swift' | sort ;;
        HeraldDemoSwiftUI) find Examples/HeraldDemo/SwiftUIApp -name '*.swift' | sort ;;
        HeraldDemoServiceExtension) find Examples/HeraldDemo/ServiceExtension -name '*.swift' | sort ;;
        HeraldDemoContentExtension) find Examples/HeraldDemo/ContentExtension -name '*.swift' | sort ;;
        *) echo "check-apple: unknown module $1" >&2; exit 2 ;;
    esac
}
MODULES_CHECKED="HeraldApple HeraldAppleExtensions HeraldDemo HeraldDemoSwiftUI HeraldDemoServiceExtension HeraldDemoContentExtension"

typecheck() { # MODULE_NAME SEARCH_PATH FILE...
    local module=$1 search=$2
    shift 2
    # -continue-building-after-errors: report every file's errors, not only the first failing one's.
    "$SWIFTC" -typecheck -swift-version 6 -parse-as-library -warnings-as-errors -diagnostic-style llvm \
        -continue-building-after-errors -module-name "$module" -I "$search" -I Sources/CCurl "$@"
}

modules_dir() {
    local bin
    bin=$("$SWIFT" build --show-bin-path)
    if [ -d "$bin/Modules" ]; then echo "$bin/Modules"; else echo "$bin"; fi
}

# One file of step 4: copies the module's files, injects both faults into FILE, and
# prints "ok FILE" or "FAIL FILE: why".
mutate() {
    local module=$1 file=$2 modules dir copy line target
    modules=$(modules_dir)
    dir=$(mktemp -d "$WORK/mutate.XXXXXX")
    local copies=()
    while IFS= read -r source; do
        copy="$dir/$(echo "$source" | tr '/' '_')"
        cp "$source" "$copy"
        copies+=("$copy")
        [ "$source" = "$file" ] && target=$copy
    done < <(files_of "$module")
    # Fault 1: a type error before the file's last `#endif` (or at its end).
    local fault="let $INJECTED: Int = \"a type error injected by make check-apple\""
    line=$(grep -n '^#endif' "$target" | tail -1 | cut -d: -f1 || true)
    if [ -n "$line" ]; then
        sed -i "${line}i $fault" "$target"
    else
        echo "$fault" >>"$target"
        line=$(wc -l <"$target")
    fi
    # Fault 2: the first Apple type the file names, outside comments, imports and `#if`s,
    # renamed (Herald's own `UIKit...` types are not Apple's).
    local apple='\b(UI(?!Kit[A-Z])[A-Z][A-Za-z]*|UN[A-Z][A-Za-z]*|NSLayout[A-Za-z]*|NSDirectionalEdgeInsets|CALayer[A-Za-z]*|View|ViewBuilder|Binding|ObservableObject|ObservedObject|Published|Scene|WindowGroup|NavigationStack|containerURL|SecItem[A-Za-z]*|kSec[A-Za-z]*|ActivityAttributes|ActivityState|Activity)\b'
    local first name
    first=$(grep -nP "$apple" "$target" | grep -vE '^[0-9]+:\s*(//|import |#)' | grep -v "$INJECTED" | head -1 || true)
    if [ -z "$first" ] && [ "$module" = HeraldApple ]; then
        echo "FAIL $file: names no Apple API; what needs no platform belongs in HeraldCore"
        rm -rf "$dir"
        return
    fi
    local at=0 name=""
    if [ -n "$first" ]; then
        at=${first%%:*}
        name=$(echo "${first#*:}" | grep -oP "$apple" | head -1)
        sed -i -E "${at}s/\b${name}\b/${name}_${MARK}/" "$target"
    fi
    local output
    if output=$(typecheck "$module" "$modules" "${copies[@]}" 2>&1); then
        echo "FAIL $file: type-checks with its faults injected"
    elif ! grep -F "$(basename "$target"):${line}:" <<<"$output" | grep -q "error:"; then
        echo "FAIL $file: the injected type error (line $line) was not reported"
    elif [ -n "$name" ] && ! grep -q "${name}_${MARK}" <<<"$output"; then
        echo "FAIL $file: renaming $name (line $at) was not reported"
    else
        echo "ok   $file (${name:-type error only: the file names no Apple API})"
    fi
    rm -rf "$dir"
}

if [ "${1:-}" = "--mutate" ]; then
    mutate "$2" "$3"
    exit 0
fi

if [ "$(uname -s)" != "Linux" ]; then
    echo "check-apple: AppleStubs exist on Linux only; on Apple platforms the iOS build in" \
        ".github/workflows/apple.yml checks these files against the real SDK."
    exit 0
fi

started=$(date +%s)
echo "check-apple: every stub declaration's source and availability (scripts/check_apple_stubs.py)"
python3 scripts/check_apple_stubs.py || { echo "check-apple: FAILED: the stubs' sources or availability" >&2; exit 1; }
python3 scripts/check_apple_stubs.py --self-test || { echo "check-apple: FAILED: a planted fault went unnoticed" >&2; exit 1; }
mkdir -p "$WORK"
# Every swiftc and swift build leaves a TemporaryDirectory.XXXXXX folder (and SwiftPM its
# lock files) in TMPDIR; this script's go into a folder of its own, removed when it ends.
export TMPDIR
TMPDIR="$(cd "$WORK" && pwd)/tmp"
rm -rf "$TMPDIR" && mkdir -p "$TMPDIR"
trap 'rm -rf "$TMPDIR"' EXIT
echo "check-apple: building HeraldApple, HeraldAppleExtensions and the declaration stubs"
# Every module an Apple file imports must be built here: a fresh clone has no .build.
for target in HeraldApple HeraldAppleExtensions UserNotificationsUI; do
    if ! output=$("$SWIFT" build --target "$target" 2>&1); then
        grep -E "error:" <<<"$output" | sort -u >&2 || echo "$output" >&2
        echo "check-apple: FAILED: $target does not build against the stubs" >&2
        exit 1
    fi
done
MODULES=$(modules_dir)

echo "check-apple: type-checking each Apple module against the stubs (Swift 6, warnings as errors)"
for module in $MODULES_CHECKED; do
    mapfile -t files < <(files_of "$module")
    typecheck "$module" "$MODULES" "${files[@]}"
    echo "  $module: ${#files[@]} files"
done

readme="$WORK/readme"
rm -rf "$readme" && mkdir -p "$readme"
awk '/<!-- make check-apple type-checks this block -->/ { marked = 1; next }
     marked && /^```swift/ { inside = 1; next }
     inside && /^```/ { exit }
     inside { print }' README.md >"$readme/Integration.swift"
[ -s "$readme/Integration.swift" ] || { echo "check-apple: README.md has no marked swift block" >&2; exit 1; }
cat >"$readme/Prelude.swift" <<'PRELUDE'
import HeraldCore
import UIKit

/// The app's own screen, which the README's snippet names.
final class OrderViewController: UIViewController {
    init(_ screen: Screen) { super.init(nibName: nil, bundle: nil) }
    required init?(coder: NSCoder) { nil }
}
PRELUDE
typecheck ReadmeExample "$MODULES" "$readme/Prelude.swift" "$readme/Integration.swift"
echo "  README.md integration: $(grep -c . "$readme/Integration.swift") lines"

echo "check-apple: every HeraldApple file compiles away without UIKit"
bare="$WORK/no-stubs"
rm -rf "$bare" && mkdir -p "$bare"
ln -s "$(cd "$MODULES" && pwd)/HeraldCore.swiftmodule" "$bare/HeraldCore.swiftmodule"
for file in $(files_of HeraldApple); do
    head -1 "$file" | grep -qE '^#if canImport\((UIKit|SwiftUI)\)' ||
        { echo "check-apple: $file must start with #if canImport(UIKit)" >&2; exit 1; }
done
mapfile -t files < <(files_of HeraldApple)
typecheck HeraldApple "$bare" "${files[@]}"

echo "check-apple: the stubs reject what Apple's SDK rejects (scripts/check-apple-probes)"
for probe in scripts/check-apple-probes/*.swift; do
    expected=$(head -1 "$probe" | sed -n 's|^// expect: ||p')
    if output=$(typecheck Probe "$MODULES" "$probe" 2>&1); then
        echo "check-apple: $probe type-checks; the stubs are looser than Apple's SDK" >&2
        exit 1
    elif ! grep -qF "$expected" <<<"$output"; then
        echo "check-apple: $probe failed, but not with \"$expected\":" >&2
        echo "$output" >&2
        exit 1
    fi
    echo "  rejected: $(basename "$probe" .swift)"
done

echo "check-apple: each Apple file with a type error and a wrong Apple name put into it must fail"
jobs=$(nproc 2>/dev/null || echo 2)
results=$(for module in $MODULES_CHECKED; do files_of "$module" | sed "s|^|$module |"; done |
    xargs -P "$jobs" -n 2 "$0" --mutate)
echo "$results" | sort | sed 's/^/  /'
count=$(echo "$results" | grep -c . || true)
if grep -q '^FAIL' <<<"$results"; then
    echo "check-apple: FAILED: a fault put into an Apple file went unnoticed" >&2
    exit 1
fi
echo "check-apple: passed; $count Apple files checked, each fault caught ($(($(date +%s) - started)) s)"
