"""`make bench-gateway`: what a filter costs.

`herald serve` (release build, the test deliverer `discard`, which answers at once, so the
time is the gateway's own) on SQLite with N devices (100,000 by default) imported in one
interest, each with a tag `cohort` (0 to 9) and a locale. Then, in the same run:
1. the publish to the whole interest: the time from the POST until it is `done`;
2. the same interest with the filter `tag:cohort eq 0` (a tenth of the devices);
3. the filter alone (the whole app) with `language eq de` and `tag:cohort lt 5` (a fifth);
4. `POST /audience` for the filter of row 2, 20 times, 0.5 s apart (an app may count 2 a
   second): the latency.
The issue's aims: row 2 at most 20 % of row 1's time, row 4 within 100 ms. Writes the
section between the bench:audience markers of the --report file.
"""
import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import Server, call, imported_app, write_discard_table  # noqa: E402

START, END = "<!-- bench:audience:start -->", "<!-- bench:audience:end -->"
COHORT_ZERO = {"field": "tag:cohort", "op": "eq", "value": 0}


def publish_and_wait(server, app, key, body, expected, timeout=900):
    """Seconds from the POST until `done`; exits unless exactly `expected` were sent."""
    started = time.perf_counter()
    publish = call("POST", f"{server.base}/v1/apps/{app}/publishes", key, body)
    while True:
        status = call("GET", f"{server.base}/v1/apps/{app}/publishes/{publish['publishId']}", key)
        if status["status"] == "done" or time.perf_counter() - started > timeout:
            break
        time.sleep(0.01)
    if status["status"] != "done" or status["sent"] != expected:
        raise SystemExit(f"publish {publish['publishId']}: expected {expected:,} sent, got {status}\n{server.errors()}")
    return time.perf_counter() - started


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--devices", type=int, default=100_000)
    args = parser.parse_args()
    n = args.devices
    with tempfile.TemporaryDirectory() as folder:
        data, created = imported_app(args.herald, folder, n, lambda i: {"locale": "de-DE" if i % 2 else "en-US", "tags": {"cohort": i % 10}})
        app, key = created["appId"], created["serverKey"]
        server = Server(args.herald, ["--data", data], os.path.join(folder, "serve.err"), ["--deliverer", "discard"])
        try:
            notification = {"title": "Bench", "body": "one to many"}
            whole = publish_and_wait(server, app, key, {"interests": ["bench"], "notification": notification}, n)
            tenth = publish_and_wait(server, app, key, {"interests": ["bench"], "filter": COHORT_ZERO, "notification": notification}, n // 10)
            alone_filter = {"and": [{"field": "language", "op": "eq", "value": "de"}, {"field": "tag:cohort", "op": "lt", "value": 5}]}
            expected_alone = sum(1 for i in range(n) if i % 2 and i % 10 < 5)
            alone = publish_and_wait(server, app, key, {"filter": alone_filter, "notification": notification}, expected_alone)
            latencies = []
            for _ in range(20):
                # An app may count 2 a second (bursts of 5): as a person typing a filter does.
                time.sleep(0.5)
                started = time.perf_counter()
                counted = call("POST", f"{server.base}/v1/apps/{app}/audience", key, {"interests": ["bench"], "filter": COHORT_ZERO})
                latencies.append((time.perf_counter() - started) * 1000)
                if counted["devices"] != n // 10:
                    raise SystemExit(f"audience: {counted}")
        finally:
            server.stop()
    rows = [
        f"| 1. publish to an interest of {n:,} devices | all {n:,} sent in {whole:.2f} s |",
        f"| 2. the same interest, filter `tag:cohort eq 0` ({n // 10:,} devices) | {tenth:.2f} s: {100 * tenth / whole:.0f} % of row 1 |",
        f"| 3. the filter alone, `language eq de` and `tag:cohort lt 5` ({expected_alone:,} devices of the app) | {alone:.2f} s |",
        f"| 4. `POST /audience` for row 2's target and filter, 20 times | median {statistics.median(latencies):.1f} ms, "
        f"slowest {max(latencies):.1f} ms |",
    ]
    write_discard_table(args.report, rows, START, END)


if __name__ == "__main__":
    main()
