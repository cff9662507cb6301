"""What the doc test (doc_test.py) runs the docs' examples against, started by itself: an
APNs simulator (TLS, trusting a token key made here), an FCM simulator, `herald serve` on a
temporary data folder with an app whose sandbox and production APNs credentials and FCM
credentials point at them, scripts/media_server.py for Service Extension downloads, and
a PostgreSQL server of its own (initdb in a temporary folder, as the Swift tests' is) when
a doc needs one. `placeholders()` is what the docs' placeholders stand for here.
"""
import json
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

KEY_ID, TEAM_ID = "DOCTEST001", "TEAM123456"
# The docs' placeholder device token (`5d6e…a4b5c6`), made whole.
TOKEN = "5d6e" + "0" * 54 + "a4b5c6"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def make_key(path):
    """An APNs token key as Apple gives it: an EC P-256 private key in PKCS#8 PEM."""
    pem = subprocess.run(["openssl", "ecparam", "-name", "prime256v1", "-genkey", "-noout"], check=True, capture_output=True).stdout
    subprocess.run(["openssl", "pkcs8", "-topk8", "-nocrypt", "-out", path], input=pem, check=True, capture_output=True)


def wait_for(path, text, process, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        content = open(path, errors="replace").read() if os.path.exists(path) else ""
        if text in content:
            return content
        if process.poll() is not None:
            break
        time.sleep(0.05)
    raise RuntimeError(f"'{text}' did not appear in {path}: {content[-2000:]}")


class WebhookEndpoint(BaseHTTPRequestHandler):
    """A team's webhook endpoint: takes every event."""

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *arguments):
        pass


class Services:
    def __init__(self, herald, root):
        self.herald, self.root = herald, root
        self.processes, self.postgres = [], None

    def herald_json(self, *arguments):
        run = subprocess.run([self.herald, *arguments], capture_output=True, text=True)
        if run.returncode != 0:
            raise RuntimeError(f"herald {' '.join(arguments)}: exit {run.returncode}: {run.stderr}")
        return json.loads(run.stdout)

    def server(self, name, arguments, ready="listening on"):
        log = os.path.join(self.root, f"{name}.log")
        process = subprocess.Popen([self.herald, *arguments], stdout=open(log, "w"), stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL)
        self.processes.append(process)
        return re.search(r"127\.0\.0\.1:\d+", wait_for(log, ready, process)).group(0)

    def start(self, postgres=False):
        r = self.root
        self.key = os.path.join(r, f"AuthKey_{KEY_ID}.p8")
        make_key(self.key)
        self.apns = self.server("apns-sim", ["apns-sim", "--listen", "127.0.0.1:0", "--tls-dir", f"{r}/apns-tls",
                                             "--trust-key", f"{KEY_ID}:{TEAM_ID}:{self.key}"])
        self.fcm = self.server("fcm-sim", ["fcm-sim", "--listen", "127.0.0.1:0", "--tls-dir", f"{r}/fcm-tls"])
        self.data = os.path.join(r, "herald-data")
        self.app = self.create_app("Doc Test", "com.example.shop")
        # Webhooks to the endpoint here, on loopback over http.
        self.hooks = ThreadingHTTPServer(("127.0.0.1", 0), WebhookEndpoint)
        threading.Thread(target=self.hooks.serve_forever, daemon=True).start()
        self.gateway = self.server("serve", ["serve", "--data", self.data, "--listen", "127.0.0.1:0", "--webhook-allow-http",
                                             "--webhook-allow-private"])
        # An app in use, as the docs' app_5f0c… is: a device registered, a publish made.
        self.api(self.app["appId"], "POST", "/devices", {"token": TOKEN, "environment": "production", "interests": ["news"]},
                 self.app["clientKey"])
        self.api(self.app["appId"], "POST", "/publishes", {"interests": ["news"], "notification": {"title": "Hello"}},
                 self.app["serverKey"])
        self.media_process = subprocess.Popen(
            ["python3", os.path.join(os.path.dirname(__file__), "media_server.py"), "--port", "0", "--lifetime", "3600"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.media = f"127.0.0.1:{self.media_process.stdout.readline().split()[1]}"
        if postgres:
            self.postgres = Postgres()
            self.postgres.start()

    def create_app(self, name, bundle_id):
        """An app on the gateway's data folder, its APNs (both environments) and FCM at the simulators."""
        apns = ["--auth-key", self.key, "--key-id", KEY_ID, "--team-id", TEAM_ID, "--apns-endpoint", f"https://{self.apns}",
                "--apns-ca", f"{self.root}/apns-tls/ca.pem"]
        app = self.herald_json("app", "create", "--data", self.data, "--name", name, "--bundle-id", bundle_id, *apns,
                               "--environment", "sandbox", "--fcm-service-account", f"{self.root}/fcm-tls/service-account.json",
                               "--fcm-endpoint", f"https://{self.fcm}", "--fcm-ca", f"{self.root}/fcm-tls/ca.pem")
        self.herald_json("app", "set-credentials", "--data", self.data, "--app", app["appId"], *apns, "--environment", "production")
        return app

    def placeholders(self):
        """(placeholder, value) for every doc: the gateway, the app and its keys, a device token."""
        table = [("127.0.0.1:8080", self.gateway), ("https://push.example.com", f"http://{self.gateway}"),
                 ("app_5f0c…", self.app["appId"]), ("APP_ID", self.app["appId"]), ("hsk_…", self.app["serverKey"]),
                 ("hck_…", self.app["clientKey"]), ("5d6e…a4b5c6", TOKEN), ("127.0.0.1:8000", self.media),
                 ("https://hooks.example.com/herald", f"http://127.0.0.1:{self.hooks.server_address[1]}/herald")]
        if self.postgres:
            table.append(("postgres://herald:PASSWORD@db.internal:5432/herald?sslmode=verify-full&sslrootcert=/etc/herald/db-ca.pem",
                          self.postgres.url))
        return table

    def api(self, app, method, path, body, key):
        request = urllib.request.Request(f"http://{self.gateway}/v1/apps/{app}{path}", method=method, data=json.dumps(body).encode(),
                                         headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read() or b"null")

    def old_app(self):
        """deploy.md's move from SQLite: an app on the data folder whose devices have all a device
        may have (a user, interests, locale, time zone, app version, tags, metadata; APNs in both
        environments and FCM); its id."""
        app = self.create_app("Old", "com.example.old")
        user_token = subprocess.run([self.herald, "app", "user-token", "--data", self.data, "--app", app["appId"], "--user", "ann"],
                                    check=True, capture_output=True, text=True).stdout.strip()
        devices = [
            {"token": "0a" * 32, "environment": "sandbox", "interests": ["news", "deals"], "userId": "ann", "userToken": user_token,
             "locale": "de-AT", "timeZone": "Europe/Vienna", "appVersion": "2.3.1", "tags": {"plan": "pro", "level": 3},
             "metadata": {"model": "iPhone15,2"}},
            {"token": "old-android:APA91bHun4MxP5egoKMwt2KZFBaFUH", "platform": "fcm", "interests": ["news"], "locale": "pt-BR",
             "timeZone": "America/Sao_Paulo", "appVersion": "2.3.0", "tags": {"beta": True}},
            {"token": "0b" * 32, "environment": "production"},
        ]
        for device in devices:
            self.api(app["appId"], "POST", "/devices", device, app["clientKey"])
        return app["appId"]

    def stop(self):
        if hasattr(self, "hooks"):
            self.hooks.shutdown()
            self.hooks.server_close()
        if hasattr(self, "media_process"):
            self.media_process.stdin.close()
            self.media_process.wait(timeout=15)
            self.media_process.stdout.close()
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if self.postgres:
            self.postgres.stop()


class Postgres:
    """A PostgreSQL server in a temporary folder, listening on 127.0.0.1 at a free port, with a
    database `herald` owned by the user `herald`. As root it runs as `postgres` (or `nobody`),
    since PostgreSQL refuses root, and its folder is under /tmp, which that user can reach."""

    def start(self):
        versions = sorted(((float(v), f"/usr/lib/postgresql/{v}/bin") for v in os.listdir("/usr/lib/postgresql")
                           if re.fullmatch(r"\d+(\.\d+)?", v)), reverse=True) if os.path.isdir("/usr/lib/postgresql") else []
        folders = [path for _, path in versions] + [os.path.dirname(shutil.which("initdb") or "")]
        self.bin = next((f for f in folders if os.path.exists(f"{f}/initdb") and os.path.exists(f"{f}/pg_ctl")), None)
        if not self.bin:
            raise RuntimeError("PostgreSQL's initdb and pg_ctl are not installed (Debian: postgresql; make deps installs it)")
        self.user = None
        if os.geteuid() == 0:
            self.user = next((pwd.getpwnam(n) for n in ("postgres", "nobody") if n in {p.pw_name for p in pwd.getpwall()}), None)
        self.folder = tempfile.mkdtemp(prefix="herald-doc-pg-", dir="/tmp" if self.user else None)
        password = os.urandom(16).hex()
        with open(f"{self.folder}/password", "w") as f:
            f.write(password + "\n")
        for path in (self.folder, f"{self.folder}/password"):
            if self.user:
                os.chown(path, self.user.pw_uid, self.user.pw_gid)
        self.run("initdb", "-D", f"{self.folder}/data", "-U", "herald", f"--pwfile={self.folder}/password", "--auth-local=trust",
                 "--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C", "--no-sync")
        port = free_port()
        with open(f"{self.folder}/data/postgresql.conf", "a") as f:
            f.write(f"\nlisten_addresses = '127.0.0.1'\nport = {port}\nunix_socket_directories = '{self.folder}'\n"
                    "fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n")
        self.run("pg_ctl", "-D", f"{self.folder}/data", "-l", f"{self.folder}/server.log", "-w", "-t", "60", "-s", "start")
        self.run("createdb", "-h", self.folder, "-p", str(port), "-U", "herald", "herald")
        self.url = f"postgres://herald:{password}@127.0.0.1:{port}/herald"

    def run(self, program, *arguments):
        command = [f"{self.bin}/{program}", *arguments]
        if self.user:
            command = ["setpriv", f"--reuid={self.user.pw_uid}", f"--regid={self.user.pw_gid}", "--clear-groups", "--"] + command
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.folder)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed (exit {done.returncode}): {done.stderr}{done.stdout}")

    def stop(self):
        if not getattr(self, "folder", None):
            return
        if os.path.exists(f"{self.folder}/data/postmaster.pid"):
            try:
                self.run("pg_ctl", "-D", f"{self.folder}/data", "-m", "fast", "-w", "-s", "stop")
            except RuntimeError as error:
                print(f"doc-test: {error}")
        shutil.rmtree(self.folder, ignore_errors=True)
