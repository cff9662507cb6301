"""`make bench-gateway`, second part: the gateway on SQLite against PostgreSQL with one and
with two `herald serve` processes, in the same run, written to docs/benchmarks.md.

For each of the three set-ups, on a store of its own with the same N devices (100,000 by
default, imported with `herald app import-devices`):
1. registrations: wrk POSTs a new token per request for some seconds (32 connections in
   all; with two gateways, one wrk per gateway with 16 each, run at once and summed);
2. a publish to the N devices through HeraldAPNs (the default deliverer) to one
   `herald apns-sim`: the time from the POST until the publish is `done`, each gateway's
   peak memory and, with two, the share of the notifications each one sent (from its
   /metrics); the simulator's record is checked: every token exactly once per publish.

PostgreSQL is a server of the script's own (Benchmarks/pglib.py) with its default
settings; the gateways run with their default durability (`publishes`) on both stores:
publishes wait for the disk, device writes do not. A last row measures registrations on
PostgreSQL with `--durability full` (every commit waits for its WAL flush). Last, the
scale-out a deliverer's round trips leave room for: the same publish on the two
PostgreSQL databases with the test deliverer `discard` waiting 50 ms per batch (about an
APNs round trip), with one gateway and with two.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import (  # noqa: E402
    APNsSim, Server, machine, publish_and_wait, write_devices, write_p8, write_section, wrk_register)
from pglib import TempPostgres  # noqa: E402

START, END = "<!-- bench:scaleout:start -->", "<!-- bench:scaleout:end -->"
# The statements PostgresStore runs for a new device with one interest (PostgresStore+Devices,
# +Quota), for pgbench: how many of them PostgreSQL itself commits a second on this machine.
REGISTRATION_SQL = """\\set n random(1, 2000000000)
BEGIN ISOLATION LEVEL READ COMMITTED;
SET LOCAL synchronous_commit TO OFF;
SELECT seq, id, key_hash FROM devices WHERE app_id = '{app}' AND token = md5(:n::text) FOR UPDATE;
SELECT device_count, subscription_count FROM apps WHERE id = '{app}' FOR UPDATE;
INSERT INTO devices (id, app_id, token, environment, user_id, metadata, created_at, token_registered_at, updated_at, key_hash)
    VALUES ('dev_pgbench_' || :n, '{app}', md5(:n::text), 'production', NULL, '{{}}', 1, 1, 1, md5(:n::text || 'k'))
    ON CONFLICT (app_id, token) DO NOTHING RETURNING seq;
INSERT INTO device_interests (app_id, interest, device_seq) SELECT '{app}', unnest(ARRAY['pgbench']),
    (SELECT seq FROM devices WHERE app_id = '{app}' AND token = md5(:n::text)) ON CONFLICT DO NOTHING;
COMMIT;
"""
KEY_ID, TEAM_ID, TOPIC = "BENCH12345", "TEAM123456", "com.example.bench"


def create_app(herald, store, sim, key_file, devices):
    created = json.loads(subprocess.run(
        [herald, "app", "create", *store, "--name", "Bench", "--bundle-id", TOPIC, "--auth-key", key_file,
         "--key-id", KEY_ID, "--team-id", TEAM_ID, "--environment", "production",
         "--apns-endpoint", sim.url, "--apns-ca", sim.ca],
        check=True, capture_output=True, text=True).stdout)
    subprocess.run([herald, "app", "import-devices", *store, "--app", created["appId"], devices],
                   check=True, capture_output=True)
    return created


def run_setup(herald, store, gateways, created, n, seconds, folder, name, extra=(), publish=True, register=True):
    """Registrations per second (summed), the publish's seconds, and each gateway's peak MiB and share."""
    servers = [Server(herald, store, os.path.join(folder, f"{name}-{i}.err"), ["--api-rate-limit", "0", *extra])
               for i in range(gateways)]
    try:
        results = [None] * gateways if register else []

        def wrk(i):
            results[i] = wrk_register(servers[i], created["appId"], created["clientKey"], seconds, folder,
                                      threads=1 if gateways > 1 else 2, connections=32 // gateways,
                                      prefix=f"{i + 1:08x}")
        threads = [threading.Thread(target=wrk, args=(i,)) for i in range(len(results))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        rps = sum(result["rps"] for result in results)
        non2xx = sum(result["non2xx"] for result in results)
        seconds_taken, status = None, {"publishId": None}
        if publish:
            seconds_taken, _, status = publish_and_wait(servers[0], created["appId"], created["serverKey"], "bench", n,
                                                        "Bench", "one to many")
        sent = [server.metric("herald_deliveries_total", outcome="sent") for server in servers]
    finally:
        for server in servers:
            server.stop()
    return {"rps": rps, "non2xx": non2xx, "seconds": seconds_taken, "publish": status["publishId"],
            "peaks": [server.peak_kib / 1024 for server in servers], "sent": sent,
            "p99": "/".join(result["p99"] for result in results)}


def check_record(record, publishes, tokens):
    counts = {publish: {} for publish in publishes}
    with open(record) as f:
        for line in f:
            value = json.loads(line)
            publish = value["payload"].get("herald", {}).get("publishId")
            if publish in counts:
                counts[publish][value["token"]] = counts[publish].get(value["token"], 0) + 1
    for publish, seen in counts.items():
        if set(seen) != tokens or any(count != 1 for count in seen.values()):
            raise SystemExit(f"herald apns-sim record: publish {publish} did not reach every token exactly once")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--devices", type=int, default=100_000)
    parser.add_argument("--wrk-seconds", type=int, default=10)
    args = parser.parse_args()
    n = args.devices
    with tempfile.TemporaryDirectory() as folder:
        key_file = os.path.join(folder, f"AuthKey_{KEY_ID}.p8")
        write_p8(key_file)
        record = os.path.join(folder, "sim-record.jsonl")
        devices = os.path.join(folder, "devices.jsonl")
        tokens = write_devices(devices, n)
        sim = APNsSim(args.herald, folder, KEY_ID, TEAM_ID, key_file, record=record)
        pg = TempPostgres()
        try:
            one = ["--database", pg.create_database("bench_one")]
            setups = [
                ("SQLite, 1 gateway", ["--data", os.path.join(folder, "data")], 1, (), True),
                ("PostgreSQL, 1 gateway", one, 1, (), True),
                ("PostgreSQL, 2 gateways", ["--database", pg.create_database("bench_two")], 2, (), True),
                ("PostgreSQL, 1 gateway, `--durability full` (registrations only)", one, 1, ("--durability", "full"), False),
            ]
            results = []
            apps = {}
            for index, (name, store, gateways, extra, publish) in enumerate(setups):
                if tuple(store) not in apps:
                    apps[tuple(store)] = create_app(args.herald, store, sim, key_file, devices)
                results.append((name, gateways, run_setup(args.herald, store, gateways, apps[tuple(store)], n,
                                                          args.wrk_seconds, folder, f"setup{index}", extra, publish)))
            # The scale-out a deliverer's round trips leave room for: publishes only.
            waits = [run_setup(args.herald, store, gateways, apps[tuple(store)], n, args.wrk_seconds, folder, f"wait{gateways}",
                               ("--deliverer", "discard", "--deliverer-latency", "50"), register=False)["seconds"]
                     for store, gateways in ((one, 1), (setups[2][1], 2))]
            pgbench_tps = pg.pgbench("bench_one", REGISTRATION_SQL.format(app=apps[tuple(one)]["appId"]), args.wrk_seconds)
            pg_version = pg.version()
        finally:
            pg.stop()
            sim_stats = sim.stop()
        check_record(record, [result["publish"] for _, _, result in results if result["publish"]], tokens)

    base = results[0][2]
    rows = []
    for name, gateways, result in results:
        shares = ""
        if gateways > 1:
            total = sum(result["sent"]) or 1
            shares = "; shares " + " / ".join(f"{sent / total:.0%}" for sent in result["sent"])
        published = "not measured" if result["seconds"] is None else (
            f"{result['seconds']:.2f} s ({n / result['seconds']:,.0f}/s, {base['seconds'] / result['seconds']:.2f}x){shares}")
        rows.append(
            f"| {name} | {result['rps']:,.0f}/s ({result['rps'] / base['rps']:.2f}x), p99 {result['p99']}, "
            f"{result['non2xx']} not 2xx | {published} | " + " / ".join(f"{peak:.0f}" for peak in result["peaks"]) + " |")
    section = "\n".join([
        START,
        f"Measured {time.strftime('%Y-%m-%d')} on {machine()}; PostgreSQL {pg_version} (its default settings, "
        f"on a Unix socket); `herald serve` release build with `--api-rate-limit 0`, the rest default. "
        f"Registrations: wrk, {args.wrk_seconds} s, 32 connections in all. Publish: an interest of {n:,} devices "
        f"through HeraldAPNs to one `herald apns-sim` (recording; it accepted {sim_stats.get('accepted', 0):,} "
        "in all, every token exactly once per publish). Every process of a row (gateways, simulator, "
        "PostgreSQL, wrk) shares the same cores.",
        "",
        "| set-up | registrations | publish to every device (x SQLite) | peak RSS MiB per gateway |",
        "| --- | --- | --- | --- |",
        *rows,
        f"| peer: pgbench runs a registration's statements (one new device, one interest) on the same server, "
        f"4 clients, {args.wrk_seconds} s | {pgbench_tps:,.0f} transactions/s: PostgreSQL's own ceiling for them "
        f"here | | |",
        f"| PostgreSQL, 1 gateway, the test deliverer waits 50 ms per batch (publish only) | not measured | "
        f"{waits[0]:.2f} s ({n / waits[0]:,.0f}/s) | |",
        f"| PostgreSQL, 2 gateways, the same (publish only) | not measured | "
        f"{waits[1]:.2f} s ({n / waits[1]:,.0f}/s, {waits[0] / waits[1]:.2f}x one gateway) | |",
        END,
    ])
    write_section(args.report, section, START, END)
    print(section)


if __name__ == "__main__":
    main()
