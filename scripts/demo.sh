#!/usr/bin/env bash
# `make demo`: the most complete end-to-end Herald has so far. Every provider's
# example payload is decoded and linted, then a broken payload shows what lint says.
set -uo pipefail
herald="${1:-.build/debug/herald}"
cd "$(dirname "$0")/.."

bold() { printf '\n\033[1m%s\033[0m\n' "$*"; }

bold "1. One payload from every provider, decoded into the same typed view"
files=()
for provider in apns pusher-beams getui jpush umeng fcm onesignal airship braze iterable herald; do
    files+=("Examples/Payloads/$provider.json")
done
"$herald" inspect --json "${files[@]}" | python3 scripts/summarize.py

bold "2. The full view of one payload (herald inspect Examples/Payloads/getui.json)"
"$herald" inspect Examples/Payloads/getui.json

bold "3. Lint every example against APNs rules"
"$herald" lint "${files[@]}"
echo "exit status: $?"

bold "4. Lint payloads with mistakes"
"$herald" lint Examples/Payloads/lint-badge-string.json
echo "exit status: $? (1: problems found)"
"$herald" lint --push-type background Examples/Payloads/lint-background-with-alert.json
echo "exit status: $? (1: problems found)"

bold "5. Hostile input gets a clear error, never a crash"
printf '{"aps": {"alert": "cut' | "$herald" inspect -
echo "exit status: $? (2: unreadable input)"
python3 -c 'print("[" * 10000 + "]" * 10000)' | "$herald" lint -
echo "exit status: $? (2: unreadable input)"
exit 0
