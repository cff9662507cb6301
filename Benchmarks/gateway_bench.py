"""`make bench-gateway`: the gateway under load, written to docs/benchmarks.md.

1. Device registration through the API: wrk (2 threads, 32 connections) POSTs a new
   token per request to a running `herald serve` (with `--api-rate-limit 0`: the client
   key's default limit of 50 requests a second would answer most of them 429);
   requests per second and latency.
2. Publish to one interest of N devices (100,000 by default, imported with
   `herald app import-devices`): the time from the POST until the publish is `done`
   (every device's notification accepted by the deliverer), and the server's peak
   memory. The deliverer is the test mode `discard` (answers 200 at once), and then
   the same with a 20 ms wait per batch of 500, standing in for APNs round trips.
3. The same publish through HeraldAPNs (`herald serve`'s default deliverer, 2 HTTP/2
   connections) to `herald apns-sim` on loopback: the time from the POST until the
   simulator has accepted all N, and the server's peak memory. Then the peer, aioapns
   (Benchmarks/aioapns_peer.py), sends the same N (same tokens, payload, collapse id)
   to the same simulator. The simulator records every notification it accepts; the
   script checks afterwards that each side delivered to every token exactly once and
   that the two sent the same payload and headers. Last, `herald bench-apns` (HeraldAPNs
   alone, the same 2 connections, 500 streams each, as the gateway's deliverer) sends N
   to the same simulator: the rate the gateway's row is measured against.
4. The console's read of that publish over time (GET .../timeline?buckets=60, 20 times
   while the gateway runs): the latency, checked to add up to all N sent; beside it the
   same statements run straight on the data file by Python's sqlite3, the floor the
   HTTP path, the key check, the bucketing and the JSON add to.

Needs the venv of scripts/pyenv.sh (cryptography, aioapns): `make bench-gateway`.
"""
import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import (  # noqa: E402
    APNsSim, Server, call, machine, publish_and_wait, run_json, write_devices, write_p8, write_section, wrk_register)

START, END = "<!-- bench:gateway:start -->", "<!-- bench:gateway:end -->"
KEY_ID, TEAM_ID, TOPIC = "BENCH12345", "TEAM123456", "com.example.bench"
TITLE, BODY = "Bench", "one to many"
APNS_CONNECTIONS = 2  # APNsPushDeliverer's default (Sources/HeraldGatewayAPNs)
APNS_STREAMS = 500  # the streams it keeps in flight per connection

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--devices", type=int, default=100_000)
    parser.add_argument("--wrk-seconds", type=int, default=10)
    parser.add_argument("--peer-window", type=int, default=1000, help="aioapns: notifications in flight")
    args = parser.parse_args()
    n = args.devices

    with tempfile.TemporaryDirectory() as folder:
        data = os.path.join(folder, "data")
        key_file = os.path.join(folder, f"AuthKey_{KEY_ID}.p8")
        write_p8(key_file)
        record = os.path.join(folder, "sim-record.jsonl")
        sim = APNsSim(args.herald, folder, KEY_ID, TEAM_ID, key_file, record=record)
        try:
            created = json.loads(subprocess.run(
                [args.herald, "app", "create", "--data", data, "--name", "Bench", "--bundle-id", TOPIC,
                 "--auth-key", key_file, "--key-id", KEY_ID, "--team-id", TEAM_ID, "--environment", "production",
                 "--apns-endpoint", sim.url, "--apns-ca", sim.ca],
                check=True, capture_output=True, text=True).stdout)
            app, server_key, client_key = created["appId"], created["serverKey"], created["clientKey"]

            devices = os.path.join(folder, "devices.jsonl")
            write_devices(devices, n)
            started = time.perf_counter()
            subprocess.run([args.herald, "app", "import-devices", "--data", data, "--app", app, devices],
                           check=True, capture_output=True)
            imported = time.perf_counter() - started

            # Registration at full speed: the client side's default rate limit (50/s) is lifted.
            server = Server(args.herald, ["--data", data], os.path.join(folder, "serve.err"), ["--deliverer", "discard", "--api-rate-limit", "0"])
            try:
                wrk = wrk_register(server, app, client_key, args.wrk_seconds, folder)
                instant, instant_accept, instant_status = publish_and_wait(server, app, server_key, "bench", n, TITLE, BODY)
            finally:
                server.stop()
            instant_peak = server.peak_kib / 1024

            server = Server(args.herald, ["--data", data], os.path.join(folder, "serve.err"), ["--deliverer", "discard", "--deliverer-latency", "20"])
            try:
                slow, _, slow_status = publish_and_wait(server, app, server_key, "bench", n, TITLE, BODY)
            finally:
                server.stop()
            slow_peak = server.peak_kib / 1024

            server = Server(args.herald, ["--data", data], os.path.join(folder, "serve.err"))  # the default deliverer: HeraldAPNs
            try:
                apns, apns_accept, apns_status = publish_and_wait(server, app, server_key, "bench", n, TITLE, BODY)
                timeline = timeline_reads(server, app, server_key, apns_status["publishId"], data, n)
            finally:
                server.stop()
            apns_peak = server.peak_kib / 1024
            publish_id = apns_status["publishId"]

            payload = json.dumps({"aps": {"alert": {"title": TITLE, "body": BODY}}, "herald": {"publishId": publish_id}})
            out = subprocess.run(
                [sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "aioapns_peer.py"),
                 "--host", sim.host, "--port", sim.port, "--ca", sim.ca, "--key", key_file, "--key-id", KEY_ID,
                 "--team-id", TEAM_ID, "--topic", TOPIC, "--connections", str(APNS_CONNECTIONS),
                 "--window", str(args.peer_window), "--tokens", devices, "--payload", payload,
                 "--collapse-id", publish_id],
                capture_output=True, text=True, timeout=3600)
            if out.returncode != 0:
                raise SystemExit(f"aioapns peer failed:\n{out.stderr}")
            peer = json.loads(out.stdout.strip().splitlines()[-1])
            client = run_json(
                [args.herald, "bench-apns", "--count", str(n), "--connections", str(APNS_CONNECTIONS), "--streams", str(APNS_STREAMS),
                 "--endpoint", sim.url, "--ca", sim.ca, "--auth-key", key_file, "--key-id", KEY_ID, "--team-id", TEAM_ID,
                 "--topic", TOPIC], timeout=900)
            if client["accepted"] != n:
                raise SystemExit(f"herald bench-apns: {client['accepted']:,} of {n:,} accepted")
        finally:
            sim_stats = sim.stop()
        check_record(record, devices, n, peer, sim_stats)

    rows = [
        f"| 1. register devices (POST /devices, a new token each), wrk -t2 -c32 {args.wrk_seconds} s | "
        f"{wrk['rps']:,.0f} requests/s; latency p50 {wrk['p50']}, p99 {wrk['p99']}; {wrk['non2xx']} not 2xx |",
        f"| 2. publish to an interest of {n:,} devices, deliverer answers at once | "
        f"202 in {instant_accept * 1000:.0f} ms; all {instant_status['sent']:,} sent in {instant:.2f} s "
        f"({n / instant:,.0f}/s); server peak RSS {instant_peak:.0f} MiB |",
        f"| 3. the same, deliverer waits 20 ms per batch of 500 (4 batches in flight) | "
        f"all {slow_status['sent']:,} sent in {slow:.2f} s ({n / slow:,.0f}/s); server peak RSS {slow_peak:.0f} MiB |",
        f"| 4. the same publish through HeraldAPNs ({APNS_CONNECTIONS} connections) to `herald apns-sim` | "
        f"202 in {apns_accept * 1000:.0f} ms; all {apns_status['sent']:,} accepted by the simulator in {apns:.2f} s "
        f"({n / apns:,.0f}/s); server peak RSS {apns_peak:.0f} MiB |",
        f"| 5. peer: aioapns {peer_version()} sends the same {peer['accepted']:,} (tokens, payload, collapse id) "
        f"to the same simulator, {APNS_CONNECTIONS} connections allowed, {peer['window']:,} in flight | "
        f"all accepted in {peer['seconds']:.2f} s ({peer['rate']:,.0f}/s); the gateway (row 4) "
        f"{peer['seconds'] / apns:.1f}x its rate; its peak RSS {peer['peakRSSMiB']:.0f} MiB |",
        f"| 5b. `herald bench-apns`: HeraldAPNs alone sends {n:,} to the same simulator, {APNS_CONNECTIONS} connections, "
        f"{APNS_STREAMS} streams each | {client['rate']:,.0f}/s; the gateway (row 4) at {n / apns / client['rate'] * 100:.0f} % of it |",
        f"| 6. the console's publish over time: GET /publishes/{{id}}/timeline?buckets=60 on that publish of {n:,}, 20 times | "
        f"median {timeline['gateway']:.1f} ms, slowest {timeline['gatewayMax']:.1f} ms; the same statements from Python's sqlite3 "
        f"on the data file: median {timeline['peer']:.2f} ms |",
        f"| import {n:,} devices (`herald app import-devices`, one transaction) | {imported:.2f} s |",
    ]
    section = "\n".join([
        START,
        f"Measured {time.strftime('%Y-%m-%d')} on {machine()}; wrk {wrk_version()}; "
        "`herald serve` release build, default options but `--api-rate-limit 0` in row 1 (durability `publishes`, "
        "batches of 500, 4 in flight; "
        f"APNs: {APNS_CONNECTIONS} HTTP/2 connections, up to {APNS_STREAMS} streams each). Simulator: `herald apns-sim`, "
        f"SETTINGS_MAX_CONCURRENT_STREAMS 1000, recording; it accepted {sim_stats['accepted']:,} in all "
        f"over {sim_stats['connections']} connections, each of rows 4 and 5 to every token once, "
        f"and row 5b's {n:,} after one request to connect.",
        "",
        "| what | result |",
        "| --- | --- |",
        *rows,
        END,
    ])
    write_section(args.report, section, START, END)
    print(section)


# The statements SQLiteStore.publishTimeline runs (Sources/HeraldGateway/Store/SQLiteStore+History.swift).
TIMELINE_SQL = [
    "SELECT created_at, send_at FROM publishes WHERE app_id = ? AND id = ?",
    "SELECT second, series, count FROM publish_history WHERE publish_id = ?",
]


def timeline_reads(server, app, key, publish_id, data, n, rounds=20):
    """Milliseconds for the gateway's timeline of `publish_id` and for its statements run directly."""
    url = f"{server.base}/v1/apps/{app}/publishes/{publish_id}/timeline?buckets=60"
    gateway = []
    for _ in range(rounds):
        started = time.perf_counter()
        answer = call("GET", url, key)
        gateway.append((time.perf_counter() - started) * 1000)
    if sum(answer["series"]["sent"]) != n:
        raise SystemExit(f"the timeline counts {sum(answer['series']['sent']):,} sent, not {n:,}: {answer}")
    peer = []
    database = sqlite3.connect(f"file:{os.path.join(data, 'herald.sqlite')}?mode=ro", uri=True)
    try:
        for _ in range(rounds):
            started = time.perf_counter()
            database.execute(TIMELINE_SQL[0], (app, publish_id)).fetchall()
            database.execute(TIMELINE_SQL[1], (publish_id,)).fetchall()
            peer.append((time.perf_counter() - started) * 1000)
    finally:
        database.close()
    return {"gateway": statistics.median(gateway), "gatewayMax": max(gateway), "peer": statistics.median(peer)}


def check_record(record, devices, n, peer, sim_stats):
    """The simulator's record: the gateway's n notifications, then the peer's n, each to every token once, alike;
    then bench-apns's first request and its n."""
    with open(devices) as f:
        tokens = {json.loads(line)["token"] for line in f}
    with open(record) as f:
        lines = [json.loads(line) for line in f]
    problems = []
    # bench-apns sends one request to connect before it times its n.
    if sim_stats.get("accepted") != 3 * n + 1 or len(lines) != 3 * n + 1 or peer["accepted"] != n:
        problems.append(f"simulator accepted {sim_stats.get('accepted')}, recorded {len(lines):,}, "
                        f"aioapns accepted {peer['accepted']:,}; expected {n:,} each from the gateway, aioapns and bench-apns "
                        "(and bench-apns's first request)")
    for name, part in (("gateway", lines[:n]), ("aioapns", lines[n:2 * n])):
        if {line["token"] for line in part} != tokens or len(part) != n:
            problems.append(f"{name}: not every token exactly once")
    if len(lines) >= 2 * n:
        same = ("payload", "topic", "pushType", "priority", "collapseId", "expiration")
        gateway, aioapns = ({k: decoded(lines[i].get(k)) for k in same} for i in (0, 2 * n - 1))
        if gateway != aioapns:
            problems.append(f"not the same notification: gateway {gateway}, aioapns {aioapns}")
    if problems:
        raise SystemExit("herald apns-sim record: " + "; ".join(problems))


def decoded(value):
    try:
        return json.loads(value) if isinstance(value, str) else value
    except ValueError:
        return value


def peer_version():
    try:
        from importlib.metadata import version
        return version("aioapns")
    except Exception:
        return ""


def wrk_version():
    out = subprocess.run(["wrk", "--version"], capture_output=True, text=True)
    text = (out.stdout or out.stderr).split()
    return text[1] if len(text) > 1 else "?"


if __name__ == "__main__":
    main()
