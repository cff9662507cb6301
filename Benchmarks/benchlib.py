"""Shared by the benchmark scripts: the machine they ran on, their section of
docs/benchmarks.md, an APNs key, `herald apns-sim`, `herald serve` and its API, wrk."""
import hashlib
import http.client
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request


def machine(*tools):
    """CPU and cores, Swift, the first line of `TOOL --version` for each tool given, Python."""
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    parts = [f"{cpu}, {os.cpu_count()} cores", first_line(["swift", "--version"]) or "swift"]
    parts += [first_line([tool, "--version"]) or f"no {tool}" for tool in tools]
    parts.append(f"Python {platform.python_version()}")
    return "; ".join(parts)


def first_line(command):
    try:
        out = subprocess.run(command, capture_output=True, text=True).stdout.strip().splitlines()
    except OSError:
        return ""
    return " ".join(out[0].split()[:3]) if out else ""


def run_json(command, env=None, timeout=600):
    """Runs a benchmark command that exits 0 or 1 and prints a JSON line last; that line as a dict."""
    out = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env)
    if out.returncode not in (0, 1):
        sys.exit("failed: %s\n%s" % (" ".join(command), out.stderr))
    return json.loads(out.stdout.strip().splitlines()[-1])


def h2load_rate(command, count):
    """Runs an h2load command that sends `count` requests; its requests per second, exiting unless all were 2xx."""
    out = subprocess.run(command, capture_output=True, text=True, timeout=900)
    rate, ok = None, 0
    for line in out.stdout.splitlines():
        if line.startswith("finished in"):
            rate = float(line.split(",")[1].split()[0])
        if line.startswith("status codes:"):
            ok = int(line.split()[2])
    if rate is None or ok != count:
        sys.exit("h2load failed (%s of %s 2xx):\n%s%s" % (ok, count, out.stdout, out.stderr))
    return rate


def parse_wrk(out):
    """Requests per second, p50 and p99 latency, and non-2xx answers from `wrk --latency` output."""
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


def write_p8(path):
    """A fresh P-256 private key as an APNs .p8 file (needs `cryptography`: the venv of scripts/pyenv.sh)."""
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    key = ec.generate_private_key(ec.SECP256R1())
    with open(path, "wb") as f:
        f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                  serialization.NoEncryption()))
    return key


class APNsSim:
    """`herald apns-sim` on a free loopback port as a child: its URL and CA, and its statistics when stopped."""

    def __init__(self, herald, folder, key_id, team_id, key_file, record=None, duration=3600):
        command = [herald, "apns-sim", "--listen", "127.0.0.1:0", "--tls-dir", os.path.join(folder, "tls"),
                   "--trust-key", f"{key_id}:{team_id}:{key_file}", "--max-streams", "1000",
                   "--duration", str(duration)]
        if record:
            command += ["--record", record]
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        first, second = self.proc.stdout.readline(), self.proc.stdout.readline()
        if "listening on https://" not in first or "trust this CA:" not in second:
            self.proc.kill()
            raise SystemExit(f"herald apns-sim did not start: {first}{second}")
        self.url, self.ca = first.split()[-1], second.split()[-1]
        self.host, self.port = self.url[len("https://"):].rsplit(":", 1)

    def stop(self):
        """SIGTERM; the statistics line it prints (accepted, rejected, connections, ...) as a dict."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
        out = self.proc.communicate(timeout=60)[0].strip().splitlines()
        return json.loads(out[-1]) if out and out[-1].startswith("{") else {}


def cpu_seconds(pid):
    """The CPU seconds (user and system) process `pid` has used, from /proc."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(server, key, requests, expect=(200,)):
    """Each (method, path, body) on one kept-alive connection to `server`: latency median and
    p95 in ms, the server's CPU µs per request (from /proc), the count, and the last answer's
    JSON; exits on a status not in `expect`."""
    url = urllib.parse.urlparse(server.base)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
    latencies = []
    cpu = cpu_seconds(server.proc.pid)
    last = None
    for method, path, body in requests:
        started = time.perf_counter()
        connection.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        response = connection.getresponse()
        data = response.read()
        latencies.append((time.perf_counter() - started) * 1000)
        if response.status not in expect:
            raise SystemExit(f"{method} {path}: {response.status} {data[:300]!r}")
        last = json.loads(data)
    used = (cpu_seconds(server.proc.pid) - cpu) / len(requests) * 1e6
    connection.close()
    latencies.sort()
    return {"median": statistics.median(latencies), "p95": latencies[max(0, int(len(latencies) * 0.95) - 1)], "cpu_us": used,
            "n": len(requests), "last": last}


def write_section(path, section, start, end):
    """Puts `section` (which begins with `start` and ends with `end`) in the file at
    `path` in place of the text between those markers, or at its end when they are missing."""
    report = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
    if start in report and end in report:
        report = report[:report.index(start)] + section + report[report.index(end) + len(end):]
    else:
        report = report.rstrip("\n") + "\n\n" + section + "\n"
    with open(path, "w", encoding="utf-8") as f:
        f.write(report)


class Server:
    """`herald serve` on `store` (["--data", DIR] or ["--database", URL]) as a child, its
    standard error in the file `log` (a full pipe would stall it); its peak resident memory
    sampled from /proc."""

    def __init__(self, herald, store, log, extra=()):
        self.log = log
        with open(self.log, "w") as f:
            self.proc = subprocess.Popen([herald, "serve", *store, "--listen", "127.0.0.1:0", *extra],
                                         stdout=subprocess.PIPE, stderr=f, text=True)
        line = self.proc.stdout.readline()
        if "listening on http://" not in line:
            raise SystemExit(f"herald serve did not start: {line}{self.errors()}")
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

    def metric(self, name, **labels):
        """The sum of the series `name` in /metrics whose labels include `labels`."""
        with urllib.request.urlopen(f"{self.base}/metrics", timeout=30) as response:
            text = response.read().decode()
        total = 0.0
        for line in text.splitlines():
            if not line.startswith(name + "{") and not line.startswith(name + " "):
                continue
            series, value = line.rsplit(" ", 1)
            if all(f'{key}="{wanted}"' in series for key, wanted in labels.items()):
                total += float(value)
        return total

    def stop(self):
        self.running = False
        self.proc.terminate()
        self.proc.wait(timeout=30)

    def errors(self):
        with open(self.log, encoding="utf-8", errors="replace") as f:
            return "".join(f.readlines()[-20:])


def call(method, url, key, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={
        "Authorization": f"Bearer {key}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read() or b"{}")


def publish_and_wait(server, app, key, interest, n, title, body, timeout=900, poll=0.02):
    """Seconds from the POST until `done` (the status read every `poll` seconds), seconds until the 202, the final
    status; exits unless all n were sent."""
    started = time.perf_counter()
    publish = call("POST", f"{server.base}/v1/apps/{app}/publishes", key,
                   {"interests": [interest], "notification": {"title": title, "body": body}})
    accepted = time.perf_counter() - started
    while True:
        status = call("GET", f"{server.base}/v1/apps/{app}/publishes/{publish['publishId']}", key)
        if status["status"] == "done" or time.perf_counter() - started > timeout:
            break
        time.sleep(poll)
    if status["status"] != "done" or status["sent"] != n:
        raise SystemExit(f"publish {publish['publishId']}: not all {n:,} sent after "
                         f"{time.perf_counter() - started:.0f} s: {status}\n{server.errors()}")
    return time.perf_counter() - started, accepted, status


# Each request registers a new token: the prefix (one per wrk process), the thread, a counter.
WRK_SCRIPT = r"""
local counter = 0
local tid = 0
local threads = 0
local prefix = "00000000"
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
end
function init(args)
  tid = tonumber(wrk.thread:get("tid")) or 0
  prefix = args[1] or prefix
end
function request()
  counter = counter + 1
  local token = prefix .. string.format("%08x", tid) .. string.rep("a", 40) .. string.format("%08x", counter)
  local body = '{"token":"' .. token .. '","environment":"production","interests":["wrk"]}'
  return wrk.format("POST", nil, nil, body)
end
"""


def wrk_register(server, app, key, seconds, folder, threads=2, connections=32, prefix="00000000"):
    """wrk POSTs a new device per request to `server` for `seconds`; parse_wrk's numbers."""
    script = os.path.join(folder, "register.lua")
    with open(script, "w") as f:
        f.write(WRK_SCRIPT)
    out = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--latency", "-s", script,
         "-H", f"Authorization: Bearer {key}", "-H", "Content-Type: application/json",
         f"{server.base}/v1/apps/{app}/devices", "--", prefix],
        check=True, capture_output=True, text=True).stdout
    return parse_wrk(out)


def write_devices(path, n, interest="bench"):
    """n devices as JSON lines for `herald app import-devices` (tokens from a hash of their
    number, alike in every benchmark); their tokens."""
    tokens = set()
    with open(path, "w") as f:
        for i in range(n):
            token = hashlib.sha256(b"bench-%d" % i).hexdigest()
            tokens.add(token)
            f.write(f'{{"token":"{token}","environment":"production","interests":["{interest}"]}}\n')
    return tokens


def created_app(herald, folder):
    """A data folder in `folder` with one app (APNs credentials the test deliverer never
    uses): the data folder, and the app as `herald app create` printed it (its id and keys)."""
    data = os.path.join(folder, "data")
    key_file = os.path.join(folder, "AuthKey_BENCH12345.p8")
    write_p8(key_file)
    created = json.loads(subprocess.run(
        [herald, "app", "create", "--data", data, "--name", "Bench", "--bundle-id", "com.example.bench",
         "--auth-key", key_file, "--key-id", "BENCH12345", "--team-id", "TEAM123456"],
        check=True, capture_output=True, text=True).stdout)
    return data, created


def imported_app(herald, folder, n, fields):
    """`created_app` with n devices imported in the interest `bench`, device i with
    `fields(i)` beside its token (tokens in order): the data folder, and the app."""
    data, created = created_app(herald, folder)
    devices = os.path.join(folder, "devices.jsonl")
    with open(devices, "w") as f:
        for i in range(n):
            f.write(json.dumps({"token": "%064x" % (i + 1), "environment": "production", "interests": ["bench"], **fields(i)}) + "\n")
    subprocess.run([herald, "app", "import-devices", "--data", data, "--app", created["appId"], devices], check=True, capture_output=True)
    return data, created


def write_discard_table(path, rows, start, end):
    """Writes (and prints) a section of `herald serve` runs on SQLite with the test deliverer
    `discard`: the machine, then the table of `rows` ("| what | result |" lines)."""
    section = "\n".join([
        start,
        f"Measured {time.strftime('%Y-%m-%d')} on {machine()}. `herald serve` release build on SQLite, the test deliverer "
        "`discard` (answers at once: the time is the gateway's own), default options.",
        "", "| what | result |", "| --- | --- |", *rows, end,
    ])
    write_section(path, section, start, end)
    print(section)
