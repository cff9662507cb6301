"""`make bench-gateway` (and `make bench-silence` alone): what saying "nothing stuck in
silence" costs on a 100,000-device app.

`herald serve` (release, SQLite, its default APNs deliverer) with 100,000 devices imported in
sandbox, where the app has no credentials (it has production ones): every delivery to them
waits on the paused `apns-sandbox` route, without a request to APNs. One publish to all of
them is fanned out and waits. Then, one request at a time on one kept-alive connection:
1. registrations, `POST …/devices`: in production (the app can send there; the peer) and in
   sandbox (the 201 carries a warning, from the routes each app has credentials for, read
   at most every 5 s);
2. publishes, `POST …/publishes`, whose 202 says what the target reaches: an interest of 100
   devices, an interest nobody has (a warning), 1,000 tokens of which 500 are no registered
   device (a warning);
3. a publish's status, `GET …/publishes/{id}`: a done publish (the peer: no count), and the
   100,000-delivery publish waiting on the pause (its `paused` counts the waiting deliveries
   by route); beside it the same count run straight on the data file by Python's sqlite3.
Latency median and p95 from the client, and the server's CPU per request from /proc.
"""
import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import Server, call, imported_app, machine, timed, write_section  # noqa: E402

START, END = "<!-- bench:silence:start -->", "<!-- bench:silence:end -->"


def floor(path, sql, values, runs=20):
    """The median ms of `sql` run straight on the data file."""
    times = []
    with sqlite3.connect(path) as db:
        for _ in range(runs):
            started = time.perf_counter()
            db.execute(sql, values).fetchall()
            times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--devices", type=int, default=100_000)
    args = parser.parse_args()
    n = args.devices

    def fields(i):
        return {"environment": "sandbox", "interests": ["bench", "small"] if i < 100 else ["bench"]}

    with tempfile.TemporaryDirectory() as folder:
        data, created = imported_app(args.herald, folder, n, fields)
        app, key, client = created["appId"], created["serverKey"], created["clientKey"]
        server = Server(args.herald, ["--data", data], os.path.join(folder, "serve.err"), ["--api-rate-limit", "0"])
        base = f"/v1/apps/{app}"
        try:
            waiting = call("POST", f"{server.base}{base}/publishes", key, {"interests": ["bench"], "notification": {"title": "Held"}})
            waiting_id = waiting["publishId"]
            deadline = time.time() + 900
            while True:
                status = call("GET", f"{server.base}{base}/publishes/{waiting_id}", key)
                if status.get("paused", {}).get("count") == n:
                    break
                if time.time() > deadline:
                    raise SystemExit(f"publish {waiting_id} not paused with {n:,} waiting: {status}\n{server.errors()}")
                time.sleep(0.5)
            done_id = call("POST", f"{server.base}{base}/publishes", key, {"interests": ["nobody"], "notification": {"title": "x"}})["publishId"]
            production = timed(server, client, [("POST", f"{base}/devices", {"token": "%064x" % (10**9 + i), "environment": "production"})
                                                for i in range(2000)], {201})
            sandbox = timed(server, client, [("POST", f"{base}/devices", {"token": "%064x" % (2 * 10**9 + i), "environment": "sandbox"})
                                             for i in range(2000)], {201})
            assert "warnings" in sandbox["last"] and "warnings" not in production["last"], (sandbox["last"], production["last"])
            note = {"title": "Bench"}
            small = timed(server, key, [("POST", f"{base}/publishes", {"interests": ["small"], "notification": note})] * 200, {202})
            nobody = timed(server, key, [("POST", f"{base}/publishes", {"interests": ["nobody"], "notification": note})] * 200, {202})
            tokens = ["%064x" % (i + 1) for i in range(500)] + ["%064x" % (3 * 10**9 + i) for i in range(500)]
            raw = timed(server, key, [("POST", f"{base}/publishes",
                                       {"tokens": tokens, "notification": note, "options": {"environment": "sandbox"}})] * 30, {202})
            assert "warnings" in nobody["last"] and "warnings" in raw["last"] and "warnings" not in small["last"]
            done = timed(server, key, [("GET", f"{base}/publishes/{done_id}", None)] * 200, {200})
            paused = timed(server, key, [("GET", f"{base}/publishes/{waiting_id}", None)] * 50, {200})
            assert paused["last"]["paused"]["count"] == n, paused["last"]
            database = os.path.join(data, "herald.sqlite")
            count_floor = floor(database, "SELECT CASE d.platform WHEN 'apns' THEN d.environment ELSE d.platform END, count(*) "
                                          "FROM deliveries d WHERE d.publish_id = ? AND d.state = 0 GROUP BY 1", (waiting_id,))
        finally:
            server.stop()

    def row(what, r):
        return f"| {what} | {r['n']:,} | {r['median']:.2f} ms | {r['p95']:.2f} ms | {r['cpu_us']:.0f} µs |"

    section = "\n".join([
        START,
        f"Measured {time.strftime('%Y-%m-%d')} on {machine()}. `herald serve` release build on SQLite, its default APNs "
        f"deliverer; {n:,} devices imported in sandbox, where the app has no credentials, and one publish to all of them "
        "waiting on the paused route; then one request at a time on one kept-alive connection.",
        "",
        "| request | requests | median | p95 | server CPU per request |",
        "| --- | --- | --- | --- | --- |",
        row("`POST …/devices` in production (peer: the app can send there, no warning)", production),
        row("`POST …/devices` in sandbox (201 with the no-credentials warning)", sandbox),
        row("`POST …/publishes` to an interest of 100 devices (the check finds one)", small),
        row("`POST …/publishes` to an interest nobody has (202 with a warning)", nobody),
        row("`POST …/publishes` to 1,000 tokens, 500 unregistered (202 with a warning)", raw),
        row("`GET …/publishes/{id}`, a done publish (peer: no count)", done),
        row(f"`GET …/publishes/{{id}}`, {n:,} deliveries waiting on the pause (`paused` counted)", paused),
        "",
        f"The count of the waiting deliveries run straight on the data file by Python's sqlite3: {count_floor:.2f} ms "
        f"(the status with it: {paused['median']:.2f} ms). A registration's warning costs "
        f"{sandbox['cpu_us'] - production['cpu_us']:+.0f} µs of CPU against the peer.",
        END,
    ])
    write_section(args.report, section, START, END)
    print(section)


if __name__ == "__main__":
    main()
