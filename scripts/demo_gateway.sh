#!/usr/bin/env bash
# The gateway part of `make demo`: an APNs simulator, `herald serve` on SQLite delivering
# through HeraldAPNs, an app with a token key, three devices registered, a publish to an
# interest and one to a user, the devices' receipts, and the statistics. Loopback only;
# everything stops by itself.
set -euo pipefail
herald="$(cd "$(dirname "${1:-.build/debug/herald}")" && pwd)/$(basename "${1:-.build/debug/herald}")"
work=$(mktemp -d)
cleanup() { kill "${sim_pid:-}" "${serve_pid:-}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"; }
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
say "APNs simulator on https://$sim (checks every header and the ES256 token)"

"$herald" app create --data data --name Demo --bundle-id org.herald.demo --auth-key AuthKey_DEMO123456.p8 \
    --key-id DEMO123456 --team-id TEAM123456 --environment sandbox --apns-endpoint "https://$sim" --apns-ca tls/ca.pem > app.json
app=$(json "d['appId']" < app.json); client=$(json "d['clientKey']" < app.json); server=$(json "d['serverKey']" < app.json)
say "app $app created (server and client keys stored hashed)"

"$herald" serve --data data --listen 127.0.0.1:0 > serve.out 2> serve.err &
serve_pid=$!
for _ in $(seq 50); do grep -q "listening on" serve.out 2>/dev/null && break; sleep 0.1; done
gw=$(grep -o "127.0.0.1:[0-9]*" serve.out | head -1)
say "herald serve on http://$gw (SQLite in WAL mode, delivering through HeraldAPNs)"

api() { curl -s -X "$1" "http://$gw/v1/apps/$app/$2" -H "Authorization: Bearer $3" -H 'Content-Type: application/json' ${4:+-d "$4"}; }
devices=()
for i in 1 2 3; do
    user=""; [ "$i" = 1 ] && user=',"userId":"maya"'
    id=$(api POST devices "$client" "{\"token\":\"$(printf '%064x' $((i * 7919)))\",\"platform\":\"apns\",\"environment\":\"sandbox\",\"interests\":[\"deploys\"]$user}" | json "d['deviceId']")
    devices+=("$id")
done
say "3 devices registered to interest 'deploys'; the first is user 'maya'"

publish() { api POST publishes "$server" "$1" | json "d['publishId']"; }
p1=$(publish '{"interests":["deploys"],"notification":{"title":"Deploy ready","body":"v2.14.0 is live","link":"app://deploys/1290"}}')
p2=$(publish '{"users":["maya"],"notification":{"title":"Review requested","body":"Leo asked you to review #88"}}')
say "published $p1 to the interest and $p2 to the user"
for p in "$p1" "$p2"; do
    for _ in $(seq 100); do [ "$(api GET "publishes/$p" "$server" | json "d['status']")" = done ] && break; sleep 0.1; done
done

# The devices' Herald runtime reports receipts through GatewayClient: every device got
# the interest publish, maya opened both.
now=$(date +%s)
events=""
for d in "${devices[@]}"; do events+="{\"publishId\":\"$p1\",\"deviceId\":\"$d\",\"event\":\"delivered\",\"at\":$now},"; done
events+="{\"publishId\":\"$p1\",\"deviceId\":\"${devices[0]}\",\"event\":\"opened\",\"at\":$now},"
events+="{\"publishId\":\"$p2\",\"deviceId\":\"${devices[0]}\",\"event\":\"delivered\",\"at\":$now},"
events+="{\"publishId\":\"$p2\",\"deviceId\":\"${devices[0]}\",\"event\":\"opened\",\"at\":$now}"
api POST events "$client" "{\"events\":[$events]}" > /dev/null
say "devices reported delivered and opened receipts"
for p in "$p1" "$p2"; do
    api GET "publishes/$p" "$server" | json "'  %s: %s, targeted %d, sent %d, failed %d, delivered %d, opened %d' % (d['publishId'], d['status'], d['targeted'], d['sent'], d['failed'], d['delivered'], d['opened'])"
done
