"""`make bench`: Herald against its peers, same run; writes docs/benchmarks.md.

Decode benchmark: the payload corpus (every provider fixture and example) decoded
N times by `herald bench-decode` and by Python's json.loads plus the same field
access (Benchmarks/decode_peer.py). Each side runs three times, interleaved; the
median rate and the peak resident memory of the process are reported.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from benchlib import machine, write_section

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
START, END = "<!-- bench:decode:start -->", "<!-- bench:decode:end -->"
OUTBOX_START, OUTBOX_END = "<!-- bench:outbox:start -->", "<!-- bench:outbox:end -->"


def build_corpus(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    files = []
    fixtures = os.path.join(ROOT, "Tests/HeraldCoreTests/Fixtures/Providers")
    for name in sorted(os.listdir(fixtures)):
        with open(os.path.join(fixtures, name), encoding="utf-8") as f:
            payload = json.load(f)["payload"]
        path = os.path.join(out_dir, name)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(payload, f, ensure_ascii=False)
        files.append(path)
    examples = os.path.join(ROOT, "Examples/Payloads")
    files += [os.path.join(examples, n) for n in sorted(os.listdir(examples)) if n.endswith(".json")]
    return files


def peak_rss(command):
    """Peak RSS (MiB) of one child run, read from /proc while it runs."""
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    peak = 0
    while proc.poll() is None:
        try:
            with open(f"/proc/{proc.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        peak = max(peak, int(line.split()[1]))
        except OSError:
            pass
        time.sleep(0.005)
    out, _ = proc.communicate()
    return json.loads(out.strip().splitlines()[-1]), peak / 1024


def outbox_section(herald, events):
    """Durable appends against whole-file rewrites, and sender batching, in one run."""
    import tempfile
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run([herald, "bench-outbox", folder, "--events", str(events)],
                             check=True, capture_output=True, text=True).stdout
    r = json.loads(out.strip().splitlines()[-1])
    h, n, nf = r["herald"]["perSecond"], r["naive"]["perSecond"], r["naiveFsync"]["perSecond"]
    return "\n".join([
        OUTBOX_START,
        f"Measured {time.strftime('%Y-%m-%d')} on {machine()}; {events} receipts recorded one at a time.",
        "",
        "| how each receipt is kept | durable | receipts/s | vs naive |",
        "| --- | --- | ---: | ---: |",
        f"| Herald `ReceiptOutbox` (one checksummed line + fsync) | yes | {h:,.0f} | {h / n:.2f}x |",
        f"| naive: whole list as JSON, `Data.write(.atomic)` | no | {n:,.0f} | 1.00x |",
        f"| naive + fsync | yes | {nf:,.0f} | {nf / n:.2f}x |",
        "",
        "| sender draining the same number of pending receipts | requests | receipts/s |",
        "| --- | ---: | ---: |",
        f"| batches of 1 | {r['sender1']['requests']:,} | {r['sender1']['perSecond']:,.0f} |",
        f"| batches of 100 | {r['sender100']['requests']:,} | {r['sender100']['perSecond']:,.0f} |",
        OUTBOX_END,
    ])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--herald", required=True)
    parser.add_argument("--report", required=True)
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--outbox-events", type=int, default=1000)
    args = parser.parse_args()

    files = build_corpus(os.path.join(ROOT, "Benchmarks/out/corpus"))
    herald_cmd = [args.herald, "bench-decode", "--iterations", str(args.iterations)] + files
    peer_cmd = [sys.executable, os.path.join(ROOT, "Benchmarks/decode_peer.py"), "--iterations", str(args.iterations)] + files

    herald_runs, peer_runs = [], []
    for _ in range(3):
        herald_runs.append(peak_rss(herald_cmd))
        peer_runs.append(peak_rss(peer_cmd))

    h_rate = statistics.median(r[0]["perSecond"] for r in herald_runs)
    p_rate = statistics.median(r[0]["perSecond"] for r in peer_runs)
    h_parse = statistics.median(r[0]["parseOnlyPerSecond"] for r in herald_runs)
    f_parse = statistics.median(r[0]["foundationParseOnlyPerSecond"] for r in herald_runs)
    h_mem = max(r[1] for r in herald_runs)
    p_mem = max(r[1] for r in peer_runs)
    size = sum(os.path.getsize(f) for f in files) / len(files)

    table = "\n".join([
        START,
        f"Measured {time.strftime('%Y-%m-%d')} on {machine()}.",
        f"Corpus: {len(files)} payloads of every provider (mean {size:.0f} bytes), {args.iterations} passes, "
        "median of 3 interleaved runs, one thread each.",
        "",
        "| decoder | payloads/s | vs peer | peak RSS |",
        "| --- | ---: | ---: | ---: |",
        f"| Herald `PayloadDecoder` (parse, aps, provider, unwrap, notes) | {h_rate:,.0f} | {h_rate / p_rate:.2f}x | {h_mem:.1f} MiB |",
        f"| Python `json.loads` + the same field access (peer) | {p_rate:,.0f} | 1.00x | {p_mem:.1f} MiB |",
        f"| Herald `JSONParser` alone | {h_parse:,.0f} | {h_parse / p_rate:.2f}x | |",
        f"| Foundation `JSONSerialization` alone (Linux) | {f_parse:,.0f} | {f_parse / p_rate:.2f}x | |",
        END,
    ])
    print(table)

    outbox = outbox_section(args.herald, args.outbox_events)
    print(outbox)

    write_section(args.report, table, START, END)
    write_section(args.report, outbox, OUTBOX_START, OUTBOX_END)


if __name__ == "__main__":
    main()
