"""A PostgreSQL server of the benchmark's own: a new cluster (initdb) in a temporary folder
under /tmp, started with pg_ctl on a Unix socket in that folder (no TCP), stopped and
removed by `stop()`. When the benchmark runs as root the server runs as Debian's
`postgres` user (PostgreSQL refuses root), through setpriv. PostgreSQL's own settings
are left at their defaults (every commit waits for its WAL flush), but for the
connection limit."""
import glob
import os
import pwd
import shutil
import subprocess
import tempfile


class TempPostgres:
    def __init__(self, max_connections=200):
        self.bin = self._bin_directory()
        self.user = pwd.getpwnam("postgres") if os.geteuid() == 0 else None
        self.folder = tempfile.mkdtemp(prefix="herald-bench-pg-", dir="/tmp")
        self.port = 5432
        if self.user:
            os.chown(self.folder, self.user.pw_uid, self.user.pw_gid)
        try:
            self._run("initdb", "-D", f"{self.folder}/data", "-U", "herald", "--auth-local=trust", "-E", "UTF8",
                      "--locale=C")
            with open(f"{self.folder}/data/postgresql.conf", "a") as conf:
                conf.write(f"\nlisten_addresses = ''\nunix_socket_directories = '{self.folder}'\n"
                           f"max_connections = {max_connections}\n")
            self._run("pg_ctl", "-D", f"{self.folder}/data", "-l", f"{self.folder}/server.log", "-w", "-s", "start")
        except BaseException:
            shutil.rmtree(self.folder, ignore_errors=True)
            raise

    def url(self, database):
        return f"postgres://herald@/{database}?host={self.folder}&port={self.port}"

    def create_database(self, name):
        self._run("createdb", "-h", self.folder, "-p", str(self.port), "-U", "herald", name)
        return self.url(name)

    def pgbench(self, database, script, seconds, clients=4):
        """Transactions per second of pgbench running `script` (prepared statements) on `database`."""
        path = os.path.join(self.folder, "bench.sql")
        with open(path, "w") as f:
            f.write(script)
        os.chmod(self.folder, 0o755)
        os.chmod(path, 0o644)
        out = self._run("pgbench", "-h", self.folder, "-p", str(self.port), "-U", "herald", "-n", "-M", "prepared",
                        "-c", str(clients), "-j", "2", "-T", str(seconds), "-f", path, database).stdout
        for line in out.splitlines():
            if line.startswith("tps = "):
                return float(line.split()[2])
        raise SystemExit(f"pgbench printed no tps: {out}")

    def version(self):
        out = subprocess.run([f"{self.bin}/postgres", "--version"], capture_output=True, text=True).stdout
        parts = out.split()  # postgres (PostgreSQL) 15.18 (Debian …)
        return parts[2] if len(parts) > 2 else "?"

    def stop(self):
        self._run("pg_ctl", "-D", f"{self.folder}/data", "-m", "fast", "-w", "-s", "stop", check=False)
        shutil.rmtree(self.folder, ignore_errors=True)

    def _run(self, program, *arguments, check=True):
        command = [f"{self.bin}/{program}", *arguments]
        if self.user:
            command = ["setpriv", f"--reuid={self.user.pw_uid}", f"--regid={self.user.pw_gid}", "--clear-groups", "--"] + command
        result = subprocess.run(command, capture_output=True, text=True, cwd=self.folder)
        if check and result.returncode != 0:
            raise SystemExit(f"PostgreSQL for the benchmark: {program} failed: {result.stderr}{result.stdout}")
        return result

    @staticmethod
    def _bin_directory():
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
        if found:
            return os.path.dirname(found[-1])
        initdb = shutil.which("initdb")
        if initdb:
            return os.path.dirname(initdb)
        raise SystemExit("PostgreSQL is not installed (Debian: apt-get install postgresql; make bench-gateway does)")
