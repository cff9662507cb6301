"""`make bench-gateway`: the gateway under load, written to docs/benchmarks.md.

1. Device registration through the API: wrk (2 threads, 32 connections) POSTs a new
   token per request to a running `herald serve`; requests per second and latency.
2. Publish to one interest of N devices (100,000 by default, imported with
   `herald app import-devices`): the time from the POST until the publish is `done`
   (every device's notification accepted by the deliverer), and the server's peak
   memory. The deliverer is the test mode `discard` (answers 200 at once), and then
   the same with a 20 ms wait per batch of 500, standing in for APNs round trips.

What is not here yet: the same publish through HeraldAPNs to `herald apns-sim`, and
the aioapns peer against that simulator (both are on the APNs branch); see the
section's "still to connect" note.
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import machine  # noqa: E402
from run_bench import replace_section  # noqa: E402

START, END = "<!-- bench:gateway:start -->", "<!-- bench:gateway:end -->"
P8 = "-----BEGIN PRIVATE KEY-----\nMIGTAgEAMBMGByqGSM49AwEHBHkwdwIBAQQg\n-----END PRIVATE KEY-----\n"

WRK_SCRIPT = r"""
local counter = 0
local tid = 0
local threads = 0
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
function init(args)
  tid = tonumber(wrk.thread:get("tid")) or 0
end
function request()
  counter = counter + 1
  local token = string.format("%08x", tid) .. string.rep("a", 48) .. string.format("%08x", counter)
  local body = '{"token":"' .. token .. '","environment":"production","interests":["wrk"]}'
  return wrk.format("POST", nil, nil, body)
end
"""


class Server:
    """`herald serve` as a child; its peak resident memory sampled from /proc."""

    def __init__(self, herald, data, extra):
        self.proc = subprocess.Popen(
            [herald, "serve", "--data", data, "--listen", "127.0.0.1:0"] + extra,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        if "listening on http://" not in line:
            raise SystemExit(f"herald serve did not start: {line}{self.proc.stderr.read()}")
        self.base = line.split("listening on ")[1].split()[0]
        self.peak_kib = 0
        self.running = True
        self.sampler = threading.Thread(target=self._sample, daemon=True)
        self.sampler.start()

    def _sample(self):
        while self.running and self.proc.poll() is None:
            try:
                with open(f"/proc/{self.proc.pid}/status") as f:
                    for line in f:
                        if line.startswith("VmHWM:"):
                            self.peak_kib = max(self.peak_kib, int(line.split()[1]))
            except OSError:
                pass
            time.sleep(0.01)

    def stop(self):
        self.running = False
        self.proc.terminate()
        self.proc.wait(timeout=30)


def call(method, url, key, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={
        "Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"{}")


def publish_and_wait(server, app, key, interest):
    started = time.perf_counter()
    publish = call("POST", f"{server.base}/v1/apps/{app}/publishes", key,
                   {"interests": [interest], "notification": {"title": "Bench", "body": "one to many"}})
    accepted = time.perf_counter() - started
    while True:
        status = call("GET", f"{server.base}/v1/apps/{app}/publishes/{publish['publishId']}", key)
        if status["status"] == "done":
            return time.perf_counter() - started, accepted, status
        time.sleep(0.02)


def wrk_registration(server, app, key, seconds, folder):
    script = os.path.join(folder, "register.lua")
    with open(script, "w") as f:
        f.write(WRK_SCRIPT)
    out = subprocess.run(
        ["wrk", "-t2", "-c32", f"-d{seconds}s", "--latency", "-s", script,
         "-H", f"Authorization: Bearer {key}", "-H", "Content-Type: application/json",
         f"{server.base}/v1/apps/{app}/devices"],
        check=True, capture_output=True, text=True).stdout
    result = {"rps": 0.0, "p50": "?", "p99": "?", "non2xx": 0}
    for line in out.splitlines():
        parts = line.split()
        if line.startswith("Requests/sec:"):
            result["rps"] = float(parts[1])
        elif parts[:1] == ["50%"]:
            result["p50"] = parts[1]
        elif parts[:1] == ["99%"]:
            result["p99"] = parts[1]
        elif line.strip().startswith("Non-2xx"):
            result["non2xx"] = int(parts[-1])
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--devices", type=int, default=100_000)
    parser.add_argument("--wrk-seconds", type=int, default=10)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        data = os.path.join(folder, "data")
        key_file = os.path.join(folder, "AuthKey.p8")
        with open(key_file, "w") as f:
            f.write(P8)
        created = json.loads(subprocess.run(
            [args.herald, "app", "create", "--data", data, "--name", "Bench", "--bundle-id", "com.example.bench",
             "--auth-key", key_file, "--key-id", "BENCH12345", "--team-id", "TEAM123456"],
            check=True, capture_output=True, text=True).stdout)
        app, server_key, client_key = created["appId"], created["serverKey"], created["clientKey"]

        devices = os.path.join(folder, "devices.jsonl")
        with open(devices, "w") as f:
            for n in range(args.devices):
                token = hashlib.sha256(b"bench-%d" % n).hexdigest()
                f.write(f'{{"token":"{token}","environment":"production","interests":["bench"]}}\n')
        started = time.perf_counter()
        subprocess.run([args.herald, "app", "import-devices", "--data", data, "--app", app, devices],
                       check=True, capture_output=True)
        imported = time.perf_counter() - started

        server = Server(args.herald, data, ["--deliverer", "discard"])
        try:
            wrk = wrk_registration(server, app, client_key, args.wrk_seconds, folder)
            instant, instant_accept, instant_status = publish_and_wait(server, app, server_key, "bench")
        finally:
            server.stop()
        instant_peak = server.peak_kib / 1024

        server = Server(args.herald, data, ["--deliverer", "discard", "--deliverer-latency", "20"])
        try:
            slow, _, slow_status = publish_and_wait(server, app, server_key, "bench")
        finally:
            server.stop()
        slow_peak = server.peak_kib / 1024

    n = args.devices
    rows = [
        f"| 1. register devices (POST /devices, a new token each), wrk -t2 -c32 {args.wrk_seconds} s | "
        f"{wrk['rps']:,.0f} requests/s; latency p50 {wrk['p50']}, p99 {wrk['p99']}; {wrk['non2xx']} not 2xx |",
        f"| 2. publish to an interest of {n:,} devices, deliverer answers at once | "
        f"202 in {instant_accept * 1000:.0f} ms; all {instant_status['sent']:,} sent in {instant:.2f} s "
        f"({n / instant:,.0f}/s); server peak RSS {instant_peak:.0f} MiB |",
        f"| 3. the same, deliverer waits 20 ms per batch of 500 (4 batches in flight) | "
        f"all {slow_status['sent']:,} sent in {slow:.2f} s ({n / slow:,.0f}/s); server peak RSS {slow_peak:.0f} MiB |",
        f"| import {n:,} devices (`herald app import-devices`, one transaction) | {imported:.2f} s |",
    ]
    section = "\n".join([
        START,
        f"Measured {time.strftime('%Y-%m-%d')} on {machine()}; wrk {wrk_version()}; "
        "`herald serve` release build, default options (durability `publishes`, batches of 500, 4 in flight).",
        "",
        "| what | result |",
        "| --- | --- |",
        *rows,
        "",
        "Not measured yet: the same publish through HeraldAPNs (now wired in as `APNsPushDeliverer`) "
        "to `herald apns-sim` (time until all reach the simulator), and the aioapns peer sending the "
        "same 100,000 to that simulator in the same run.",
        END,
    ])
    with open(args.report, encoding="utf-8") as f:
        report = f.read()
    with open(args.report, "w", encoding="utf-8") as f:
        f.write(replace_section(report, START, END, section))
    print(section)


def wrk_version():
    out = subprocess.run(["wrk", "--version"], capture_output=True, text=True)
    text = (out.stdout or out.stderr).split()
    return text[1] if len(text) > 1 else "?"


if __name__ == "__main__":
    main()
