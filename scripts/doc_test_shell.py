"""One bash session per Markdown file for the doc test (doc_test.py): the file's commands
run in it one after another, so a variable or a `cd` of one block holds in the next.

Each command is written to a file and sourced with its output in files of its own, so the
session reads nothing but the harness's commands and its own line (`DONE n STATUS`) says
when the command ended. A herald server (`herald serve`, `apns-sim`, `fcm-sim`, whether or
not the doc ends it with `&`) is started in the background, as a reader starts it in
another terminal, and the command ends when it prints `listening on`. The session is its
own process group: stopping it stops every process its commands started.
"""
import os
import re
import select
import shlex
import signal
import subprocess
import time

SERVER = re.compile(r"^\s*herald\s+(serve|apns-sim|fcm-sim)\b(?!.*--help)", re.S)


class Result:
    def __init__(self, status, out, err, timed_out=False):
        self.status, self.out, self.err, self.timed_out = status, out, err, timed_out


class Session:
    def __init__(self, folder, cwd, env):
        self.folder, self.cwd, self.env = folder, cwd, env
        self.count = 0
        self.process = None

    def start(self):
        self.process = subprocess.Popen(
            ["bash", "--noprofile", "--norc"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=open(os.path.join(self.folder, "session.err"), "ab"), cwd=self.cwd, env=self.env, start_new_session=True)
        self._send("set -o pipefail\n")

    def _send(self, text):
        self.process.stdin.write(text.encode())
        self.process.stdin.flush()

    def _wait_done(self, marker, deadline):
        """The status after `marker` on the session's output, or None at the deadline."""
        buffer = b""
        while time.time() < deadline:
            ready, _, _ = select.select([self.process.stdout], [], [], max(0.0, min(0.5, deadline - time.time())))
            if not ready:
                continue
            chunk = os.read(self.process.stdout.fileno(), 4096)
            if not chunk:
                return None
            buffer += chunk
            found = re.search(rb"%s (\d+)\n" % marker.encode(), buffer)
            if found:
                return int(found.group(1))
        return None

    def run(self, text, timeout):
        """Runs one command; a `Result`. At the timeout the session is stopped (and started again)."""
        self.count += 1
        n = self.count
        files = {kind: os.path.join(self.folder, f"{kind}-{n}") for kind in ("cmd", "out", "err", "pid")}
        cmd, out, err, pid = (shlex.quote(files[kind]) for kind in ("cmd", "out", "err", "pid"))
        server = SERVER.match(text)
        with open(files["cmd"], "w") as f:
            if server:
                # In the background (exec: `kill %1` stops the server itself), its output in its
                # own file; `$!` says whether it lives.
                f.write(f"{{ exec {text.rstrip().rstrip('&').rstrip()}\n}} > {out} 2>&1 < /dev/null &\nprintf %s $! > {pid}\n")
            else:
                f.write(text + "\n")
        marker = f"DONE-{n}"
        redirect = "" if server else f" > {out} 2> {err} < /dev/null"
        self._send(f"source {cmd}{redirect}; printf '\\n{marker} %d\\n' $?\n")
        deadline = time.time() + timeout
        status = self._wait_done(marker, deadline)
        if status is not None and server:
            status = self._wait_listening(files, deadline)
        if status is None:
            self.stop()
            self.start()
            return Result(None, self._read(files["out"]), self._read(files["err"]), timed_out=True)
        return Result(status, self._read(files["out"]), self._read(files["err"]))

    def _wait_listening(self, files, deadline):
        """0 once the server printed `listening on`; 1 when it ended first; None at the deadline."""
        pid = int(self._read(files["pid"]) or 0)
        while time.time() < deadline:
            if "listening on" in self._read(files["out"]):
                return 0
            if not pid or not alive(pid):
                return 1
            time.sleep(0.05)
        return None

    @staticmethod
    def _read(path):
        try:
            with open(path, errors="replace") as f:
                return f.read()
        except FileNotFoundError:
            return ""

    def stop(self):
        """Stops the session and every process it started (SIGTERM, then SIGKILL after 10 s)."""
        if self.process is None:
            return
        group = self.process.pid
        try:
            self.process.stdin.close()
        except OSError:
            pass
        for sig, grace in ((signal.SIGTERM, 10), (signal.SIGKILL, 5)):
            try:
                os.killpg(group, sig)
            except ProcessLookupError:
                break
            end = time.time() + grace
            while time.time() < end and group_alive(group):
                time.sleep(0.05)
            if not group_alive(group):
                break
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        self.process.stdout.close()
        self.process = None


def alive(pid):
    """Whether `pid` runs (a zombie does not)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, IndexError):
        return False


def group_alive(group):
    """Whether a process of the group other than a zombie is left."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                if int(fields[2]) == group and fields[0] != "Z":
                    return True
            except (FileNotFoundError, IndexError, ValueError):
                continue
    return False
