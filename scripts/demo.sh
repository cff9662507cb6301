#!/usr/bin/env bash
# `make demo`: the most complete end-to-end Herald has so far. Every provider's
# example payload is decoded and linted, broken payloads show what lint says, and
# the client runtime plays two seed posts through `herald simulate`, a Live Activity tells
# a deploy (started from the server, three updates, ended), and the gateway publishes
# through HeraldAPNs to the APNs simulator; it ends with Herald Console's address and the
# key to sign in with (KEEP=1 keeps the gateway up until Ctrl-C).
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

bold "5. The client runtime plays seed post 000 (banner, URL routing, login gate) on a virtual clock"
"$herald" simulate Examples/Scenarios/000-getui-banner-url-routing.json

bold "6. Seed post 004: confirm alert in the foreground, direct routing from the notification centre, cold start"
"$herald" simulate Examples/Scenarios/004-confirm-alert-cold-start-stack.json

bold "7. A Live Activity: a deploy started from the server, three progress updates, ended"
scripts/demo_live_activity.sh "$herald"

bold "8. Hostile input gets a clear error, never a crash"
printf '{"aps": {"alert": "cut' | "$herald" inspect -
echo "exit status: $? (2: unreadable input)"
python3 -c 'print("[" * 10000 + "]" * 10000)' | "$herald" lint -
echo "exit status: $? (2: unreadable input)"

# Last, so that with KEEP=1 the gateway and Herald Console stay up at the end of the demo.
bold "9. The gateway: publish to an interest and a user through APNs (simulated), receipts, statistics, Herald Console"
scripts/demo_gateway.sh "$herald"
exit 0
