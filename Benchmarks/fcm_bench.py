"""`make bench-fcm`: Herald's FCM client against firebase-admin and h2load, same simulator, same run.

Starts `herald fcm-sim` (release build) on a free loopback port; it writes a service
account it trusts. Then sends N messages over one and over four connections with
`herald bench-fcm` (three times each, median), with firebase-admin
(Benchmarks/fcm_firebase_peer.py, once, fewer messages: it is slower) and with h2load
(nghttp2-client: the same request on the same connections, the machine's ceiling for
this server, with an access token fetched once). Writes the section between the
bench:fcm markers of the --report file.
"""
import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile

from benchlib import APNsSim, h2load_rate, machine, run_json, write_section

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
START, END = "<!-- bench:fcm:start -->", "<!-- bench:fcm:end -->"


class FCMSim(APNsSim):
    """`herald fcm-sim` on a free loopback port as a child: its URL, CA and service account;
    `stop()` (APNsSim's) returns its statistics."""

    def __init__(self, herald, folder, duration=3600, record=None):
        command = [herald, "fcm-sim", "--listen", "127.0.0.1:0", "--tls-dir", os.path.join(folder, "tls"), "--duration", str(duration)]
        if record:
            command += ["--record", record]
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
        lines = [self.proc.stdout.readline() for _ in range(3)]
        if "listening on https://" not in lines[0] or "trust this CA:" not in lines[1] or "service account:" not in lines[2]:
            self.proc.kill()
            raise SystemExit("herald fcm-sim did not start: " + "".join(lines))
        self.url, self.ca, self.account = (line.split()[-1] for line in lines)


def access_token(sim):
    """An access token from the simulator's token endpoint, for h2load (PyJWT and httpx from the venv)."""
    import time
    import jwt
    from fcm_firebase_peer import fetch_access_token
    info = json.load(open(sim.account))
    now = int(time.time())
    assertion = jwt.encode({"iss": info["client_email"], "scope": "https://www.googleapis.com/auth/firebase.messaging",
                            "aud": info["token_uri"], "iat": now, "exp": now + 3600}, info["private_key"], algorithm="RS256")
    return info["project_id"], fetch_access_token(info["token_uri"], assertion, sim.ca)["access_token"]


def h2load(sim, project, token, body_file, count, connections, streams):
    command = ["h2load", "-n", str(count), "-c", str(connections), "-m", str(streams), "-d", body_file,
               "-H", "authorization: Bearer " + token, "-H", "content-type: application/json",
               sim.url + "/v1/projects/%s/messages:send" % project]
    return h2load_rate(command, count)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--count", type=int, default=100000)
    parser.add_argument("--peer-count", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--report")
    args = parser.parse_args()

    work = tempfile.mkdtemp(prefix="herald-bench-fcm-")
    body_file = os.path.join(work, "message.json")
    with open(body_file, "w") as f:
        f.write('{"message":{"token":"bench-1","notification":{"title":"Benchmark","body":"Message 1"},"data":{"n":"1"}}}')
    sim = FCMSim(args.herald, work, duration=3600)
    rows = []
    try:
        project, token = access_token(sim)
        auth = ["--service-account", sim.account, "--fcm-endpoint", sim.url, "--fcm-ca", sim.ca]
        for connections in (1, 4):
            herald, cpu, ceiling = [], [], []
            for _ in range(args.runs):
                result = run_json([args.herald, "bench-fcm", "--count", str(args.count), "--connections", str(connections),
                                   "--streams", "100"] + auth)
                if result["accepted"] != args.count:
                    sys.exit("herald bench-fcm: %s of %s accepted" % (result["accepted"], args.count))
                herald.append(result["rate"])
                cpu.append(1e6 * result["cpuSeconds"] / args.count)
                ceiling.append(h2load(sim, project, token, body_file, args.count, connections, 100))
            rows.append((connections, statistics.median(herald), statistics.median(cpu), statistics.median(ceiling)))
            print("%d connection(s): Herald %.0f/s (%.1f us CPU each), h2load %.0f/s" % rows[-1])
        peer = run_json([sys.executable, os.path.join(ROOT, "Benchmarks/fcm_firebase_peer.py"), "--service-account", sim.account,
                         "--endpoint", sim.url, "--ca", sim.ca, "--count", str(args.peer_count)])
        if peer["accepted"] != args.peer_count:
            sys.exit("firebase-admin: %s of %s accepted" % (peer["accepted"], args.peer_count))
        print("firebase-admin: %.0f/s" % peer["rate"])
    finally:
        stats = sim.stop()
    print("simulator:", json.dumps(stats))

    lines = ["Measured %s on %s." % (datetime.date.today().isoformat(), machine("h2load")),
             "Herald and h2load: %d messages, median of %d, 100 streams per connection; firebase-admin "
             "(`messaging.send_each_async`, batches of 500, one HTTP/2 client): %d messages, once. "
             "All against `herald fcm-sim` on one machine." % (args.count, args.runs, args.peer_count), "",
             "| connections | Herald `FCMClient` | h2load (ceiling) | Herald / h2load |", "| ---: | ---: | ---: | ---: |"]
    for connections, h, u, c in rows:
        lines.append("| %d | %s/s (%.1f µs CPU each) | %s/s | %.0f %% |" % (connections, format(round(h), ","), u, format(round(c), ","), 100 * h / c))
    lines += ["", "firebase-admin: %s/s (Herald with one connection: %.1fx)." % (format(round(peer["rate"]), ","), rows[0][1] / peer["rate"])]
    if args.report:
        write_section(os.path.join(ROOT, args.report), START + "\n" + "\n".join(lines) + "\n" + END, START, END)
        print("wrote", args.report)


if __name__ == "__main__":
    main()
