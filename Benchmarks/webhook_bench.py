"""`make bench-gateway`: what webhooks cost a publish, and whether they keep up.

100,000 devices imported into a data folder (SQLite), `herald serve` with the test
deliverer `discard`. In one run, the peer being the same publish without an endpoint:
three publishes to all with no endpoint, then an endpoint subscribed to `delivery.*` on a
receiver on loopback that acknowledges at once (scripts/webhook_receiver.py --no-verify),
three more; then the endpoint deleted and three more without. For each: the publish from
its POST to `done`, the server's CPU time per delivery, and with the endpoint when its
100,000 delivery events had all arrived. Then recovery: a new gateway whose endpoint's
receiver answers 503 for 60 s and then recovers (a short retry schedule, so the run
takes minutes, not hours): every event arrives afterwards, counted by id.

Needs the venv of scripts/pyenv.sh (standardwebhooks): `make bench-gateway`.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import Server, call, cpu_seconds, created_app, machine, write_devices, write_section  # noqa: E402

START, END = "<!-- bench:webhooks:start -->", "<!-- bench:webhooks:end -->"
RECEIVER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts", "webhook_receiver.py")



class Receiver:
    def __init__(self, folder, name, *extra):
        self.out = os.path.join(folder, name + ".txt")
        secrets = os.path.join(folder, name + ".secrets")
        open(secrets, "w").close()
        self.proc = subprocess.Popen([sys.executable, RECEIVER, "--secret-file", secrets, "--out", self.out, *extra],
                                     stdout=subprocess.PIPE, text=True)
        self.port = int(self.proc.stdout.readline().split()[-1])

    def ids(self):
        with open(self.out) as f:
            return [line.split(" ", 1)[0] for line in f if not line.startswith(("BAD", "ANSWERED"))]

    def stop(self):
        self.proc.kill()
        self.proc.wait()


def publish(server, created, n, receiver=None, expected=0, timeout=600):
    """One publish to all n devices: seconds to `done`, server CPU seconds, and (with a
    receiver) seconds until it holds `expected` event ids."""
    app, key = created["appId"], created["serverKey"]
    cpu = cpu_seconds(server.proc.pid)
    started = time.perf_counter()
    pid = call("POST", f"{server.base}/v1/apps/{app}/publishes", key,
               {"interests": ["bench"], "notification": {"title": "Bench", "body": "webhooks"}})["publishId"]
    done = arrived = None
    while time.perf_counter() - started < timeout:
        if done is None:
            status = call("GET", f"{server.base}/v1/apps/{app}/publishes/{pid}", key)
            if status["status"] == "done":
                if status["sent"] != n:
                    raise SystemExit(f"publish {pid}: {status}")
                done = time.perf_counter() - started
        if receiver and arrived is None and len(receiver.ids()) >= expected:
            arrived = time.perf_counter() - started
        if done is not None and (receiver is None or arrived is not None):
            break
        time.sleep(0.01)
    if done is None or (receiver and arrived is None):
        raise SystemExit(f"publish {pid} did not finish within {timeout} s\n{server.errors()}")
    return done, cpu_seconds(server.proc.pid) - cpu, arrived


def median(values):
    return sorted(values)[len(values) // 2]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--devices", type=int, default=100_000)
    parser.add_argument("--outage", type=float, default=60)
    args = parser.parse_args()
    n = args.devices
    with tempfile.TemporaryDirectory() as folder:
        data, created = created_app(args.herald, folder)
        devices = os.path.join(folder, "devices.jsonl")
        write_devices(devices, n)
        subprocess.run([args.herald, "app", "import-devices", "--data", data, "--app", created["appId"], devices],
                       check=True, capture_output=True)
        app, key = created["appId"], created["serverKey"]
        flags = ["--deliverer", "discard", "--webhook-allow-http", "--webhook-allow-private"]
        server = Server(args.herald, ["--data", data], os.path.join(folder, "serve.err"), flags)
        receiver = Receiver(folder, "fast", "--no-verify")
        try:
            without = [publish(server, created, n) for _ in range(3)]
            hook = call("POST", f"{server.base}/v1/apps/{app}/webhooks", key,
                        {"url": f"http://127.0.0.1:{receiver.port}/hook", "events": ["delivery.*"]})
            requests_before = server.metric("herald_webhook_requests_total")
            with_hook = []
            for round in range(3):
                with_hook.append(publish(server, created, n, receiver, expected=n * (round + 1)))
            requests = server.metric("herald_webhook_requests_total") - requests_before
            ids = receiver.ids()
            call("DELETE", f"{server.base}/v1/apps/{app}/webhooks/{hook['id']}", key)
            without += [publish(server, created, n) for _ in range(3)]
        finally:
            server.stop()
            receiver.stop()
        unique = len(set(ids))

        # Recovery: the receiver answers 503 for `outage` seconds from its first request.
        recovery_flags = flags + ["--webhook-retry-schedule", "5s,10s,20s,30s,30s,30s,30s,30s"]
        server = Server(args.herald, ["--data", data], os.path.join(folder, "serve2.err"), recovery_flags)
        failing = Receiver(folder, "failing", "--no-verify", "--fail-for", str(args.outage))
        try:
            call("POST", f"{server.base}/v1/apps/{app}/webhooks", key,
                 {"url": f"http://127.0.0.1:{failing.port}/hook", "events": ["delivery.*"]})
            done, _, arrived = publish(server, created, n, failing, expected=n, timeout=600)
            failed = server.metric("herald_webhook_requests_total", outcome="failed")
            recovered_ids = failing.ids()
        finally:
            server.stop()
            failing.stop()

    a_time = median([t for t, _, _ in without])
    b_time = median([t for t, _, _ in with_hook])
    b_arrived = median([a for _, _, a in with_hook])
    a_cpu = median([c for _, c, _ in without]) / n * 1e6
    b_cpu = median([c for _, c, _ in with_hook]) / n * 1e6
    rows = [
        f"| publish to {n:,} devices, no endpoint (median of 6: 3 before, 3 after) | {a_time:.2f} s ({n / a_time:,.0f}/s), "
        f"server CPU {a_cpu:.1f} µs per delivery |",
        f"| the same with an endpoint on `delivery.*` (median of 3) | {b_time:.2f} s ({n / b_time:,.0f}/s), server CPU "
        f"{b_cpu:.1f} µs per delivery and its event; {n / b_time / (n / a_time):.2f}x the rate without (aim: at least 0.80x) |",
        f"| all {n:,} delivery events at the receiver, from the POST (median of 3) | {b_arrived:.2f} s: "
        f"{b_arrived / b_time:.2f}x the publish's own time (aim: at most 1.50x); {requests:,.0f} requests for "
        f"{3 * n:,} events, {len(ids) - unique:,} repeated |",
        f"| receiver answering 503 for {args.outage:.0f} s, then 200 (retries 5 s, 10 s, 20 s, 30 s…) | publish done in "
        f"{done:.2f} s; every event arrived at {arrived:.1f} s ({len(set(recovered_ids)):,} of {n:,} ids, "
        f"{len(recovered_ids) - len(set(recovered_ids)):,} repeated, none lost); {failed:.0f} requests refused |",
    ]
    section = "\n".join([
        START,
        f"Measured {time.strftime('%Y-%m-%d')} on {machine()}. `herald serve` release build on SQLite, the test deliverer "
        "`discard`, a receiver on loopback (scripts/webhook_receiver.py, acknowledging at once); the peer is the same "
        "publish without an endpoint, in the same run. CPU is the gateway process's own, user and system.",
        "", "| what | result |", "| --- | --- |", *rows, END,
    ])
    write_section(args.report, section, START, END)
    print(section)


if __name__ == "__main__":
    main()
