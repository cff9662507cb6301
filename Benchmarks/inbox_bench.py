"""`make bench-gateway`, after the audience: what the server-kept inbox costs.

`herald serve` (release build, the test deliverer `discard`, which answers at once, so the
time is the gateway's own) on SQLite with N devices (100,000 by default) imported in one
interest, each with a user of its own (so each device is one inbox). After one publish to
warm the store (not counted), in the same run, twice in turn:
1. the publish to the interest: the time from the POST until it is `done`;
2. the same publish with `"inbox": true`: one message kept for each of the N users
   (for both, also the CPU time `herald serve` spent, which sharing the machine changes less);
3. one device's sync of 100 messages (`GET …/devices/{id}/inbox?limit=100` with its device
   key, its user's inbox holding 100 more added through the server API), 50 times.
The issue's aims: row 2 at most 1.5 times row 1, row 3 within 20 ms at the median. Writes
the section between the bench:inbox markers of the --report file.
"""
import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from audience_bench import publish_and_wait  # noqa: E402
from benchlib import Server, call, cpu_seconds, imported_app, write_discard_table  # noqa: E402

START, END = "<!-- bench:inbox:start -->", "<!-- bench:inbox:end -->"
SYNCS, SYNC_SIZE = 50, 100
ROUNDS = 2


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--devices", type=int, default=100_000)
    args = parser.parse_args()
    n = args.devices
    with tempfile.TemporaryDirectory() as folder:
        data, created = imported_app(args.herald, folder, n, lambda i: {"userId": f"user-{i}"})
        app, key = created["appId"], created["serverKey"]
        server = Server(args.herald, ["--data", data], os.path.join(folder, "serve.err"), ["--deliverer", "discard"])
        try:
            notification = {"title": "Bench", "body": "one to many"}
            publish = {"interests": ["bench"], "notification": notification}
            publish_and_wait(server, app, key, publish, n)  # warms the store
            runs = {False: [], True: []}
            for _ in range(ROUNDS):  # in turn, so a slower moment of a shared machine falls on both
                for inbox in (False, True):
                    runs[inbox].append(measured(server, app, key, {**publish, "inbox": True} if inbox else publish, n))
            (plain, plain_cpu), (kept, kept_cpu) = ([sum(r[i] for r in runs[k]) / ROUNDS for i in (0, 1)] for k in (False, True))
            latencies, answer = sync_latencies(server, app, created["clientKey"], key)
        finally:
            server.stop()
    rows = [
        f"| 1. publish to an interest of {n:,} devices, each with its own user (mean of {ROUNDS}) | all {n:,} sent in {plain:.2f} s, "
        f"{plain_cpu:.2f} s of the gateway's CPU |",
        f"| 2. the same publish with `\"inbox\": true` ({n:,} inboxes; mean of {ROUNDS}, in turn with row 1) | {kept:.2f} s: {kept / plain:.2f} × row 1; "
        f"{kept_cpu:.2f} s of CPU: {kept_cpu / plain_cpu:.2f} × row 1 |",
        f"| 3. a device's sync of {SYNC_SIZE} messages (`GET …/devices/{{id}}/inbox?limit={SYNC_SIZE}`, "
        f"{len(answer):,} bytes), {SYNCS} times | median {statistics.median(latencies):.1f} ms, slowest {max(latencies):.1f} ms |",
    ]
    write_discard_table(args.report, rows, START, END)


def measured(server, app, key, body, n):
    """publish_and_wait's seconds, and the CPU seconds `herald serve` spent meanwhile (user
    and system, from /proc), which other work on a shared machine changes less."""
    before = cpu_seconds(server.proc.pid)
    seconds = publish_and_wait(server, app, key, body, n)
    return seconds, cpu_seconds(server.proc.pid) - before



def sync_latencies(server, app, client_key, server_key):
    """User 0's inbox gets SYNC_SIZE more messages; its device (registered again with the
    client key for a device key; its user is kept) reads SYNC_SIZE of them SYNCS times.
    The latencies in ms and the last answer's bytes; exits unless each answer is a full page
    and counts the ROUNDS publishes' messages and these as unread."""
    for i in range(SYNC_SIZE):
        call("POST", f"{server.base}/v1/apps/{app}/users/user-0/inbox", server_key, {"title": f"Message {i}", "body": "kept"})
    device = call("POST", f"{server.base}/v1/apps/{app}/devices", client_key, {"token": "%064x" % 1, "environment": "production"})
    url = f"{server.base}/v1/apps/{app}/devices/{device['deviceId']}/inbox?limit={SYNC_SIZE}"
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {device['deviceKey']}"})
    latencies, answer = [], b""
    for _ in range(SYNCS):
        started = time.perf_counter()
        with urllib.request.urlopen(request, timeout=30) as response:
            answer = response.read()
        latencies.append((time.perf_counter() - started) * 1000)
        page = json.loads(answer)
        if len(page["messages"]) != SYNC_SIZE or not page["more"] or page["unread"] != SYNC_SIZE + ROUNDS:
            raise SystemExit(f"sync: expected {SYNC_SIZE} messages, more, {SYNC_SIZE + ROUNDS} unread; got "
                             f"{len(page['messages'])} messages, more {page['more']}, unread {page['unread']}")
    return latencies, answer


if __name__ == "__main__":
    main()
