"""`make bench-fcm`, second part: one gateway publishing to iOS and Android devices at once.

`herald serve` (release build, its default deliverers: HeraldAPNs and HeraldFCM) on SQLite,
`herald apns-sim` and `herald fcm-sim` on loopback, both recording. N devices (100,000 by
default) are imported with `herald app import-devices`: all APNs, all FCM, then half and
half, each set in its own interest. For each set: the time from the POST until the publish
is `done` (every device's notification accepted by its simulator), per platform from the
publish's `byPlatform`, and the server's peak memory. Afterwards the simulators' records are
checked: every token of every set reached exactly once, on its own platform. The peer, in
the same run against the same FCM simulator: firebase-admin (Benchmarks/fcm_firebase_peer.py)
sending M messages straight, with no gateway in between. Writes the section between the
bench:mixed markers of the --report file.

Needs the venv of scripts/pyenv.sh (PyJWT, cryptography, firebase-admin): `make bench-fcm`.
"""
import argparse
import collections
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import APNsSim, Server, machine, publish_and_wait, run_json, write_p8, write_section  # noqa: E402
from fcm_bench import FCMSim  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
START, END = "<!-- bench:mixed:start -->", "<!-- bench:mixed:end -->"
KEY_ID, TEAM_ID, TOPIC = "BENCH12345", "TEAM123456", "com.example.bench"
SETS = [("apns", 1.0), ("fcm", 0.0), ("mixed", 0.5)]  # interest, share of APNs devices


def write_devices(path, n, sets):
    """n devices per set as import lines, each in its set's interest; {interest: {platform: tokens}}."""
    tokens = {}
    with open(path, "w") as f:
        for interest, apns_share in sets:
            mine = tokens.setdefault(interest, {"apns": set(), "fcm": set()})
            for i in range(n):
                seed = hashlib.sha256(b"%s-%d" % (interest.encode(), i)).hexdigest()
                if i < n * apns_share:
                    mine["apns"].add(seed)
                    f.write(json.dumps({"token": seed, "environment": "production", "interests": [interest]}) + "\n")
                else:
                    token = "bench:" + seed[:40]
                    mine["fcm"].add(token)
                    f.write(json.dumps({"token": token, "platform": "fcm", "interests": [interest]}) + "\n")
    return tokens


def recorded(path, token_of):
    """How many times each token is in a simulator's record file."""
    counts = collections.Counter()
    with open(path) as f:
        for line in f:
            counts[token_of(json.loads(line))] += 1
    return counts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--devices", type=int, default=100_000)
    parser.add_argument("--peer-count", type=int, default=10_000)
    args = parser.parse_args()
    n = args.devices

    with tempfile.TemporaryDirectory() as folder:
        data = os.path.join(folder, "data")
        key_file = os.path.join(folder, f"AuthKey_{KEY_ID}.p8")
        write_p8(key_file)
        apns_record, fcm_record = os.path.join(folder, "apns.jsonl"), os.path.join(folder, "fcm.jsonl")
        apns = APNsSim(args.herald, os.path.join(folder, "apns"), KEY_ID, TEAM_ID, key_file, record=apns_record)
        fcm = FCMSim(args.herald, os.path.join(folder, "fcm"), record=fcm_record)
        results = []
        try:
            created = json.loads(subprocess.run(
                [args.herald, "app", "create", "--data", data, "--name", "Bench", "--bundle-id", TOPIC,
                 "--auth-key", key_file, "--key-id", KEY_ID, "--team-id", TEAM_ID, "--environment", "production",
                 "--apns-endpoint", apns.url, "--apns-ca", apns.ca,
                 "--fcm-service-account", fcm.account, "--fcm-endpoint", fcm.url, "--fcm-ca", fcm.ca],
                check=True, capture_output=True, text=True).stdout)
            app, server_key = created["appId"], created["serverKey"]
            devices = os.path.join(folder, "devices.jsonl")
            tokens = write_devices(devices, n, SETS)
            subprocess.run([args.herald, "app", "import-devices", "--data", data, "--app", app, devices], check=True, capture_output=True)
            for interest, _ in SETS:
                server = Server(args.herald, ["--data", data], os.path.join(folder, "serve.err"))
                try:
                    seconds, accept, status = publish_and_wait(server, app, server_key, interest, n, "Bench", "one to many")
                finally:
                    server.stop()
                results.append((interest, seconds, accept, status, server.peak_kib / 1024))
                print(f"{interest}: {n:,} in {seconds:.2f} s, {status.get('byPlatform')}")
            peer = run_json([sys.executable, os.path.join(ROOT, "Benchmarks/fcm_firebase_peer.py"), "--service-account", fcm.account,
                             "--endpoint", fcm.url, "--ca", fcm.ca, "--count", str(args.peer_count)], timeout=3600)
            if peer["accepted"] != args.peer_count:
                raise SystemExit(f"firebase-admin: {peer['accepted']} of {args.peer_count} accepted")
        finally:
            apns.stop()
            fcm.stop()
        check(tokens, recorded(apns_record, lambda r: r["token"]), recorded(fcm_record, lambda r: r["message"]["token"]), args.peer_count)

    rows = []
    for interest, seconds, accept, status, peak in results:
        split = status.get("byPlatform", {})
        apns_sent, fcm_sent = split.get("apns", {}).get("sent", 0), split.get("fcm", {}).get("sent", 0)
        rows.append(
            f"| {interest}: {apns_sent:,} APNs + {fcm_sent:,} FCM devices | 202 in {accept * 1000:.0f} ms; all {status['sent']:,} "
            f"accepted by the simulators in {seconds:.2f} s ({n / seconds:,.0f}/s); server peak RSS {peak:.0f} MiB |")
    fcm_rate = n / next(seconds for interest, seconds, *_ in results if interest == "fcm")
    rows.append(
        f"| peer: firebase-admin sends {args.peer_count:,} messages straight to the same FCM simulator "
        f"(`send_each_async`, batches of 500) | {peer['rate']:,.0f}/s; the gateway's FCM publish (durable, counted) "
        f"{fcm_rate / peer['rate']:.1f}x its rate |")
    section = "\n".join([
        START,
        f"Measured {time.strftime('%Y-%m-%d')} on {machine()}. `herald serve` release build on SQLite, default options "
        "(batches of 500, 4 in flight; HeraldAPNs and HeraldFCM with 2 HTTP/2 connections each); "
        "`herald apns-sim` and `herald fcm-sim` recording; afterwards every token was found exactly once, on its own simulator.",
        "",
        "| a publish to an interest of %s devices | result |" % format(n, ","),
        "| --- | --- |",
        *rows,
        END,
    ])
    write_section(os.path.join(ROOT, args.report), section, START, END)
    print(section)


def check(tokens, apns_counts, fcm_counts, peer_count):
    """Every token of every set exactly once on its own simulator, nothing else but the peer's tokens."""
    problems = []
    for interest, platforms in tokens.items():
        for platform, wanted in platforms.items():
            counts = apns_counts if platform == "apns" else fcm_counts
            missing = sum(1 for token in wanted if counts[token] == 0)
            twice = sum(1 for token in wanted if counts[token] > 1)
            if missing or twice:
                problems.append(f"{interest}/{platform}: {missing} never reached, {twice} reached twice")
    ours = set().union(*(p["apns"] | p["fcm"] for p in tokens.values()))
    extra = sum(count for token, count in (apns_counts + fcm_counts).items() if token not in ours and not token.startswith("bench-"))
    if extra:
        problems.append(f"the simulators recorded {extra} messages to tokens no set has")
    # The peer's own tokens (bench-N): each at least once (firebase-admin may send one again after a timeout).
    peer = sum(1 for token in fcm_counts if token.startswith("bench-"))
    if peer != peer_count:
        problems.append(f"firebase-admin reached {peer} of its {peer_count} tokens")
    if problems:
        raise SystemExit("records: " + "; ".join(problems))


if __name__ == "__main__":
    main()
