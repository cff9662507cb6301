"""The browser test's world (console_test.py): `herald apns-sim` (one of whose tokens answers 410
Unregistered) and `herald fcm-sim`, an app with both credentials, `herald serve`, the app's
first owner invited from the command line, four registered devices, a local server for the
compose preview's image, and Debian's Chromium to drive.
"""
import base64
import hashlib
import hmac
import json
import os
import socket
import struct
import subprocess
import threading
import time
import urllib.error
import urllib.request
import zlib
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

HOSTILE = "<img src=x onerror=alert(1)>"
TOKENS = [f"{n:064x}" for n in (101, 202, 303)]
DEAD = TOKENS[2]
ANDROID = "console-android:APA91bH-console"
INBOX_TOKEN = f"{404:064x}"
HOOK_TOKEN = f"{505:064x}"
# The people: their e-mail and the password each sets on their invite's page.
PEOPLE = {"owner": ("owner@example.com", "tangerine harbour lantern 7"), "sender": ("sender@example.com", "copper meadow violin 42"),
          "viewer": ("viewer@example.com", "quiet orbit pebble 19")}
# What each role's nav shows, in the nav's order (a server key's session: every page but members and account).
NAV = {"owner": ["publishes", "compose", "devices", "users", "webhooks", "keys", "audit", "members", "app", "account"],
       "sender": ["publishes", "compose", "devices", "users", "app", "account"],
       "viewer": ["publishes", "devices", "users", "app", "account"],
       "key": ["publishes", "compose", "devices", "users", "webhooks", "keys", "audit", "app"]}


def wait_for_line(path, text, seconds=20):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if os.path.exists(path) and text in open(path).read():
            return open(path).read()
        time.sleep(0.05)
    raise RuntimeError(f"'{text}' did not appear in {path}: {open(path).read() if os.path.exists(path) else 'no file'}")


def totp(secret, at):
    """RFC 6238's code (SHA-1, 6 digits, 30 s) of a base32 secret at a time: what an authenticator app shows."""
    key = base64.b32decode(secret.upper() + "=" * (-len(secret) % 8))
    digest = hmac.new(key, struct.pack(">Q", int(at) // 30), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    return f"{(struct.unpack('>I', digest[offset:offset + 4])[0] & 0x7FFFFFFF) % 1000000:06d}"


def png(width, height):
    """A small gradient PNG, the compose preview's image."""
    raw = b"".join(b"\x00" + b"".join(bytes((x * 255 // width, 90 + y * 60 // height, 210)) for x in range(width)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


class Harness:
    def __init__(self, herald, work):
        self.herald, self.work = herald, work
        self.processes = []

    def start(self):
        w = self.work
        subprocess.run(["openssl", "ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", f"{w}/k.pem"], check=True,
                       capture_output=True)
        subprocess.run(["openssl", "pkcs8", "-topk8", "-nocrypt", "-in", f"{w}/k.pem", "-out", f"{w}/AuthKey_CONSOLE123.p8"], check=True)
        sim_out = open(f"{w}/sim.out", "w")
        self.processes.append(subprocess.Popen(
            [self.herald, "apns-sim", "--listen", "127.0.0.1:0", "--tls-dir", f"{w}/tls",
             "--trust-key", f"CONSOLE123:TEAM123456:{w}/AuthKey_CONSOLE123.p8", "--fault", f"{DEAD}:410:Unregistered"],
            stdout=sim_out, stderr=subprocess.STDOUT))
        sim = wait_for_line(f"{w}/sim.out", "listening on").split("https://")[1].split()[0].rstrip("/,")
        fcm_out = open(f"{w}/fcm.out", "w")
        self.processes.append(subprocess.Popen(
            [self.herald, "fcm-sim", "--listen", "127.0.0.1:0", "--tls-dir", f"{w}/fcm-tls"], stdout=fcm_out, stderr=subprocess.STDOUT))
        fcm = wait_for_line(f"{w}/fcm.out", "listening on").split("https://")[1].split()[0].rstrip("/,")
        created = subprocess.run(
            [self.herald, "app", "create", "--data", f"{w}/data", "--name", "Console Test", "--bundle-id", "org.herald.console",
             "--auth-key", f"{w}/AuthKey_CONSOLE123.p8", "--key-id", "CONSOLE123", "--team-id", "TEAM123456",
             "--environment", "sandbox", "--apns-endpoint", f"https://{sim}", "--apns-ca", f"{w}/tls/ca.pem",
             "--fcm-service-account", f"{w}/fcm-tls/service-account.json", "--fcm-endpoint", f"https://{fcm}",
             "--fcm-ca", f"{w}/fcm-tls/ca.pem"],
            check=True, capture_output=True, text=True)
        self.app = json.loads(created.stdout)
        # The webhook endpoint: a port bound and never listened on, so each request is refused at once
        # (and no other process can take the port while the test runs).
        self.refusing = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.refusing.bind(("127.0.0.1", 0))
        self.hook_url = f"http://127.0.0.1:{self.refusing.getsockname()[1]}/hook"
        serve_out = open(f"{w}/serve.out", "w")
        # Webhooks to a loopback http:// address; the first retry after 1 s, the next an hour on, so the
        # gateway retries once but never disables the endpoint itself (retries_exhausted) during the test.
        self.processes.append(subprocess.Popen(
            [self.herald, "serve", "--data", f"{w}/data", "--listen", "127.0.0.1:0", "--webhook-allow-http", "--webhook-allow-private",
             "--webhook-retry-schedule", "1s,1h"], stdout=serve_out, stderr=open(f"{w}/serve.err", "w")))
        self.gateway = "http://" + wait_for_line(f"{w}/serve.out", "listening on").split("http://")[1].split()[0]
        # The app's first owner, invited from the command line before anyone can sign in.
        invited = subprocess.run(
            [self.herald, "member", "invite", "--data", f"{w}/data", "--app", self.app["appId"], "--email", PEOPLE["owner"][0],
             "--role", "owner", "--console-url", f"{self.gateway}/console"], check=True, capture_output=True, text=True)
        self.owner_invite = json.loads(invited.stdout)
        for level, (token, locale) in enumerate(zip(TOKENS, ["de-AT", "en-US", "de-DE"]), start=1):
            self.api("POST", "/devices", {"token": token, "environment": "sandbox", "interests": ["deploys"], "locale": locale,
                                          "tags": {"level": level}}, self.app["clientKey"])
        self.api("POST", "/devices", {"token": ANDROID, "platform": "fcm", "interests": ["deploys"], "locale": "pt-BR"}, self.app["clientKey"])
        # The preview's image, from a local server (http: the CSP's img-src allows it).
        os.makedirs(f"{w}/media")
        with open(f"{w}/media/banner.png", "wb") as f:
            f.write(png(320, 160))
        handler = lambda *a, **k: SimpleHTTPRequestHandler(*a, directory=f"{w}/media", **k)  # noqa: E731
        SimpleHTTPRequestHandler.log_message = lambda *a: None
        self.media = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.media.serve_forever, daemon=True).start()
        self.image = f"http://127.0.0.1:{self.media.server_address[1]}/banner.png"

    def api(self, method, path, body, key):
        request = urllib.request.Request(
            f"{self.gateway}/v1/apps/{self.app['appId']}{path}", method=method, data=json.dumps(body).encode() if body else None,
            headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read() or b"null")

    def status(self, method, path, body, key):
        """The status of an API request (an error's too), for the ones expected to be refused."""
        try:
            self.api(method, path, body, key)
            return 200
        except urllib.error.HTTPError as error:
            return error.code

    def console(self, method, path, body=None, cookie=None):
        """A console request as another browser would make it: (status, JSON, the session cookie it was given)."""
        headers = {"Content-Type": "application/json", "X-Herald-Console": "1"}
        if cookie:
            headers["Cookie"] = cookie
        request = urllib.request.Request(f"{self.gateway}{path}", method=method, headers=headers,
                                         data=json.dumps(body).encode() if body is not None else None)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                given = [c.split(";")[0] for c in response.headers.get_all("Set-Cookie") or [] if c.startswith("herald_console=")]
                return response.status, json.loads(response.read() or b"null"), given[0] if given else None
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null"), None

    def stop(self):
        if hasattr(self, "refusing"):
            self.refusing.close()
        if hasattr(self, "media"):
            self.media.shutdown()
            self.media.server_close()
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()


def browser(work, chromium, chromedriver):
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", f"--user-data-dir={work}/profile",
                     "--window-size=1280,900", "--no-first-run", "--disable-extensions", "--force-color-profile=srgb",
                     "--lang=en-US"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(executable_path=chromedriver, log_output=os.devnull), options=options)
