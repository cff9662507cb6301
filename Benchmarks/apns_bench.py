"""`make bench-apns`: Herald's APNs client against aioapns, Go and h2load, same servers, same run.

Starts `herald apns-sim` (release build) on a free loopback port with a fresh key,
then sends N notifications over one and over four connections with
`herald bench-apns`, with aioapns (Benchmarks/aioapns_peer.py) and with h2load
(nghttp2-client: the machine's ceiling for this server). Herald and h2load run
three times each (median); aioapns once with fewer notifications (it is slow).

Then the same against a neutral server: nginx (HTTP/2 over TLS on loopback, its own
configuration in a temporary folder, run as `nobody` when this script runs as root)
answering 200 to every POST /3/device/* with the request's apns-id, so that neither
side is Herald's code. Herald, a Go sender on the standard library's net/http
(Benchmarks/apns_go_sender, built here) and h2load send to it; Herald's and Go's CPU
time per notification is reported too. nginx and Go (golang-go) are installed with
scripts/deps.sh when missing.

Writes the section between the bench:apns markers of the --report file.
"""
import argparse
import datetime
import json
import os
import pwd
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import jwt
from benchlib import APNsSim, h2load_rate, machine, run_json, write_p8, write_section

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
START, END = "<!-- bench:apns:start -->", "<!-- bench:apns:end -->"
KEY_ID, TEAM_ID, TOPIC = "BENCH12345", "TEAM123456", "com.example.bench"


def h2load(url, ca_unused, token, payload_file, count, connections, streams):
    command = ["h2load", "-n", str(count), "-c", str(connections), "-m", str(streams), "-d", payload_file,
               "-H", "authorization: bearer " + token, "-H", "apns-topic: " + TOPIC, "-H", "apns-push-type: alert",
               url + "/3/device/" + "%064x" % 7]
    return h2load_rate(command, count)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Nginx:
    """nginx on a free loopback port: HTTP/2 over TLS with the simulator's certificate,
    200 and the request's apns-id (or a fresh id) for POST /3/device/*, 405 for other
    methods, 404 elsewhere. Runs as `nobody` when started by root."""

    CONFIG = """
daemon off;
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    keepalive_requests 100000000;
    http2_max_concurrent_streams 1000;
    map $http_apns_id $answer_id {{ "" $request_id; default $http_apns_id; }}
    server {{
        listen 127.0.0.1:{port} ssl http2;
        ssl_certificate {dir}/cert.pem;
        ssl_certificate_key {dir}/key.pem;
        location /3/device/ {{
            if ($request_method != POST) {{ return 405; }}
            add_header apns-id $answer_id always;
            return 200;
        }}
        location / {{ return 404; }}
    }}
}}
"""

    def __init__(self, work, cert, key):
        self.dir = os.path.join(work, "nginx")
        os.makedirs(self.dir)
        shutil.copy(cert, os.path.join(self.dir, "cert.pem"))
        shutil.copy(key, os.path.join(self.dir, "key.pem"))
        self.port = free_port()
        conf = os.path.join(self.dir, "nginx.conf")
        with open(conf, "w") as f:
            f.write(self.CONFIG.format(dir=self.dir, port=self.port))
        demote = None
        if os.getuid() == 0:
            nobody = pwd.getpwnam("nobody")
            os.chmod(work, 0o755)
            for root, dirs, files in os.walk(self.dir):
                for name in dirs + files:
                    os.chown(os.path.join(root, name), nobody.pw_uid, nobody.pw_gid)
            os.chown(self.dir, nobody.pw_uid, nobody.pw_gid)

            def demote():
                os.setgroups([])
                os.setgid(nobody.pw_gid)
                os.setuid(nobody.pw_uid)
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.proc = subprocess.Popen([binary, "-p", self.dir, "-e", os.path.join(self.dir, "error.log"), "-c", conf],
                                     preexec_fn=demote, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 20
        while time.time() < deadline:
            if self.proc.poll() is not None:
                sys.exit("nginx did not start: %s" % self.proc.stderr.read())
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        else:
            self.stop()
            sys.exit("nginx did not listen on 127.0.0.1:%d within 20 s" % self.port)
        self.url = "https://127.0.0.1:%d" % self.port

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def build_go_sender(work):
    """Builds Benchmarks/apns_go_sender (standard library only) into `work`."""
    out = os.path.join(work, "apns_go_sender")
    env = dict(os.environ, GOCACHE=os.path.join(work, "gocache"), GOPATH=os.path.join(work, "gopath"), GOFLAGS="-mod=mod",
               GO111MODULE="on", GOTOOLCHAIN="local", CGO_ENABLED="0")
    result = subprocess.run(["go", "build", "-o", out, "."], cwd=os.path.join(ROOT, "Benchmarks/apns_go_sender"), env=env,
                            capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        sys.exit("building the Go sender failed:\n%s%s" % (result.stdout, result.stderr))
    return out


def micros_per(result, count):
    return 1e6 * result["cpuSeconds"] / count


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--count", type=int, default=100000)
    parser.add_argument("--peer-count", type=int, default=20000)
    parser.add_argument("--report")
    args = parser.parse_args()
    subprocess.run([os.path.join(ROOT, "scripts/deps.sh"), "nginx", "golang-go"], check=True)

    work = tempfile.mkdtemp(prefix="herald-bench-apns-")
    key_file = os.path.join(work, "AuthKey_%s.p8" % KEY_ID)
    key = write_p8(key_file)
    token = jwt.encode({"iss": TEAM_ID, "iat": int(time.time())}, key, algorithm="ES256", headers={"kid": KEY_ID})
    payload_file = os.path.join(work, "payload.json")
    with open(payload_file, "w") as f:
        f.write('{"aps":{"alert":"Benchmark"}}')

    sim = APNsSim(args.herald, work, KEY_ID, TEAM_ID, key_file, duration=1800)
    try:
        url, ca, host, port = sim.url, sim.ca, sim.host, sim.port
        auth = ["--endpoint", url, "--ca", ca, "--auth-key", key_file, "--key-id", KEY_ID, "--team-id", TEAM_ID, "--topic", TOPIC]
        rows = []
        for connections in (1, 4):
            herald, ceiling, cpu = [], [], []
            for _ in range(3):
                result = run_json([args.herald, "bench-apns", "--count", str(args.count), "--connections", str(connections),
                                   "--streams", "100"] + auth)
                if result["accepted"] != args.count:
                    sys.exit("herald bench-apns: %s of %s accepted" % (result["accepted"], args.count))
                herald.append(result["rate"])
                cpu.append(micros_per(result, args.count))
                ceiling.append(h2load(url, ca, token, payload_file, args.count, connections, 100))
            peer = run_json([sys.executable, os.path.join(ROOT, "Benchmarks/aioapns_peer.py"), "--host", host, "--port", port,
                             "--ca", ca, "--key", key_file, "--key-id", KEY_ID, "--team-id", TEAM_ID, "--topic", TOPIC,
                             "--count", str(args.peer_count), "--connections", str(connections)])
            if peer["accepted"] != args.peer_count:
                sys.exit("aioapns: %s of %s accepted" % (peer["accepted"], args.peer_count))
            rows.append((connections, statistics.median(herald), peer["rate"], statistics.median(ceiling), statistics.median(cpu)))
            h, p, c, u = rows[-1][1:]
            print("%d connection(s): Herald %.0f/s (%.1f us CPU per notification), aioapns %.0f/s (Herald %.1fx), "
                  "h2load %.0f/s (Herald %.0f %%)" % (connections, h, u, p, h / p, c, 100 * h / c))
        neutral = bench_nginx(args, work, sim, key_file, token, payload_file)
    finally:
        stats = sim.stop()
    print("simulator:", json.dumps(stats))

    lines = ["Measured %s on %s." % (datetime.date.today().isoformat(), machine("h2load")),
             "Herald and h2load: %d notifications, median of 3; aioapns: %d notifications, once. "
             "100 streams per connection; simulator SETTINGS_MAX_CONCURRENT_STREAMS 1000; all on one machine."
             % (args.count, args.peer_count), "",
             "| connections | Herald `APNSClient` | aioapns (peer) | h2load (ceiling) | Herald / aioapns | Herald / h2load |",
             "| ---: | ---: | ---: | ---: | ---: | ---: |"]
    for connections, h, p, c, u in rows:
        lines.append("| %d | %s/s (%.1f µs CPU each) | %s/s | %s/s | %.1fx | %.0f %% |"
                     % (connections, format(round(h), ","), u, format(round(p), ","), format(round(c), ","), h / p, 100 * h / c))
    lines += ["", "Against nginx (a neutral HTTP/2 server on loopback answering 200 with the apns-id; %d notifications, "
              "median of 3; CPU time is the sender's own, user and system, per notification):" % args.count, "",
              "| connections | Herald `APNSClient` | Go `net/http` | h2load (ceiling) | Herald / Go | Herald / h2load | Herald CPU | Go CPU |",
              "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for connections, h, hu, g, gu, c in neutral:
        lines.append("| %d | %s/s | %s/s | %s/s | %.2fx | %.0f %% | %.1f µs | %.1f µs |"
                     % (connections, format(round(h), ","), format(round(g), ","), format(round(c), ","), h / g, 100 * h / c, hu, gu))
    if args.report:
        write_section(os.path.join(ROOT, args.report), START + "\n" + "\n".join(lines) + "\n" + END, START, END)
        print("wrote", args.report)


def bench_nginx(args, work, sim, key_file, token, payload_file):
    """Herald, the Go sender and h2load against nginx, 1 and 4 connections: rows of
    (connections, Herald rate, Herald µs CPU, Go rate, Go µs CPU, h2load rate)."""
    go_sender = build_go_sender(work)
    server = Nginx(work, sim.ca, os.path.join(work, "tls", "key.pem"))
    rows = []
    try:
        auth = ["--endpoint", server.url, "--ca", sim.ca, "--auth-key", key_file, "--key-id", KEY_ID, "--team-id", TEAM_ID,
                "--topic", TOPIC]
        for connections in (1, 4):
            herald, herald_cpu, go, go_cpu, ceiling = [], [], [], [], []
            for _ in range(3):
                result = run_json([args.herald, "bench-apns", "--count", str(args.count), "--connections", str(connections),
                                   "--streams", "100"] + auth)
                if result["accepted"] != args.count:
                    sys.exit("herald bench-apns against nginx: %s of %s accepted" % (result["accepted"], args.count))
                herald.append(result["rate"])
                herald_cpu.append(micros_per(result, args.count))
                result = run_json([go_sender, "-url", server.url, "-ca", sim.ca, "-token", token, "-topic", TOPIC,
                                   "-count", str(args.count), "-connections", str(connections), "-streams", "100"])
                if result["accepted"] != args.count:
                    sys.exit("Go sender against nginx: %s of %s accepted" % (result["accepted"], args.count))
                go.append(result["rate"])
                go_cpu.append(micros_per(result, args.count))
                ceiling.append(h2load(server.url, sim.ca, token, payload_file, args.count, connections, 100))
            row = (connections, statistics.median(herald), statistics.median(herald_cpu), statistics.median(go),
                   statistics.median(go_cpu), statistics.median(ceiling))
            rows.append(row)
            print("nginx, %d connection(s): Herald %.0f/s (%.1f us CPU each), Go net/http %.0f/s (%.1f us CPU each), "
                  "h2load %.0f/s" % row)
    finally:
        server.stop()
    return rows


if __name__ == "__main__":
    main()
