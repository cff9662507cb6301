"""`make soak`: hostile-client probes against `herald serve`, beside nginx, written to
docs/benchmarks.md.

Each server runs with its defaults (nginx: one worker, 1024 connections, answering
/healthz with 200 and every /v1 request with 401, before reading a body, as the
gateway does for a request without a key). For each:

1. Slow heads: 1,100 connections from 127.0.0.2 send the start of a request, then one
   byte every 5 s, for 30 s. Meanwhile a client on 127.0.0.1 asks for /healthz every
   0.25 s (2 s timeout): how many answered, and the slowest answer.
2. The same from eight addresses (127.0.0.2-9), 2,200 connections: more than the
   connection limit, so slow connections must make room for the health check.
3. Unauthenticated bodies: 1,000 connections each POST a 1 MiB body to an unknown app
   with no key: the server's peak resident memory during the probe and its resident
   memory 3 s after the connections closed.
4. (herald only) The same with the app's client key (bodies the gateway must read):
   bounded by --max-body-memory.
5. The attacks of soak_abuse.py: sign-in heads announcing 1 MiB with no key, held and
   renewed, beside another client's registrations and publishes; the client key flooding
   from one address beside a device's own requests; a 5,000-device receipt wave at the
   default limits; 1,100 connections from 5 addresses that reconnect at once, beside the
   health check.
6. (herald only) The isolation probes of soak_isolation.py: one app's costly counts and
   filtered publishes, its client key's slow bodies and unread answers, each beside
   another app's registrations and publishes and the health check.

Nothing here is timed by a unit test; the figures go to docs/benchmarks.md.
"""
import argparse
import json
import os
import resource
import selectors
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import machine, parse_wrk, write_p8, write_section  # noqa: E402
from soak_abuse import client_key_flood, keyless_bodies, receipt_wave, reconnect_storm  # noqa: E402
from soak_isolation import isolation, row  # noqa: E402

START, END = "<!-- bench:soak:start -->", "<!-- bench:soak:end -->"
MIB = 1 << 20

NGINX_CONF = """
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/nginx-error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {folder}/body;
  proxy_temp_path {folder}/proxy;
  fastcgi_temp_path {folder}/fastcgi;
  uwsgi_temp_path {folder}/uwsgi;
  scgi_temp_path {folder}/scgi;
  server {{
    listen 127.0.0.1:{port};
    location = /healthz {{ default_type application/json; return 200 '{{"status":"ok"}}'; }}
    location /v1/ {{ default_type application/json; return 401 '{{"error":{{"code":"unauthorized"}}}}'; }}
  }}
}}
"""


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rss_kib(pids):
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/status") as f:
                total += next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
        except (OSError, StopIteration):
            pass
    return total


class Target:
    """A server under probe: its port and the processes whose memory counts."""

    def __init__(self, name, port, processes):
        self.name, self.port, self.processes = name, port, processes

    def pids(self):
        pids = [p.pid for p in self.processes]
        for pid in list(pids):
            try:
                with open(f"/proc/{pid}/task/{pid}/children") as f:
                    pids += [int(x) for x in f.read().split()]
            except OSError:
                pass
        return pids


def health_checker(port, stop, results):
    begun = time.perf_counter()
    while not stop.is_set():
        started = time.perf_counter()
        ok = False
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2) as s:
                s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                ok = s.recv(64).startswith(b"HTTP/1.1 200")
        except OSError:
            pass
        results.append((ok, time.perf_counter() - started, started - begun))
        time.sleep(0.25)


def slow_heads(target, count, addresses, seconds=30):
    sockets = []
    for i in range(count):
        s = socket.socket()
        s.bind((addresses[i % len(addresses)], 0))
        s.setblocking(False)
        try:
            s.connect(("127.0.0.1", target.port))
        except BlockingIOError:
            pass
        sockets.append(s)
    time.sleep(0.5)
    for s in sockets:
        try:
            s.send(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        except OSError:
            pass
    stop, results = threading.Event(), []
    checker = threading.Thread(target=health_checker, args=(target.port, stop, results))
    checker.start()
    open_at_end = 0
    ends = time.time() + seconds
    while time.time() < ends:
        time.sleep(5)
        open_at_end = 0
        for s in sockets:
            try:
                s.send(b"X")
                open_at_end += 1
            except OSError:
                pass
    stop.set()
    checker.join()
    for s in sockets:
        s.close()
    answered = sum(1 for ok, _, _ in results if ok)
    slowest = max((t for ok, t, _ in results if ok), default=float("nan"))
    refused_at = [at for ok, _, at in results if not ok]
    return {"answered": answered, "asked": len(results), "slowest_ms": slowest * 1000, "still_open": open_at_end,
            "refused_at": refused_at}


def bodies(target, count, path, key=None):
    """`count` connections each sending a 1 MiB POST body; peak and settled memory (KiB)."""
    head = f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {MIB}\r\n"
    if key:
        head += f"Authorization: Bearer {key}\r\n"
    head = (head + "\r\n").encode()
    chunk = b" " * 65536
    selector = selectors.DefaultSelector()
    state = {}
    for _ in range(count):
        s = socket.socket()
        s.setblocking(False)
        try:
            s.connect(("127.0.0.1", target.port))
        except BlockingIOError:
            pass
        state[s] = [head, MIB]
        selector.register(s, selectors.EVENT_WRITE)
    peak, answers = 0, {}
    ends = time.time() + 60
    while state and time.time() < ends:
        for key_, _ in selector.select(timeout=0.05):
            s = key_.fileobj
            pending = state.get(s)
            if pending is None:
                continue
            try:
                if pending[0]:
                    pending[0] = pending[0][s.send(pending[0]):]
                elif pending[1] > 0:
                    pending[1] -= s.send(chunk[:min(len(chunk), pending[1])])
                else:
                    raise BrokenPipeError
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                selector.unregister(s)
                del state[s]
                try:
                    answer = s.recv(32)
                    answers[answer[9:12].decode() or "none"] = answers.get(answer[9:12].decode() or "none", 0) + 1
                except OSError:
                    answers["reset"] = answers.get("reset", 0) + 1
                s.close()
                continue
            if pending[1] == 0 and not pending[0]:
                selector.unregister(s)
                del state[s]
                s.settimeout(5)
                try:
                    answer = s.recv(32)
                    code = answer[9:12].decode() or "none"
                except OSError:
                    code = "reset"
                answers[code] = answers.get(code, 0) + 1
                s.close()
        peak = max(peak, rss_kib(target.pids()))
    for s in state:
        s.close()
    peak = max(peak, rss_kib(target.pids()))
    time.sleep(3)
    return {"peak_mib": peak / 1024, "after_mib": rss_kib(target.pids()) / 1024, "answers": answers}


def start_herald(herald, folder):
    data = os.path.join(folder, "data")
    key_file = os.path.join(folder, "AuthKey_SOAK123456.p8")
    write_p8(key_file)
    created = json.loads(subprocess.run(
        [herald, "app", "create", "--data", data, "--name", "Soak", "--bundle-id", "com.example.soak",
         "--auth-key", key_file, "--key-id", "SOAK123456", "--team-id", "TEAM123456"],
        check=True, capture_output=True, text=True).stdout)
    proc = subprocess.Popen([herald, "serve", "--data", data, "--listen", "127.0.0.1:0", "--deliverer", "discard"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline()
    if "listening on http://" not in line:
        raise SystemExit(f"herald serve did not start: {line}")
    port = int(line.split("listening on http://")[1].split()[0].rsplit(":", 1)[1])
    return Target("herald serve", port, [proc]), created


def start_nginx(folder):
    port = free_port()
    conf = os.path.join(folder, "nginx.conf")
    with open(conf, "w") as f:
        f.write(NGINX_CONF.format(folder=folder, port=port))
    proc = subprocess.Popen(["nginx", "-c", conf, "-p", folder, "-g", "daemon off;"], stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    return Target("nginx", port, [proc])


def throughput(target):
    """wrk on /healthz, 2 threads, 32 keep-alive connections, 8 s: the HTTP layer's own speed."""
    out = subprocess.run(["wrk", "-t2", "-c32", "-d8s", "--latency", f"http://127.0.0.1:{target.port}/healthz"],
                         check=True, capture_output=True, text=True).stdout
    return parse_wrk(out)


def probe(target, app=None):
    many = [f"127.0.0.{i}" for i in range(2, 10)]
    row = {"speed": throughput(target)}
    row["one"] = slow_heads(target, 1100, ["127.0.0.2"])
    row["many"] = slow_heads(target, 2200, many)
    time.sleep(1)
    row["anonymous"] = bodies(target, 1000, "/v1/apps/app_unknown/devices")
    if app:
        time.sleep(1)
        row["keyed"] = bodies(target, 1000, f"/v1/apps/{app['appId']}/devices", key=app["clientKey"])
    time.sleep(1)
    row["storm"] = reconnect_storm(target.port, health_checker)
    time.sleep(1)
    row["keyless"] = keyless_bodies(target.port, app or {"appId": "app_none", "clientKey": "x", "serverKey": "x"})
    if app:
        time.sleep(1)
        row["flood"] = client_key_flood(target.port, app)
        row["wave"] = receipt_wave(target.port, app)
    return row


def statuses(result):
    return ", ".join(f"{count} × {code}" for code, count in sorted(result["statuses"].items(), key=lambda x: str(x[0])))


def flood(result):
    return (f"device: {result['answered']}/{result['asked']} answered ({100 * result['answered'] / max(1, result['asked']):.1f} %);"
            f" the flood: {result['flood_rate']:,.0f} requests/s, {result['flood_429']:,} of {result['flood_sent']:,} got 429")


def health(result):
    text = f"{result['answered']}/{result['asked']}, slowest {result['slowest_ms']:.0f} ms"
    if result["refused_at"]:
        text += f"; not answered at {min(result['refused_at']):.1f}–{max(result['refused_at']):.1f} s"
    return text


def nginx_version():
    try:
        return subprocess.run(["nginx", "-v"], capture_output=True, text=True).stderr.strip().split(": ")[-1]
    except OSError:
        return "nginx"


def memory(result):
    codes = ", ".join(f"{count} × {code}" for code, count in sorted(result["answers"].items()))
    return f"peak {result['peak_mib']:.0f} MiB, {result['after_mib']:.0f} MiB after ({codes})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--report", required=True)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 16384), hard))
    rows = {}
    with tempfile.TemporaryDirectory() as folder:
        target, app = start_herald(args.herald, folder)
        try:
            rows["herald"] = probe(target, app)
        finally:
            target.processes[0].terminate()
            target.processes[0].wait(timeout=30)
        nginx = start_nginx(folder)
        try:
            rows["nginx"] = probe(nginx)
        finally:
            nginx.processes[0].terminate()
            nginx.processes[0].wait(timeout=30)
    with tempfile.TemporaryDirectory() as folder:
        iso = isolation(args.herald, folder)
    h, n = rows["herald"], rows["nginx"]
    base = iso["baseline"]
    lines = [
        START,
        "## Hostile clients (`make soak`)",
        "",
        f"Machine: {machine()}; {nginx_version()}. Both servers with their defaults on loopback; nginx"
        " (one worker, 1024 connections) answers /healthz 200 and /v1 401 before reading a body.",
        "Health: /healthz asked every 0.25 s from 127.0.0.1 during the probe (answered/asked, 2 s timeout;"
        " the times are from the start of the probe).",
        "",
        "| probe | herald serve | nginx |",
        "| --- | --- | --- |",
        f"| GET /healthz, wrk -t2 -c32 8 s (no attack) | {h['speed']['rps']:,.0f} requests/s, p99 {h['speed']['p99']}"
        f" | {n['speed']['rps']:,.0f} requests/s, p99 {n['speed']['p99']} |",
        f"| 1,100 slow heads from one address, 30 s: health | {health(h['one'])} | {health(n['one'])} |",
        f"| same: slow connections still open after 30 s | {h['one']['still_open']} | {n['one']['still_open']} |",
        f"| 2,200 slow heads from 8 addresses, 30 s: health | {health(h['many'])} | {health(n['many'])} |",
        f"| 1,000 × 1 MiB bodies, no key: memory | {memory(h['anonymous'])} | {memory(n['anonymous'])} |",
        f"| 1,000 × 1 MiB bodies with the client key: memory | {memory(h['keyed'])} | (no API) |",
        f"| 1,100 connections from 5 addresses reconnecting at once, 30 s: health | {health(h['storm'])}"
        f" ({h['storm']['connects']:,} connects) | {health(n['storm'])} ({n['storm']['connects']:,} connects) |",
        f"| 64 sign-in heads announcing 1 MiB, no key, held and renewed, 30 s: another client's registrations"
        f" and publishes | {statuses(h['keyless'])} ({h['keyless']['holds']:,} heads) |"
        f" {statuses(n['keyless'])} ({n['keyless']['holds']:,} heads; nginx answers /v1 401) |",
        f"| the client key flooding from one address, 20 s, beside one device's requests (its own key) |"
        f" {flood(h['flood'])} | (no API) |",
        f"| 5,000 devices report delivered and opened for one publish within {h['wave']['seconds']:.0f} s, default limits |"
        f" {statuses(h['wave'])} | (no API) |",
        "",
        "herald serve cuts a head at 10 s from its first byte (`--header-timeout`), caps 256 connections"
        " per address, takes a slot from the address holding the most when all 1,024 are taken (else from a"
        " connection still waiting for its request), checks the key before reading a body, gives requests"
        " without a key a small share of the body memory of their own and caps a sign-in body at 4 KiB,"
        " holds at most 64 MiB of bodies (`--max-body-memory`), and limits the client key per address and"
        " each device key on its own; docs/gateway.md, \"Limits and abuse\".",
        "",
        "### One app against the others",
        "",
        "One `herald serve` (defaults, SQLite, the test deliverer `discard`) with app A (100,000 devices, ten tags"
        " each) attacking and app B registering a device (client key) and publishing (server key) every 0.1 s,"
        " /healthz every 0.25 s, 30 s each (the unread answers 10 s); p50 and p99 of B's answered requests.",
        "",
        "| A does | what A got | B and the gateway meanwhile |",
        "| --- | --- | --- |",
        f"| nothing (baseline, 10 s) | | {row(base, base)} |",
        f"| the crafted count (an `or` of 100 `in` of 100 values), then 4 threads counting with the dearest filter allowed"
        f" (18 tag conditions, 198 units) | crafted: {iso['counts']['crafted']}; then"
        f" {', '.join(f'{v} × {k}' for k, v in sorted(iso['counts']['seen'].items()))} | {row(iso['counts'], base)} |",
        f"| 5 publishes to the whole app with that filter | {', '.join(str(s) for s in iso['publishes']['made'])}"
        f" | {row(iso['publishes'], base)} |",
        f"| 64 client-key heads from one address announcing 1 MiB, a byte every 2 s, reconnecting"
        f" | {iso['bodies']['heads']:,} heads | {row(iso['bodies'], base)} |",
        f"| 60 inbox pages of 500 of the longest messages, never read | gateway {iso['answers']['before']:.0f} MiB before,"
        f" {iso['answers']['during']:.0f} MiB during, {iso['answers']['after']:.0f} MiB 3 s after they closed"
        f" | {row(iso['answers'], base)} |",
        END,
    ]
    write_section(args.report, "\n".join(lines), START, END)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
