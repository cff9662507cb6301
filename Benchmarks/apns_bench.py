"""`make bench-apns`: Herald's APNs client against aioapns and h2load, same simulator, same run.

Starts `herald apns-sim` (release build) on a free loopback port with a fresh key,
then sends N notifications over one and over four connections with
`herald bench-apns`, with aioapns (Benchmarks/aioapns_peer.py) and with h2load
(nghttp2-client: the machine's ceiling for this server). Herald and h2load run
three times each (median); aioapns once with fewer notifications (it is slow).
Writes the section between the bench:apns markers of docs/benchmarks.md.
"""
import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import jwt
from benchlib import APNsSim, machine, write_p8, write_section

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
START, END = "<!-- bench:apns:start -->", "<!-- bench:apns:end -->"
KEY_ID, TEAM_ID, TOPIC = "BENCH12345", "TEAM123456", "com.example.bench"


def run_json(command, timeout=600):
    out = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    if out.returncode not in (0, 1):
        sys.exit("failed: %s\n%s" % (" ".join(command), out.stderr))
    return json.loads(out.stdout.strip().splitlines()[-1])


def h2load(url, ca_unused, token, payload_file, count, connections, streams):
    command = ["h2load", "-n", str(count), "-c", str(connections), "-m", str(streams), "-d", payload_file,
               "-H", "authorization: bearer " + token, "-H", "apns-topic: " + TOPIC, "-H", "apns-push-type: alert",
               url + "/3/device/" + "%064x" % 7]
    out = subprocess.run(command, capture_output=True, text=True, timeout=600)
    rate, ok = None, 0
    for line in out.stdout.splitlines():
        if line.startswith("finished in"):
            rate = float(line.split(",")[1].split()[0])
        if line.startswith("status codes:"):
            ok = int(line.split()[2])
    if rate is None or ok != count:
        sys.exit("h2load failed (%s of %s 2xx):\n%s%s" % (ok, count, out.stdout, out.stderr))
    return rate


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--count", type=int, default=100000)
    parser.add_argument("--peer-count", type=int, default=20000)
    parser.add_argument("--report")
    args = parser.parse_args()

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
            herald, ceiling = [], []
            for _ in range(3):
                result = run_json([args.herald, "bench-apns", "--count", str(args.count), "--connections", str(connections),
                                   "--streams", "100"] + auth)
                if result["accepted"] != args.count:
                    sys.exit("herald bench-apns: %s of %s accepted" % (result["accepted"], args.count))
                herald.append(result["rate"])
                ceiling.append(h2load(url, ca, token, payload_file, args.count, connections, 100))
            peer = run_json([sys.executable, os.path.join(ROOT, "Benchmarks/aioapns_peer.py"), "--host", host, "--port", port,
                             "--ca", ca, "--key", key_file, "--key-id", KEY_ID, "--team-id", TEAM_ID, "--topic", TOPIC,
                             "--count", str(args.peer_count), "--connections", str(connections)])
            if peer["accepted"] != args.peer_count:
                sys.exit("aioapns: %s of %s accepted" % (peer["accepted"], args.peer_count))
            rows.append((connections, statistics.median(herald), peer["rate"], statistics.median(ceiling)))
            h, p, c = rows[-1][1:]
            print("%d connection(s): Herald %.0f/s, aioapns %.0f/s (Herald %.1fx), h2load %.0f/s (Herald %.0f %%)"
                  % (connections, h, p, h / p, c, 100 * h / c))
    finally:
        stats = sim.stop()
    print("simulator:", json.dumps(stats))

    lines = ["Measured %s on %s." % (datetime.date.today().isoformat(), machine("h2load")),
             "Herald and h2load: %d notifications, median of 3; aioapns: %d notifications, once. "
             "100 streams per connection; simulator SETTINGS_MAX_CONCURRENT_STREAMS 1000; all on one machine."
             % (args.count, args.peer_count), "",
             "| connections | Herald `APNSClient` | aioapns (peer) | h2load (ceiling) | Herald / aioapns | Herald / h2load |",
             "| ---: | ---: | ---: | ---: | ---: | ---: |"]
    for connections, h, p, c in rows:
        lines.append("| %d | %s/s | %s/s | %s/s | %.1fx | %.0f %% |" % (connections, format(round(h), ","), format(round(p), ","),
                                                                       format(round(c), ","), h / p, 100 * h / c))
    if args.report:
        write_section(os.path.join(ROOT, args.report), START + "\n" + "\n".join(lines) + "\n" + END, START, END)
        print("wrote", args.report)


if __name__ == "__main__":
    main()
