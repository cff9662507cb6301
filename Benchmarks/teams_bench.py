"""`make bench-teams`: what scoped keys, the audit log and people's passwords cost.

`herald serve` (release, SQLite, the test deliverer `discard`) with one app and 1,000
registered devices. In one run, each with its peer:
1. reads: wrk GETs a publish list with the app's first server key (the path as it was
   before scoped keys), then with a scoped `read` key (found by its hash at each request);
2. changes: wrk PUTs a device's interests with the device's own key (not audited), then
   with a scoped `devices` key (the same write, and its audit entry in the same
   transaction);
3. passwords: people sign in (scrypt, N=2^17, r=8, p=1) one at a time and eight at once,
   beside Python's hashlib.scrypt with the same cost on the same machine.
The server's CPU per request is read from /proc beside each rate.
"""
import argparse
import hashlib
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import Server, call, cpu_seconds, created_app, machine, parse_wrk, write_section  # noqa: E402

START, END = "<!-- bench:teams:start -->", "<!-- bench:teams:end -->"
PASSWORD = "correct horse battery staple"


def wrk(server, url, key, seconds, folder, method="GET", body=None):
    """wrk -t2 -c16 for `seconds` on `url` with `key`: its results, and the server's CPU µs per request."""
    script = os.path.join(folder, "request.lua")
    with open(script, "w") as f:
        f.write(f'wrk.method = "{method}"\nwrk.headers["Authorization"] = "Bearer {key}"\n')
        if body is not None:
            f.write(f'wrk.headers["Content-Type"] = "application/json"\nwrk.body = {json.dumps(json.dumps(body))}\n')
    cpu = cpu_seconds(server.proc.pid)
    out = subprocess.run(["wrk", "-t2", "-c16", f"-d{seconds}s", "--latency", "-s", script, url],
                         capture_output=True, text=True, check=True).stdout
    result = parse_wrk(out)
    requests = max(1.0, result["rps"] * seconds)
    result["cpu_us"] = (cpu_seconds(server.proc.pid) - cpu) / requests * 1e6
    return result


def sign_in(server, email):
    request = urllib.request.Request(
        f"{server.base}/v1/console/session", data=json.dumps({"email": email, "password": PASSWORD}).encode(), method="POST",
        headers={"Content-Type": "application/json", "X-Herald-Console": "1"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status


def sign_ins(server, email, count, threads):
    """Sign-ins per second with `threads` at once, and the server's CPU ms per sign-in."""
    cpu = cpu_seconds(server.proc.pid)
    started = time.perf_counter()
    each = count // threads
    workers = [threading.Thread(target=lambda: [sign_in(server, email) for _ in range(each)]) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    seconds = time.perf_counter() - started
    done = each * threads
    return done / seconds, (cpu_seconds(server.proc.pid) - cpu) / done * 1e3


def python_scrypt(count):
    """Hashes per second of hashlib.scrypt (OpenSSL) at N=2^17, r=8, p=1, one thread."""
    started = time.perf_counter()
    for i in range(count):
        hashlib.scrypt(PASSWORD.encode(), salt=os.urandom(16), n=1 << 17, r=8, p=1, maxmem=256 << 20, dklen=32)
    return count / (time.perf_counter() - started)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--report")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--sign-ins", type=int, default=16)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        data, created = created_app(args.herald, folder)
        app, key = created["appId"], created["serverKey"]
        invite = json.loads(subprocess.run(
            [args.herald, "member", "invite", "--data", data, "--app", app, "--email", "owner@example.com", "--role", "owner"],
            check=True, capture_output=True, text=True).stdout)
        server = Server(args.herald, ["--data", data], os.path.join(folder, "serve.log"), ["--deliverer", "discard", "--api-rate-limit", "0", "--device-rate-limit", "0"])
        try:
            base = f"{server.base}/v1/apps/{app}"
            device = call("POST", f"{base}/devices", created["clientKey"],
                          {"token": hashlib.sha256(b"teams").hexdigest(), "environment": "production", "interests": ["a"]})
            for i in range(999):
                call("POST", f"{base}/devices", created["clientKey"],
                     {"token": hashlib.sha256(b"teams-%d" % i).hexdigest(), "environment": "production"})
            reader = call("POST", f"{base}/keys", key, {"name": "bench-read", "scopes": ["read"]})["key"]
            devices = call("POST", f"{base}/keys", key, {"name": "bench-devices", "scopes": ["devices"]})["key"]
            call("POST", f"{base}/publishes", key, {"interests": ["a"], "notification": {"title": "t"}})
            reads_first = wrk(server, f"{base}/publishes?limit=5", key, args.seconds, folder)
            reads_scoped = wrk(server, f"{base}/publishes?limit=5", reader, args.seconds, folder)
            path = f"{base}/devices/{device['deviceId']}/interests"
            writes_device = wrk(server, path, device["deviceKey"], args.seconds, folder, "PUT", {"interests": ["a", "b"]})
            writes_scoped = wrk(server, path, devices, args.seconds, folder, "PUT", {"interests": ["a", "b"]})
            with sqlite3.connect(f"file:{os.path.join(data, 'herald.sqlite')}?mode=ro", uri=True) as db:
                audited = db.execute("SELECT count(*) FROM audit_log WHERE action = 'device.interests'").fetchone()[0]
            request = urllib.request.Request(
                f"{server.base}/v1/console/invites/accept", data=json.dumps({"invite": invite["invite"], "password": PASSWORD}).encode(),
                method="POST", headers={"Content-Type": "application/json", "X-Herald-Console": "1"})
            urllib.request.urlopen(request, timeout=60).read()
            one, one_cpu = sign_ins(server, "owner@example.com", args.sign_ins, 1)
            eight, eight_cpu = sign_ins(server, "owner@example.com", args.sign_ins, 8)
            peak = server.peak_kib
        finally:
            server.stop()
        python = python_scrypt(max(4, args.sign_ins // 2))

    def row(what, result, peer=None):
        ratio = f"; {result['rps'] / peer['rps']:.2f}x the peer" if peer else ""
        return (f"| {what} | {result['rps']:,.0f} requests/s, server CPU {result['cpu_us']:.0f} µs per request; "
                f"p50 {result['p50']}, p99 {result['p99']}; {result['non2xx']} not 2xx{ratio} |")

    section = "\n".join([
        START,
        f"Measured {time.strftime('%Y-%m-%d')} on {machine('wrk')}. `herald serve` release build on SQLite, the test "
        f"deliverer `discard`, 1,000 devices; wrk -t2 -c16 for {args.seconds} s a row; CPU is the gateway process's own.",
        "",
        "| what | result |",
        "| --- | --- |",
        row("peer: GET a publish list with the app's first server key", reads_first),
        row("the same with a scoped `read` key (looked up by its hash at each request)", reads_scoped, reads_first),
        row("peer: PUT a device's interests with its device key (not audited)", writes_device),
        row(f"the same with a scoped `devices` key, each with its audit entry ({audited:,} written)", writes_scoped, writes_device),
        f"| sign-in by password (scrypt N=2^17, r=8, p=1), one at a time | {one:.2f}/s, server CPU {one_cpu:.0f} ms each |",
        f"| the same, eight at once (two hashed at a time, the rest queued) | {eight:.2f}/s, server CPU {eight_cpu:.0f} ms each; "
        f"peak resident memory of the gateway {peak / 1024:.0f} MiB |",
        f"| peer: Python's hashlib.scrypt (OpenSSL) at the same cost, one thread | {python:.2f} hashes/s |",
        END,
    ])
    print(section)
    if args.report:
        write_section(args.report, section, START, END)


if __name__ == "__main__":
    main()
