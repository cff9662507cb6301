#!/usr/bin/env bash
# The Live Activity part of `make demo`: a deploy told as a Live Activity. An APNs
# simulator, `herald serve` on SQLite, one simulated device (herald device --live-activity)
# that reports its push-to-start token; the server starts the activity remotely, sends three
# progress updates to it and ends it, each a publish with its statistics. Loopback only;
# everything stops by itself.
set -euo pipefail
herald="$(cd "$(dirname "${1:-.build/debug/herald}")" && pwd)/$(basename "${1:-.build/debug/herald}")"
work=$(mktemp -d)
cleanup() { kill "${sim_pid:-}" "${serve_pid:-}" "${device_pid:-}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
cd "$work"
say() { printf '  %s\n' "$*"; }
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }

openssl ecparam -name prime256v1 -genkey -noout -out k.pem 2>/dev/null
openssl pkcs8 -topk8 -nocrypt -in k.pem -out AuthKey_DEMO123456.p8
"$herald" apns-sim --listen 127.0.0.1:0 --tls-dir tls --trust-key DEMO123456:TEAM123456:AuthKey_DEMO123456.p8 \
    --record sim-record.jsonl --duration 120 > sim.out 2>&1 &
sim_pid=$!
for _ in $(seq 50); do grep -q "listening on" sim.out 2>/dev/null && break; sleep 0.1; done
sim=$(grep -o "127.0.0.1:[0-9]*" sim.out | head -1)
"$herald" app create --data data --name Demo --bundle-id org.herald.demo --auth-key AuthKey_DEMO123456.p8 \
    --key-id DEMO123456 --team-id TEAM123456 --environment sandbox --apns-endpoint "https://$sim" --apns-ca tls/ca.pem > app.json
app=$(json "d['appId']" < app.json); client=$(json "d['clientKey']" < app.json); server=$(json "d['serverKey']" < app.json)
"$herald" serve --data data --listen 127.0.0.1:0 > serve.out 2> serve.err &
serve_pid=$!
for _ in $(seq 50); do grep -q "listening on" serve.out 2>/dev/null && break; sleep 0.1; done
gw=$(grep -o "127.0.0.1:[0-9]*" serve.out | head -1)
say "APNs simulator on https://$sim, herald serve on http://$gw, app $app"

api() { curl -s -X "$1" "http://$gw/v1/apps/$app/$2" -H "Authorization: Bearer $3" -H 'Content-Type: application/json' ${4:+-d "$4"}; }

# The on-call engineer's phone: its app has Live Activities of type DeployAttributes.
"$herald" device --gateway "http://$gw" --app "$app" --client-key "$client" --record sim-record.jsonl \
    --token "$(printf '%064x' 31337)" --name ops --interests oncall --live-activity DeployAttributes --expect 5 \
    --timeout 60 > device.out 2>&1 &
device_pid=$!
for _ in $(seq 100); do grep -q "device.activity.pushToStart" device.out 2>/dev/null && break; sleep 0.1; done
device_id=$(grep -o 'deviceId=[a-z_0-9]*' device.out | head -1 | cut -d= -f2)
say "device $device_id registered, with a push-to-start token for DeployAttributes"

publish() { api POST publishes "$server" "$1" | json "d['publishId']"; }
publishes=()
publishes+=("$(publish '{"interests":["oncall"],"options":{"pushType":"liveactivity"},"apns":{"aps":{"event":"start",
  "attributes-type":"DeployAttributes","attributes":{"service":"api","version":"v2.15.0"},
  "content-state":{"stage":"queued","progress":0},"alert":{"title":"Deploy started","body":"api v2.15.0"},
  "input-push-token":1}}}')")
say "started the activity on the interest 'oncall' (push-to-start): ${publishes[0]}"

# The backend learns the activity's id and update token from the gateway once the device reports it.
activity=""
for _ in $(seq 100); do
    activity=$(api GET "devices/$device_id/live-activities" "$server" | json "d['activities'][0]['activityId'] if d['activities'] else ''")
    [ -n "$activity" ] && break
    sleep 0.1
done
[ -n "$activity" ] || { echo "the device never reported its activity" >&2; cat device.out >&2; exit 1; }
say "the device reported activity $activity and its update token"

for step in "building 30" "testing 60" "rolling-out 90"; do
    set -- $step
    publishes+=("$(publish '{"activities":["'"$activity"'"],"apns":{"aps":{"event":"update","content-state":{"stage":"'"$1"'","progress":'"$2"'}}}}')")
    say "update: $1 ($2%): ${publishes[-1]}"
    sleep 0.3
done
publishes+=("$(publish '{"activities":["'"$activity"'"],"apns":{"aps":{"event":"end","content-state":{"stage":"live","progress":100},"alert":{"title":"Deploy done","body":"api v2.15.0 is live"}}}}')")
say "ended the activity: ${publishes[-1]}"

status=0
wait "$device_pid" || status=1
echo
say "device ops (what ActivityKit would show, and what the app reported to the gateway):"
sed 's/^/    /' device.out
[ "$status" = 0 ] || { echo "the simulated device did not play the whole activity" >&2; exit 1; }
echo
say "publish statistics, from the gateway:"
for p in "${publishes[@]}"; do
    api GET "publishes/$p" "$server" | json "'  %s: %s, targeted %d, sent %d, failed %d, invalidated %d' % (d['publishId'], d['status'], d['targeted'], d['sent'], d['failed'], d['invalidated'])"
done
