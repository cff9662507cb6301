#!/usr/bin/env python3
"""Service Extension benchmark for `make bench`: peak memory and deadline accuracy of
`herald nse` against a local media server (scripts/media_server.py, loopback only).

1. Peak RSS (ru_maxrss of the child, from wait4) of `herald nse` fetching a 50 MB video,
   a 10 MB image and a 5 MB audio file in parallel, against the same command on a
   payload with no attachments; curl(1) fetching the same three files is the reference.
2. Against a server that never answers: how long after its deadline `herald nse`
   delivers (the pipeline's own elapsed time, and the wall clock around the process).

Writes its section between <!-- bench:nse:start --> and <!-- bench:nse:end -->.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from benchlib import machine, write_section

START, END = "<!-- bench:nse:start -->", "<!-- bench:nse:end -->"
HERE = os.path.dirname(os.path.abspath(__file__))
SERVER = os.path.join(HERE, "..", "scripts", "media_server.py")
MB = 1_000_000


def start_server():
    proc = subprocess.Popen([sys.executable, SERVER, "--port", "0", "--lifetime", "600"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline().strip()
    if not line.startswith("PORT "):
        proc.kill()
        raise SystemExit("nse_bench: media_server.py did not start: %r" % line)
    return proc, int(line.split()[1])


def run(command, timeout=120):
    """(peak RSS in KiB, wall seconds, stdout) of one child process."""
    began = time.monotonic()
    out = tempfile.TemporaryFile()
    proc = subprocess.Popen(command, stdout=out, stderr=subprocess.DEVNULL)
    deadline = began + timeout
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            proc.kill()
            raise SystemExit("nse_bench: %s took longer than %d s" % (command[:3], timeout))
        time.sleep(0.002)
    wall = time.monotonic() - began
    out.seek(0)
    text = out.read().decode()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit("nse_bench: %s exited %d" % (" ".join(command), os.waitstatus_to_exitcode(status)))
    return usage.ru_maxrss, wall, text


def payload(path, urls):
    with open(path, "w") as f:
        json.dump({"aps": {"alert": {"title": "Bench", "body": "Media"}, "mutable-content": 1}, "media-url": urls}, f)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--deadline", type=float, default=2.0)
    args = parser.parse_args()

    server, port = start_server()
    work = tempfile.mkdtemp(prefix="herald-nse-bench-")
    try:
        base = "http://127.0.0.1:%d" % port
        media = [base + "/m/mp4/%d/video" % (50 * MB), base + "/m/jpeg/%d/image" % (10 * MB), base + "/m/mp3/%d/audio" % (5 * MB)]
        empty, full, stalled = (os.path.join(work, n) for n in ("empty.json", "media.json", "stalled.json"))
        payload(empty, [])
        payload(full, media)
        payload(stalled, [base + "/stall"])
        out = os.path.join(work, "out")

        baseline, fetching, curl_rss, fetch_times, lateness, wall_lateness = [], [], [], [], [], []
        for _ in range(args.runs):
            rss, _, _ = run([args.herald, "nse", empty, "--out", out, "--json"])
            baseline.append(rss)
            shutil.rmtree(out, ignore_errors=True)
            rss, wall, text = run([args.herald, "nse", full, "--out", out, "--json"])
            result = json.loads(text)
            sizes = sorted(a["bytes"] for a in result["attachments"])
            if result["trigger"] != "completed" or sizes != [5 * MB, 10 * MB, 50 * MB]:
                raise SystemExit("nse_bench: the media run did not attach all three files: %s" % text)
            fetching.append(rss)
            fetch_times.append(result["elapsed"])
            shutil.rmtree(out, ignore_errors=True)
            if shutil.which("curl"):
                os.makedirs(out, exist_ok=True)
                command = ["curl", "-s", "--parallel"]
                for i, url in enumerate(media):
                    command += ["-o", os.path.join(out, "f%d" % i), url]
                rss, _, _ = run(command)
                curl_rss.append(rss)
                shutil.rmtree(out, ignore_errors=True)
            rss, wall, text = run([args.herald, "nse", stalled, "--out", out, "--json", "--deadline", str(args.deadline)])
            result = json.loads(text)
            if result["trigger"] != "deadline":
                raise SystemExit("nse_bench: the stalled run was not delivered at the deadline: %s" % text)
            lateness.append((result["elapsed"] - args.deadline) * 1000)
            wall_lateness.append((wall - args.deadline) * 1000)
            shutil.rmtree(out, ignore_errors=True)
    finally:
        server.stdin.close()
        server.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)

    mib = lambda kib: kib / 1024
    med_base, med_fetch = statistics.median(baseline), statistics.median(fetching)
    growth = [mib(f - b) for f, b in zip(fetching, baseline)]
    lines = [
        START,
        "Measured %s on %s." % (time.strftime("%Y-%m-%d"), machine("curl")),
        "%d runs of each, release build, files served from 127.0.0.1 by scripts/media_server.py; peak RSS is the child's "
        "ru_maxrss (VmHWM) from wait4." % args.runs,
        "",
        "| run | peak RSS (median) | max |",
        "| --- | ---: | ---: |",
        "| `herald nse`, payload without attachments | %.1f MiB | %.1f MiB |" % (mib(med_base), mib(max(baseline))),
        "| `herald nse`, 50 MB video + 10 MB image + 5 MB audio in parallel | %.1f MiB | %.1f MiB |" % (mib(med_fetch), mib(max(fetching))),
        "| **growth for 65 MB of attachments** | **%.1f MiB** | %.1f MiB |" % (statistics.median(growth), max(growth)),
    ]
    if curl_rss:
        lines.append("| reference: `curl --parallel` fetching the same three files | %.1f MiB | %.1f MiB |"
                     % (mib(statistics.median(curl_rss)), mib(max(curl_rss))))
    lines += [
        "",
        "Time to fetch and attach the three files: median %.2f s." % statistics.median(fetch_times),
        "",
        "| server that never answers, `--deadline %g` | median | max |" % args.deadline,
        "| --- | ---: | ---: |",
        "| delivery after the deadline, pipeline clock | %.1f ms | %.1f ms |" % (statistics.median(lateness), max(lateness)),
        "| process exit after the deadline, wall clock (includes start-up and cleanup) | %.1f ms | %.1f ms |"
        % (statistics.median(wall_lateness), max(wall_lateness)),
        END,
    ]
    table = "\n".join(lines)
    print(table)
    write_section(args.report, table, START, END)


if __name__ == "__main__":
    main()
