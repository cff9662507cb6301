"""`make bench-gateway`, the cost of a publish by size: 10,000, 100,000 and 1,000,000
devices, each in a data folder of its own (SQLite), imported with `herald app
import-devices` (timed apart), then one publish to all of them with the test deliverer
`discard` (answers at once: the time is the gateway's own), the status read every 5 ms;
three publishes per size, the median.
For each size: the import, the publish from the POST until `done`, the time per device,
and the server's peak memory. The aim: time per device within 20 % across the sizes,
memory flat.

Needs the venv of scripts/pyenv.sh (cryptography): `make bench-gateway`.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from benchlib import Server, created_app, machine, publish_and_wait, write_devices, write_section  # noqa: E402

START, END = "<!-- bench:scale:start -->", "<!-- bench:scale:end -->"
PUBLISHES = 3  # per size; the median is reported


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--sizes", default="10000,100000,1000000", help="devices per run, comma-separated")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]

    results = [run(args.herald, n) for n in sizes]
    per_device = [r["publish"] / r["n"] * 1e6 for r in results]
    rows = [
        f"| {r['n']:,} | {r['import']:.1f} s | {r['publish']:.2f} s ({r['n'] / r['publish']:,.0f}/s) | {us:.1f} µs | {r['peak']:.0f} MiB |"
        for r, us in zip(results, per_device)
    ]
    spread = max(per_device) / min(per_device)
    section = "\n".join([
        START,
        f"Measured {time.strftime('%Y-%m-%d')} on {machine()}. `herald serve` release build on SQLite, the test deliverer "
        "`discard`, default options; each size in a data folder of its own.",
        "",
        "| devices | import (`herald app import-devices`) | publish to all, POST to `done` (median of 3) | per device | server peak RSS |",
        "| --- | --- | --- | --- | --- |",
        *rows,
        "",
        f"Time per device: the slowest size {spread:.2f}x the fastest (aim: within 1.20x).",
        END,
    ])
    write_section(args.report, section, START, END)
    print(section)


def run(herald, n):
    """Imports n devices into a new data folder and publishes to all of them; the timings."""
    with tempfile.TemporaryDirectory() as folder:
        data, created = created_app(herald, folder)
        devices = os.path.join(folder, "devices.jsonl")
        write_devices(devices, n)
        started = time.perf_counter()
        subprocess.run([herald, "app", "import-devices", "--data", data, "--app", created["appId"], devices],
                       check=True, capture_output=True)
        imported = time.perf_counter() - started
        server = Server(herald, ["--data", data], os.path.join(folder, "serve.err"), ["--deliverer", "discard"])
        try:
            # The status read every 5 ms: at 20 ms, the poll alone is several per cent of the smallest size's time.
            # Three publishes to all, the median: the first one alone also pays for a cold start (statements
            # prepared, pages read in), a fixed cost that is a fifth of the smallest size's time and nothing at 1,000,000.
            times = sorted(publish_and_wait(server, created["appId"], created["serverKey"], "bench", n, "Bench", "by size",
                                            timeout=1800, poll=0.005)[0] for _ in range(PUBLISHES))
        finally:
            server.stop()
        return {"n": n, "import": imported, "publish": times[len(times) // 2], "peak": server.peak_kib / 1024}


if __name__ == "__main__":
    main()
