"""What every benchmark script says about the machine it ran on."""
import os
import platform
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
