"""The isolation probes of `make soak`: one app (A, 100,000 devices with ten tags each)
attacks, another (B) goes on, against one `herald serve` with its defaults on SQLite and
the test deliverer `discard`. Used by soak_probe.py.

While each attack runs for 30 s, app B registers a device (its client key, from
127.0.0.3) and publishes (its server key) every 0.1 s, and /healthz is asked every
0.25 s: how many of B's requests were answered 2xx, their p50 and p99 beside the same
measure without an attack, how many health checks answered 200, and the gateway's peak
resident memory.

1. Counts: the crafted count of round three (an `or` of 100 `in` of 100 values) once,
   then four threads asking app A's audience with the dearest filter the limits allow
   (18 tag conditions, 198 units per device) as fast as they are answered.
2. Publishes: five publishes of app A with that filter (to the whole app), fanned out
   while B goes on.
3. Slow client-key bodies: 64 connections from 127.0.0.9 send app A's registration head
   announcing 1 MiB, then a byte every 2 s, reconnecting when the gateway lets go.
4. Unread answers: a user of app A holds 500 inbox messages of the longest title, body
   and data allowed; 60 connections ask for a page of 500 and never read: the gateway's
   memory during it and 3 s after the connections closed.
"""
import http.client
import json
import os
import socket
import statistics
import subprocess
import threading
import time

from benchlib import Server, imported_app
from soak_abuse import request

SECONDS = 30
DEAREST = {"or": [{"field": f"tag:t{k}", "op": "eq", "value": f"x{k}"} for k in range(18)]}
CRAFTED = {"or": [{"field": f"tag:t{k % 10}", "op": "in", "value": [f"x{k}_{v}" for v in range(100)]} for k in range(100)]}


def rss_mib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmRSS:")) / 1024
    except (OSError, StopIteration):
        return 0


def call(port, method, path, key=None, body=None, source="127.0.0.1", timeout=10):
    """(status, seconds) of a request on a fresh connection (`soak_abuse.request`); status 0
    when no answer came."""
    started = time.time()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        return request(conn, method, path, key, body)[0], time.time() - started
    except (OSError, http.client.HTTPException):
        return 0, time.time() - started
    finally:
        conn.close()


class Victim:
    """App B's registrations and publishes, /healthz, and the gateway's memory, until stopped."""

    def __init__(self, port, app, pid):
        self.port, self.app, self.pid = port, app, pid
        self.stop = threading.Event()
        self.answers, self.health, self.peak = [], [], 0
        self.threads = [threading.Thread(target=self.requests, daemon=True), threading.Thread(target=self.checks, daemon=True)]
        for thread in self.threads:
            thread.start()

    def requests(self):
        n = 0
        while not self.stop.is_set():
            n += 1
            token = f"{n:010x}" + "b" * 54
            self.answers.append(call(self.port, "POST", f"/v1/apps/{self.app['appId']}/devices", self.app["clientKey"],
                                     {"token": token, "environment": "production", "interests": ["b"]}, source="127.0.0.3"))
            self.answers.append(call(self.port, "POST", f"/v1/apps/{self.app['appId']}/publishes", self.app["serverKey"],
                                     {"interests": ["nobody"], "notification": {"title": "b"}}, source="127.0.0.3"))
            time.sleep(0.1)

    def checks(self):
        while not self.stop.is_set():
            self.health.append(call(self.port, "GET", "/healthz", timeout=2)[0])
            self.peak = max(self.peak, rss_mib(self.pid))
            time.sleep(0.25)

    def finish(self):
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=15)
        times = sorted(seconds for status, seconds in self.answers if 200 <= status < 300)
        ok = len(times)
        return {
            "ok": ok, "asked": len(self.answers), "p50": 1000 * statistics.median(times) if times else 0,
            "p99": 1000 * times[min(len(times) - 1, int(0.99 * len(times)))] if times else 0,
            "health": sum(1 for s in self.health if s == 200), "checks": len(self.health), "peak": self.peak,
        }


def while_attacked(port, b, pid, attack, seconds=SECONDS):
    """Runs `attack(stop)` on a thread for `seconds` while app B is measured."""
    victim = Victim(port, b, pid)
    stop = threading.Event()
    extra = {}
    thread = threading.Thread(target=lambda: extra.update(attack(stop) or {}), daemon=True)
    thread.start()
    time.sleep(seconds)
    stop.set()
    thread.join(timeout=30)
    return {**victim.finish(), **extra}


def run_until(stop, work, threads):
    """`work` on `threads` threads until `stop` is set."""
    running = [threading.Thread(target=work, daemon=True) for _ in range(threads)]
    for thread in running:
        thread.start()
    stop.wait()
    for thread in running:
        thread.join(timeout=15)


def counts(port, a):
    def attack(stop):
        crafted = call(port, "POST", f"/v1/apps/{a['appId']}/audience", a["serverKey"], {"filter": CRAFTED})[0]
        seen = {}

        def ask():
            while not stop.is_set():
                status, _ = call(port, "POST", f"/v1/apps/{a['appId']}/audience", a["serverKey"], {"filter": DEAREST}, timeout=15)
                seen[status] = seen.get(status, 0) + 1
        run_until(stop, ask, 4)
        return {"crafted": crafted, "seen": seen}
    return attack


def publishes(port, a):
    def attack(stop):
        made = [call(port, "POST", f"/v1/apps/{a['appId']}/publishes", a["serverKey"],
                     {"filter": DEAREST, "notification": {"title": "a"}})[0] for _ in range(5)]
        return {"made": made}
    return attack


def slow_bodies(port, a):
    head = (f"POST /v1/apps/{a['appId']}/devices HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer {a['clientKey']}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {1 << 20}\r\n\r\n").encode()

    def attack(stop):
        heads = [0]

        def hold():
            while not stop.is_set():
                try:
                    with socket.create_connection(("127.0.0.1", port), timeout=3, source_address=("127.0.0.9", 0)) as s:
                        s.sendall(head)
                        heads[0] += 1
                        while not stop.is_set():
                            s.sendall(b" ")
                            time.sleep(2)
                except OSError:
                    time.sleep(0.05)
        run_until(stop, hold, 64)
        return {"heads": heads[0]}
    return attack


def unread_answers(port, a, pid):
    message = {"title": "t" * 1000, "body": "b" * 10_000, "data": {"d": "x" * 4000}}
    for _ in range(500):
        status, _ = call(port, "POST", f"/v1/apps/{a['appId']}/users/carol/inbox", a["serverKey"], message)
        if status != 201:
            raise SystemExit(f"soak: an inbox message was refused ({status})")
    request = (f"GET /v1/apps/{a['appId']}/users/carol/inbox?limit=500 HTTP/1.1\r\nHost: x\r\n"
               f"Authorization: Bearer {a['serverKey']}\r\n\r\n").encode()

    def attack(stop):
        before = rss_mib(pid)
        sockets = []
        for _ in range(60):
            s = socket.socket()
            s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            s.connect(("127.0.0.1", port))
            s.sendall(request)
            sockets.append(s)
        stop.wait()
        during = rss_mib(pid)
        for s in sockets:
            s.close()
        time.sleep(3)
        return {"before": before, "during": during, "after": rss_mib(pid)}
    return attack


def isolation(herald, folder):
    """Every probe above on a gateway of its own: their rows, and the baseline's."""
    data, a = imported_app(herald, folder, 100_000, lambda i: {"tags": {f"t{k}": f"v{(i + k) % 50}" for k in range(10)}})
    key_file = os.path.join(folder, "AuthKey_BENCH12345.p8")
    b = json.loads(subprocess.run(
        [herald, "app", "create", "--data", data, "--name", "B", "--bundle-id", "com.example.b",
         "--auth-key", key_file, "--key-id", "BENCH12345", "--team-id", "TEAM123456"],
        check=True, capture_output=True, text=True).stdout)
    server = Server(herald, ["--data", data], os.path.join(folder, "serve.log"), ["--deliverer", "discard"])
    try:
        port, pid = int(server.base.rsplit(":", 1)[1]), server.proc.pid
        rows = {"baseline": while_attacked(port, b, pid, lambda stop: stop.wait(), seconds=10)}
        rows["counts"] = while_attacked(port, b, pid, counts(port, a))
        rows["publishes"] = while_attacked(port, b, pid, publishes(port, a))
        rows["bodies"] = while_attacked(port, b, pid, slow_bodies(port, a))
        rows["answers"] = while_attacked(port, b, pid, unread_answers(port, a, pid), seconds=10)
        return rows
    finally:
        server.stop()


def row(result, baseline):
    share = 100 * result["ok"] / max(1, result["asked"])
    return (f"B: {result['ok']}/{result['asked']} answered ({share:.1f} %), p50 {result['p50']:.0f} ms, p99 {result['p99']:.0f} ms"
            f" (no attack: {baseline['p50']:.0f} / {baseline['p99']:.0f} ms); /healthz {result['health']}/{result['checks']};"
            f" peak {result['peak']:.0f} MiB")
