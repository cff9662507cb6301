#!/usr/bin/env bash
# The gateway part of `make demo`: an APNs simulator and an FCM simulator, `herald serve` on
# SQLite delivering through HeraldAPNs and HeraldFCM, an app with a token key and a service
# account, three simulated iOS devices (herald device: GatewayClient and the client runtime)
# and one Android device, a publish to an interest and one to a user, the devices' banners,
# navigation and receipts, and the statistics per platform; then where Herald Console is.
# Loopback only; everything stops by itself, unless KEEP=1: then the gateway, the simulator
# and the three devices stay up (the devices take every new push) until Ctrl-C.
set -euo pipefail
herald="$(cd "$(dirname "${1:-.build/debug/herald}")" && pwd)/$(basename "${1:-.build/debug/herald}")"
root="$(cd "$(dirname "$0")/.." && pwd)"
work=$(mktemp -d)
cleanup() { kill "${sim_pid:-}" "${fcm_pid:-}" "${serve_pid:-}" "${media_pid:-}" "${device_pids[@]:-}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
cd "$work"
say() { printf '  %s\n' "$*"; }
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
keep="${KEEP:-}"
[ "$keep" = 0 ] && keep=""
lifetime=120
[ -n "$keep" ] && lifetime=604800

openssl ecparam -name prime256v1 -genkey -noout -out k.pem 2>/dev/null
openssl pkcs8 -topk8 -nocrypt -in k.pem -out AuthKey_DEMO123456.p8
"$herald" apns-sim --listen 127.0.0.1:0 --tls-dir tls --trust-key DEMO123456:TEAM123456:AuthKey_DEMO123456.p8 \
    --record sim-record.jsonl --duration "$lifetime" > sim.out 2>&1 &
sim_pid=$!
for _ in $(seq 50); do grep -q "listening on" sim.out 2>/dev/null && break; sleep 0.1; done
sim=$(grep -o "127.0.0.1:[0-9]*" sim.out | head -1)
say "APNs simulator on https://$sim (checks every header and the ES256 token)"

"$herald" fcm-sim --listen 127.0.0.1:0 --tls-dir fcm-tls --record fcm-record.jsonl --duration "$lifetime" > fcm.out 2>&1 &
fcm_pid=$!
for _ in $(seq 50); do grep -q "listening on" fcm.out 2>/dev/null && break; sleep 0.1; done
fcm=$(grep -o "127.0.0.1:[0-9]*" fcm.out | head -1)
say "FCM simulator on https://$fcm (checks the service account's RS256 assertion, the access token and each message)"

"$herald" app create --data data --name Demo --bundle-id org.herald.demo --auth-key AuthKey_DEMO123456.p8 \
    --key-id DEMO123456 --team-id TEAM123456 --environment sandbox --apns-endpoint "https://$sim" --apns-ca tls/ca.pem \
    --fcm-service-account fcm-tls/service-account.json --fcm-endpoint "https://$fcm" --fcm-ca fcm-tls/ca.pem > app.json
app=$(json "d['appId']" < app.json); client=$(json "d['clientKey']" < app.json); server=$(json "d['serverKey']" < app.json)
say "app $app created (APNs token key and FCM service account; server and client keys stored hashed; a user-token secret for the backend)"

"$herald" serve --data data --listen 127.0.0.1:0 > serve.out 2> serve.err &
serve_pid=$!
for _ in $(seq 50); do grep -q "listening on" serve.out 2>/dev/null && break; sleep 0.1; done
gw=$(grep -o "127.0.0.1:[0-9]*" serve.out | head -1)
say "herald serve on http://$gw (SQLite in WAL mode, delivering through HeraldAPNs and HeraldFCM)"

# The release notes' image, served locally (a 48 KB PNG) for the devices' Service Extensions.
# It exits when its standard input closes: this script holds the fifo's write end (fd 8).
mkfifo media.in
python3 "$root/scripts/media_server.py" --port 0 --lifetime "$lifetime" > media.out < media.in &
media_pid=$!
exec 8> media.in
for _ in $(seq 50); do grep -q "^PORT" media.out 2>/dev/null && break; sleep 0.1; done
image="http://127.0.0.1:$(awk '/^PORT/ {print $2}' media.out)/m/png/48000/release-notes"

api() { curl -s -X "$1" "http://$gw/v1/apps/$app/$2" -H "Authorization: Bearer $3" -H 'Content-Type: application/json' ${4:+-d "$4"}; }

# Three simulated devices (herald device): each registers its token through GatewayClient,
# takes the pushes the APNs simulator accepted for it, runs its Service Extension (the
# image) and the client runtime of its scenario (Examples/Gateway/) on them, and sends
# its receipts to the gateway.
scenarios="$root/Examples/Gateway"
device() { # name, token number, pushes expected, extra options
    "$herald" device --gateway "http://$gw" --app "$app" --client-key "$client" --record "${record:-sim-record.jsonl}" \
        --token "$(printf '%064x' "$2")" --name "$1" --scenario "$scenarios/$1.json" --interests deploys --expect "$3" \
        --service-extension --timeout "${timeout:-60}" "${@:4}" > "device-$1${suffix:-}.out" 2>&1 &
    device_pids+=($!)
}
device_pids=()
# maya is logged in: the app's backend signs her a user token (here the CLI plays the
# backend), and her device binds itself to her with it.
maya_token=$("$herald" app user-token --data data --app "$app" --user maya)
device maya 7919 2 --user maya --user-token "$maya_token"
device leo 15838 1
device ana 23757 1
# sam has an Android phone: its FCM token, registered the way docs/android.md shows.
android() { # name, pushes expected
    "$herald" device --platform fcm --gateway "http://$gw" --app "$app" --client-key "$client" --record "${fcm_record:-fcm-record.jsonl}" \
        --token "demo-$1:APA91bHun4MxP5egoKMwt2KZFBaFUH-1RYqx" --name "$1" --interests deploys --expect "$2" \
        --timeout "${timeout:-60}" > "device-$1${suffix:-}.out" 2>&1 &
    device_pids+=($!)
}
android sam 1
for name in maya leo ana sam; do
    for _ in $(seq 100); do grep -q "device.registered" "device-$name.out" 2>/dev/null && break; sleep 0.1; done
done
say "3 iOS devices and 1 Android device (sam) registered through GatewayClient to interest 'deploys',"
say "each with its own device key; maya is bound to user 'maya' with a user token from the backend"

publish() { api POST publishes "$server" "$1" | json "d['publishId']"; }
p1=$(publish '{"interests":["deploys"],"notification":{"title":"Deploy ready","body":"v2.14.0 is live","link":"app://deploys/1290","image":"'"$image"'"}}')
say "published $p1 to the interest 'deploys' (with an image: mutable-content)"
sleep 0.5
p2=$(publish '{"users":["maya"],"notification":{"title":"Review requested","body":"Leo asked you to review #88","link":"app://reviews/88"}}')
say "published $p2 to the user 'maya'"
status=0
for pid in "${device_pids[@]}"; do wait "$pid" || status=1; done
for name in maya leo ana sam; do
    echo
    [ "$name" = sam ] && { say "device sam (an Android phone: FCM shows the notification; the app reports it delivered)"; sed 's/^/    /' "device-sam.out"; continue; }
    say "device $name ($(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['about'].split(': ',1)[1])" "$scenarios/$name.json"))"
    sed 's/^/    /' "device-$name.out"
done
[ "$status" = 0 ] || { echo "a simulated device did not get its pushes or could not send its receipts" >&2; exit 1; }
echo
say "publish statistics, from the gateway:"
for p in "$p1" "$p2"; do
    api GET "publishes/$p" "$server" | json "'  %s: %s, targeted %d, sent %d, failed %d, delivered %d, opened %d; by platform: %s' % (d['publishId'], d['status'], d['targeted'], d['sent'], d['failed'], d['delivered'], d['opened'], ', '.join('%s sent %d' % (k, v['sent']) for k, v in sorted(d.get('byPlatform', {}).items())))"
done

# maya's inbox on two devices (herald device --inbox): a publish with "inbox": true reaches
# her phone and her iPad; she reads it on the phone (--read-inbox); the gateway's background
# push brings the read to the iPad, whose unread count and notification list follow.
inbox_device() { # name, token number, pushes expected, extra options
    "$herald" device --gateway "http://$gw" --app "$app" --client-key "$client" --record sim-record.jsonl \
        --token "$(printf '%064x' "$2")" --name "$1" --scenario "$scenarios/inbox.json" --user maya --user-token "$maya_token" \
        --inbox --expect "$3" --timeout 60 "${@:4}" > "device-$1.out" 2>&1 &
    device_pids+=($!)
}
device_pids=()
inbox_device maya-phone 31676 1 --read-inbox
inbox_device maya-ipad 39595 2
for name in maya-phone maya-ipad; do
    for _ in $(seq 100); do grep -q "device.inbox" "device-$name.out" 2>/dev/null && break; sleep 0.1; done
done
p3=$(publish '{"users":["maya"],"notification":{"title":"Standup moved","body":"Standup is at 10:30 today"},"inbox":true}')
for pid in "${device_pids[@]}"; do wait "$pid" || status=1; done
echo
say "maya's inbox: $p3 (\"inbox\": true) to the user 'maya', who has a phone and an iPad"
for name in maya-phone maya-ipad; do
    say "device $name"
    sed 's/^/    /' "device-$name.out"
done
[ "$status" = 0 ] || { echo "maya's phone or iPad did not get its pushes or could not sync its inbox" >&2; exit 1; }
unread=$(api GET "users/maya/inbox" "$server" | json "d['unread']")
ipad=$(grep 'sync=push' device-maya-ipad.out | tail -1)
say "maya read it on her phone; her iPad got the gateway's background push and synced:"
say "  its badge is $(grep -o 'unread=[0-9]*' <<< "$ipad" | cut -d= -f2), and $(grep -o 'removed=[^ ]*' <<< "$ipad" | cut -d= -f2) left its notification list"
say "  the gateway agrees: maya's inbox has $unread unread"

echo
say "Herald Console, the gateway's web page: http://$gw/console"
say "  sign in with app id $app"
say "  and its server key  $server"
if [ -z "$keep" ]; then
    say "(this demo's gateway stops now; 'make demo KEEP=1' keeps it up to look at these publishes and send more)"
    exit 0
fi
# The devices again, each taking every push the simulator accepts from now on: a publish
# sent from the console reaches them, and their receipts fill its funnel.
tail -n 0 -F sim-record.jsonl > live-record.jsonl 2>/dev/null &
device_pids=($!)
tail -n 0 -F fcm-record.jsonl > live-fcm-record.jsonl 2>/dev/null &
device_pids+=($!)
record=live-record.jsonl fcm_record=live-fcm-record.jsonl timeout=604800 suffix=-live
device maya 7919 1000000
device leo 15838 1000000
device ana 23757 1000000
android sam 1000000
unset record fcm_record timeout suffix
say "The gateway, the simulators and the devices maya, leo, ana and sam (interest 'deploys') stay up;"
say "compose a push to the interest 'deploys' in the console and watch its funnel. Ctrl-C stops everything."
trap 'echo; say "stopping"; exit 0' INT TERM
wait "$serve_pid"
