"""Shared by the benchmark scripts: the machine they ran on, their section of
docs/benchmarks.md, an APNs key, `herald apns-sim`."""
import json
import os
import platform
import signal
import subprocess


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
