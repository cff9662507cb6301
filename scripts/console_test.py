#!/usr/bin/env python3
"""Herald Console in a real browser: Debian's Chromium driven by chromedriver (selenium
from PyPI; nothing downloads a browser), against a real `herald serve` delivering through
HeraldAPNs to `herald apns-sim`, one of whose tokens answers 410 Unregistered, and through
HeraldFCM to `herald fcm-sim` for one Android device.

It signs in (after a wrong key is refused), composes and sends to an interest (with a
German text, previewed and counted by language), watches the publish finish, opens it, finds the failed device, checks that a hostile title is shown as
text, asks "why?" of a publish's devices and previews a publish on chosen devices (console_test_explain.py),
adds a webhook endpoint whose requests are refused and follows it on its page
(attempts, rotate, replay, disable, delete), and signs out. Then people: the first owner, invited with
`herald member invite`, sets a password on the invite's page; invites a sender and a viewer on the Members page; makes
and revokes a scoped key; each of the three signs in through their invite and sees only the pages and controls their
role may use; the owner reads the audit log (a refused request marked), ends their other sessions, turns TOTP on and
signs in with a code, and changes and removes members. With --screenshots DIR it writes the main pages, light and dark,
and one at a phone's width, into DIR. Ends with 'N passed, N failed'.

Usage: console_test.py --herald .build/debug/herald [--screenshots docs/console]
"""
import argparse
import base64
import hashlib
import hmac
import json
import os
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import zlib
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, TimeoutException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import Select, WebDriverWait

from console_test_explain import ExplainSteps

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
NAV = {"owner": ["publishes", "compose", "devices", "webhooks", "keys", "audit", "members", "app", "account"],
       "sender": ["publishes", "compose", "devices", "app", "account"],
       "viewer": ["publishes", "devices", "app", "account"],
       "key": ["publishes", "compose", "devices", "webhooks", "keys", "audit", "app"]}


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
            [self.herald, "fcm-sim", "--port", "0", "--tls-dir", f"{w}/fcm-tls"], stdout=fcm_out, stderr=subprocess.STDOUT))
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
                     "--window-size=1280,900", "--no-first-run", "--disable-extensions", "--force-color-profile=srgb"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(executable_path=chromedriver, log_output=os.devnull), options=options)


class ConsoleTest:
    def __init__(self, harness, driver, screenshots):
        self.h, self.d, self.screenshots = harness, driver, screenshots
        self.results = []

    def wait(self, condition, what, seconds=30):
        try:
            return WebDriverWait(self.d, seconds, poll_frequency=0.1).until(lambda d: condition(d))
        except TimeoutException:
            raise AssertionError(f"timed out after {seconds} s waiting for {what}; page text: {self.d.find_element(By.TAG_NAME, 'body').text[:600]}")

    def text(self, selector):
        """The rendered text of the first match; read in one script call, as the pages redraw every second."""
        return self.d.execute_script("const n = document.querySelector(arguments[0]); return n ? n.innerText : ''", selector)

    def check(self, name, function):
        try:
            function()
            self.results.append((name, None))
            print(f"ok   {name}")
        except Exception as error:  # noqa: BLE001 - every failure is reported and counted
            self.results.append((name, error))
            print(f"FAIL {name}: {error}")

    def scheme(self, dark):
        self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})

    def shoot(self, name):
        if not self.screenshots:
            return
        self.d.execute_script("document.activeElement && document.activeElement.blur()")
        # The whole page: the window grows to the document's height for the picture.
        phone = name.endswith("-phone")
        if not phone:
            height = self.d.execute_script("return document.documentElement.scrollHeight")
            self.d.set_window_size(1280, min(max(900, height + 140), 2400))
        time.sleep(0.3)  # the last repaint; screenshots only, no assertion depends on it
        self.d.save_screenshot(os.path.join(self.screenshots, name + ".png"))
        if not phone:
            self.d.set_window_size(1280, 900)

    def open(self, fragment):
        self.d.get(f"{self.h.gateway}/console{fragment}")

    # The steps, in order.
    def wrong_key_refused(self):
        self.open("")
        self.wait(lambda d: d.find_elements(By.ID, "server-key"), "the sign-in form")
        self.shoot("signin-light")
        self.d.find_element(By.ID, "app-id").send_keys(self.h.app["appId"])
        self.d.find_element(By.ID, "server-key").send_keys("hsk_" + "0" * 64)
        self.d.find_element(By.ID, "sign-in").click()
        self.wait(lambda d: "not the server key" in self.text("#signin-error"), "the wrong key's error")
        assert not self.d.find_elements(By.ID, "publish-list"), "a wrong key showed the publishes"

    def sign_in(self):
        key = self.d.find_element(By.ID, "server-key")
        key.clear()
        key.send_keys(self.h.app["serverKey"] + Keys.ENTER)
        self.wait(lambda d: d.find_elements(By.ID, "publish-list"), "the publishes after sign-in")
        assert "herald_console" not in self.d.execute_script("return document.cookie"), "the session cookie is readable by scripts"
        cookie = next(c for c in self.d.get_cookies() if c["name"] == "herald_console")
        assert cookie["httpOnly"] and cookie.get("sameSite") == "Strict", f"cookie flags: {cookie}"

    def compose_and_send(self):
        self.open("#/compose")
        self.wait(lambda d: d.find_elements(By.ID, "title"), "the compose form")
        self.d.find_element(By.ID, "title").send_keys("Deploy ready")
        self.d.find_element(By.ID, "subtitle").send_keys("Production")
        self.d.find_element(By.ID, "body").send_keys("v2.14.0 is live on every region")
        self.d.find_element(By.ID, "link").send_keys("app://deploys/1290")
        self.d.find_element(By.ID, "image").send_keys(self.h.image)
        self.d.find_element(By.ID, "target-keys").send_keys("deploys")
        self.wait(lambda d: "would accept" in self.text("#lint"), "the gateway's lint to accept")
        self.wait(lambda d: self.text("#audience") == "Reaches 4 devices now: APNs 3 · FCM 1", "the audience count")
        banners = self.d.find_elements(By.CSS_SELECTOR, "#preview .banner")
        assert len(banners) == 2 and all("Deploy ready" in b.text for b in banners), "the light and dark previews"
        # A German text: its own preview, linted by the gateway with the rest.
        self.d.find_element(By.ID, "add-language").click()
        self.d.find_element(By.ID, "language-1-tag").send_keys("de")
        self.d.find_element(By.ID, "language-1-title").send_keys("Deploy bereit")
        self.d.find_element(By.ID, "language-1-body").send_keys("v2.14.0 läuft in jeder Region")
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#preview .banner")) == 3, "the German preview")
        german = self.d.find_element(By.CSS_SELECTOR, "#preview figure[aria-label='Preview, de, light appearance']")
        assert "Deploy bereit" in german.text and "Deploy ready" not in german.text, german.text
        self.wait(lambda d: "would accept" in self.text("#lint"), "the gateway's lint to accept the German text")
        self.wait(lambda d: d.execute_script("return [...document.querySelectorAll('#preview img')].every(i => i.complete && i.naturalWidth > 0)"),
                  "the preview's image")
        self.shoot("compose-light")
        self.scheme(True)
        self.shoot("compose-dark")
        self.scheme(False)
        self.d.find_element(By.ID, "send").click()
        self.wait(lambda d: "#/publishes/pub_" in d.current_url, "the publish's page")

    def publish_finishes(self):
        self.wait(lambda d: self.text("#publish-status") == "done", "the publish to be done")
        self.wait(lambda d: DEAD in self.text("#failed-devices") and "Unregistered" in self.text("#failed-devices"), "the failed device")
        heading = self.text("h1")
        assert heading == "Deploy ready", heading
        funnel = self.d.execute_script("return document.querySelector('svg.funnel').getAttribute('aria-label')")
        assert "Targeted 4" in funnel and "Sent 3" in funnel, funnel
        platforms = self.text("#publish-platforms")
        assert platforms == "APNs: 2 of 3 sent, 1 failed · FCM: 1 of 1 sent", platforms
        languages = self.text("#publish-languages")
        assert languages == "de: 1 of 2 sent, 1 failed · default: 2 of 2 sent", languages
        # Over time comes from the gateway's records (the timeline endpoint), not from the page's polling.
        over_time = lambda: self.d.execute_script("const n = document.querySelector('svg.timeline'); return n ? n.getAttribute('aria-label') : ''")
        self.wait(lambda d: over_time().startswith("Sent 3, delivered 0, opened 0, failed 1"), "the publish over time")
        assert "Running totals" in self.text("#timeline-note"), self.text("#timeline-note")
        self.shoot("publish-light")
        self.scheme(True)
        self.shoot("publish-dark")
        self.scheme(False)

    def list_shows_funnel(self):
        self.d.find_element(By.LINK_TEXT, "← All publishes").click()
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#publish-list [data-status='done'] svg.funnel"), "the list's funnel")
        assert "Unregistered: 1" in self.text("#publish-list"), self.text("#publish-list")
        self.shoot("publishes-light")
        self.scheme(True)
        self.shoot("publishes-dark")
        self.scheme(False)

    def failed_device(self):
        self.d.find_element(By.CSS_SELECTOR, "a[href^='#/publishes/pub_']").click()
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, f"#failed-devices tr[data-token='{DEAD}'] a"), "the failed device's link")
        self.d.find_element(By.CSS_SELECTOR, f"#failed-devices tr[data-token='{DEAD}'] a").click()
        self.wait(lambda d: "invalidated" in self.text("#device-state") and "Unregistered" in self.text("#device-state"), "the device's state")
        assert DEAD in self.text("#device-detail") and "deploys" in self.text("#device-detail")
        self.shoot("device-light")
        # Find by interest too.
        self.open("#/devices")
        self.wait(lambda d: d.find_elements(By.ID, "find-by"), "the device search")
        self.d.execute_script("document.getElementById('find-by').value = 'interest'")
        self.d.find_element(By.ID, "find-value").send_keys("deploys" + Keys.ENTER)
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#device-results tbody tr")) == 4, "four devices in 'deploys', the Android one too")

    def app_page(self):
        self.open("#/app")
        self.wait(lambda d: self.text("#bundle-id") == "org.herald.console", "the app's bundle id")
        assert "CONSOLE123" in self.text("main"), "the key id"
        assert self.text("#fcm-project") == "herald-sim", self.text("#fcm-project")
        assert self.text("#default-time-zone") == "UTC", self.text("#default-time-zone")
        self.shoot("app-light")

    def phone_width(self):
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
        self.open("#/publishes")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#publish-list svg.funnel"), "the list at a phone's width")
        overflow = self.d.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the page is {overflow} px wider than a phone"
        self.shoot("publishes-phone")
        self.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def hostile_title(self):
        self.open("#/compose")
        self.wait(lambda d: d.find_elements(By.ID, "title"), "the compose form")
        self.d.find_element(By.ID, "title").send_keys(HOSTILE)
        self.d.find_element(By.ID, "target-keys").send_keys("deploys")
        self.wait(lambda d: "would accept" in self.text("#lint"), "lint")
        assert HOSTILE in self.text("#preview"), "the preview shows the title as text"
        self.d.find_element(By.ID, "send").click()
        self.wait(lambda d: self.text("h1") == HOSTILE, "the hostile title as the heading's text")
        self.open("#/publishes")
        self.wait(lambda d: HOSTILE in self.text("#publish-list"), "the hostile title in the list")
        assert not self.d.execute_script("return document.querySelectorAll('img[src=\"x\"]').length"), "an <img> was made from the title"
        try:
            alert = self.d.switch_to.alert
            raise AssertionError(f"a dialog fired: {alert.text}")
        except NoAlertPresentException:
            pass

    def cancel_scheduled(self):
        self.open("#/compose")
        self.wait(lambda d: d.find_elements(By.ID, "title"), "the compose form")
        self.d.find_element(By.ID, "title").send_keys("Maintenance tonight")
        self.d.find_element(By.ID, "target-keys").send_keys("deploys")
        self.d.find_element(By.ID, "when-later").click()
        # An hour from now, in the field's local format (typing into datetime-local depends on the locale).
        self.d.execute_script(
            "const f = document.getElementById('send-at'); const t = new Date(Date.now() + 3600e3);"
            "t.setMinutes(t.getMinutes() - t.getTimezoneOffset()); f.value = t.toISOString().slice(0, 16);"
            "f.dispatchEvent(new Event('input', {bubbles: true}))")
        self.wait(lambda d: "would accept" in self.text("#lint"), "lint of the scheduled publish")
        self.d.find_element(By.ID, "send").click()
        self.wait(lambda d: self.text("#publish-status") == "scheduled", "the publish to be scheduled")
        self.d.find_element(By.XPATH, "//button[normalize-space()='Cancel this publish']").click()
        self.wait(lambda d: self.text("#publish-status") == "cancelled", "the publish to be cancelled", seconds=5)
        assert not self.d.find_elements(By.XPATH, "//button[normalize-space()='Cancel this publish']"), "Cancel is still offered"

    def local_time(self):
        self.open("#/compose")
        self.wait(lambda d: d.find_elements(By.ID, "title"), "the compose form")
        self.d.find_element(By.ID, "title").send_keys("Good morning")
        self.d.find_element(By.ID, "target-keys").send_keys("deploys")
        self.d.find_element(By.ID, "when-local").click()
        # 09:00 the day after tomorrow: still to come in every zone.
        self.d.execute_script(
            "const f = document.getElementById('send-at'); const t = new Date(Date.now() + 2 * 86400e3);"
            "f.value = t.toISOString().slice(0, 10) + 'T09:00'; f.dispatchEvent(new Event('input', {bubbles: true}))")
        date = self.d.execute_script("return document.getElementById('send-at').value.slice(0, 10)")
        self.wait(lambda d: "would accept" in self.text("#lint"), "lint of the local-time publish")
        self.d.find_element(By.ID, "send").click()
        self.wait(lambda d: self.text("#publish-status") == "scheduled", "the publish to be scheduled")
        expected = f"09:00 on {date} in each device's time zone"
        assert self.text("#publish-send-at") == expected, self.text("#publish-send-at")
        self.d.find_element(By.XPATH, "//button[normalize-space()='Cancel this publish']").click()
        self.wait(lambda d: self.text("#publish-status") == "cancelled", "the publish to be cancelled", seconds=5)

    def build_filter(self):
        self.open("#/compose")
        self.wait(lambda d: d.find_elements(By.ID, "title"), "the compose form")
        self.d.find_element(By.ID, "target-keys").send_keys("deploys")
        # The third device was invalidated by the first publish (410): two APNs devices and the Android one are left.
        self.wait(lambda d: self.text("#audience") == "Reaches 3 devices now: APNs 2 · FCM 1", "the interest's count")
        self.d.find_element(By.ID, "filter-add").click()
        Select(self.d.find_element(By.ID, "filter-field-1")).select_by_value("tag")
        self.d.find_element(By.ID, "filter-tag-1").send_keys("level")
        Select(self.d.find_element(By.ID, "filter-op-1")).select_by_value("gte")
        self.d.find_element(By.ID, "filter-value-1").send_keys("2")
        self.wait(lambda d: self.text("#audience") == "Reaches 1 device now: APNs 1", "the count of tag:level gte 2")
        self.d.find_element(By.ID, "filter-add").click()
        Select(self.d.find_element(By.ID, "filter-field-2")).select_by_value("platform")
        self.d.find_element(By.ID, "filter-value-2").send_keys("fcm")
        self.wait(lambda d: self.text("#audience") == "Reaches 0 devices now", "all of the two conditions")
        Select(self.d.find_element(By.ID, "filter-match")).select_by_value("or")
        self.wait(lambda d: self.text("#audience") == "Reaches 2 devices now: APNs 1 · FCM 1", "any of the two conditions")
        Select(self.d.find_element(By.ID, "filter-op-2")).select_by_value("lt")
        self.wait(lambda d: "filter.or[1]" in self.text("#audience"), "the gateway's refusal, with the condition's place")
        self.d.find_element(By.CSS_SELECTOR, "#filter-conditions li:nth-child(2) .filter-remove").click()
        self.wait(lambda d: self.text("#audience") == "Reaches 1 device now: APNs 1", "the count once the condition is removed")
        self.d.find_element(By.ID, "title").send_keys("Level two and up")
        self.wait(lambda d: "would accept" in self.text("#lint"), "lint of the filtered publish")
        self.d.find_element(By.ID, "send").click()
        self.wait(lambda d: self.text("#publish-filter") == "tag:level gte 2", "the filtered publish's page")
        self.wait(lambda d: self.text("#publish-platforms") == "APNs: 1 of 1 sent", "the filtered publish's deliveries", seconds=60)

    def frequency_cap(self):
        # Two publishes under a cap of one a day: the second reaches no device the first did.
        cap = {"interests": ["deploys"], "notification": {"title": "Weekly digest"}, "options": {"frequencyCap": {"max": 1, "window": 86400}}}
        first = self.h.api("POST", "/publishes", cap, self.h.app["serverKey"])["publishId"]
        self.open("#/publishes/" + first)
        self.wait(lambda d: self.text("#publish-status") == "done", "the first capped publish to be done", seconds=60)
        second = self.h.api("POST", "/publishes", cap, self.h.app["serverKey"])["publishId"]
        self.open("#/publishes/" + second)
        self.wait(lambda d: self.text("#publish-status") == "done", "the second capped publish to be done", seconds=60)
        platforms = self.text("#publish-platforms")
        assert platforms == "APNs: 0 of 2 sent, 2 capped · FCM: 0 of 1 sent, 1 capped", platforms
        cap_text = self.text("#publish-cap")
        assert cap_text == "At most 1 capped publish per 1 d to a device; 3 held back", cap_text

    def user_inbox(self):
        # A device of user maya (bound with the server key) and two publishes kept in her inbox.
        server, client = self.h.app["serverKey"], self.h.app["clientKey"]
        device = self.h.api("POST", "/devices", {"token": INBOX_TOKEN, "environment": "sandbox"}, client)
        self.h.api("PUT", f"/devices/{device['deviceId']}/user", {"userId": "maya"}, server)
        first, second = (self.h.api("POST", "/publishes", {"users": ["maya"], "notification": {"title": title, "body": body},
                                                           "inbox": True}, server)["publishId"]
                         for title, body in [("Order shipped", "Your parcel left the depot"), ("Order delivered", "At your door")])
        self.open("#/devices/" + device["deviceId"])
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#device-user a"), "the device's user link")
        self.d.find_element(By.CSS_SELECTOR, "#device-user a").click()
        self.wait(lambda d: self.text("h1") == "User maya", "the user's page")
        self.wait(lambda d: self.text("#inbox-unread") == "2 unread of 2 messages", "both messages kept, unread")
        # The device reads the first one; the page follows by its cursor.
        read = self.h.api("POST", f"/devices/{device['deviceId']}/inbox/read", {"ids": [first]}, device["deviceKey"])
        assert read == {"changed": 1, "unknown": [], "unread": 1}, read
        self.wait(lambda d: self.text("#inbox-unread") == "1 unread of 2 messages", "the read message counted")
        states = lambda: self.d.execute_script(
            "return [...document.querySelectorAll('#inbox tbody tr')].map(r => r.dataset.id + ' ' + r.dataset.state)")
        assert states() == [f"{second} unread", f"{first} read"], states()
        assert "Order delivered" in self.text("#inbox tbody tr") and "At your door" in self.text("#inbox tbody tr"), self.text("#inbox")
        # One added by the server without a push, then taken back.
        added = self.h.api("POST", "/users/maya/inbox", {"title": "Coupon", "body": "10 % off"}, server)["id"]
        self.wait(lambda d: self.text("#inbox-unread") == "2 unread of 3 messages", "the added message")
        self.h.api("DELETE", f"/users/maya/inbox/{added}", None, server)
        self.wait(lambda d: self.text("#inbox-unread") == "1 unread of 2 messages, 1 deleted", "the deleted message")
        assert states() == [f"{added} deleted", f"{second} unread", f"{first} read"], states()
        self.shoot("inbox-light")

    def webhook(self):
        self.open("#/webhooks")
        self.wait(lambda d: "No endpoints yet" in self.text("#webhook-list"), "the empty list of webhooks")
        # A type that does not exist: the gateway's 400 names the field, and nothing is made.
        self.d.find_element(By.ID, "webhook-url").send_keys(self.h.hook_url)
        self.d.find_element(By.ID, "webhook-events").send_keys("device.*, deploys.done")
        self.d.find_element(By.ID, "webhook-add").click()
        self.wait(lambda d: "events" in self.text("#webhook-form-error") and "deploys.done" in self.text("#webhook-form-error"),
                  "the refused event type")
        assert not self.d.find_elements(By.ID, "webhook-secret"), "a secret for a refused endpoint"
        events = self.d.find_element(By.ID, "webhook-events")
        events.clear()
        events.send_keys("device.*, publish.*")
        self.d.find_element(By.ID, "webhook-description").send_keys(HOSTILE)
        self.d.find_element(By.ID, "webhook-add").click()
        self.wait(lambda d: self.text("#webhook-secret-value").startswith("whsec_"), "the new endpoint's secret")
        secret = self.text("#webhook-secret-value")
        assert "shows it this once" in self.text("#webhook-secret"), self.text("#webhook-secret")
        assert self.text("#webhook-form-error") == "", self.text("#webhook-form-error")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#webhook-list li[data-webhook]"), "the endpoint in the list")
        item = "#webhook-list li[data-webhook]"
        hook = self.d.find_element(By.CSS_SELECTOR, item).get_attribute("data-webhook")
        listed = self.text(item)
        assert self.h.hook_url in listed and "device.*, publish.*" in listed and "enabled" in listed, listed
        assert HOSTILE in listed, "the description as text"
        assert not self.d.execute_script("return document.querySelectorAll('img[src=\"x\"]').length"), "an <img> was made from the description"
        assert secret not in listed, "the secret in the list"
        self.shoot("webhooks-light")
        # The secret is not read back: a reload shows the list without it.
        self.d.refresh()
        item = f"#webhook-list li[data-webhook='{hook}']"
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, item), "the list after a reload")
        assert not self.d.find_elements(By.ID, "webhook-secret") and secret not in self.text("main"), "the secret shown again"
        # An event for it (device.registered); its requests are refused, so each attempt fails without an answer.
        self.h.api("POST", "/devices", {"token": HOOK_TOKEN, "environment": "sandbox"}, self.h.app["clientKey"])
        self.wait(lambda d: "no answer" in self.text(f"{item} [data-field='last-failure']"), "the failure in the list's health")
        self.d.find_element(By.CSS_SELECTOR, f"{item} h2 a").click()
        self.wait(lambda d: self.text("h1") == self.h.hook_url and self.text("#webhook-state") == "enabled", "the endpoint's page")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#webhook-attempts tbody tr[data-ok='false']"), "a failed attempt")
        attempt = self.text("#webhook-attempts tbody tr")
        assert "no answer" in attempt and self.d.execute_script(
            "return document.querySelector('#webhook-attempts tbody tr td:nth-child(3)').innerText.trim().length > 0"), attempt
        assert "evt_" in attempt, attempt
        failure = self.text("#webhook-health [data-field='last-failure']")
        assert "no answer (" in failure, failure
        assert self.text("#webhook-health [data-field='last-success']") == "never", self.text("#webhook-health")
        assert HOSTILE == self.text("#webhook-description-text"), self.text("#webhook-description-text")
        self.shoot("webhook-light")
        self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
        overflow = self.d.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        self.shoot("webhook-phone")
        self.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        assert overflow <= 0, f"the endpoint's page is {overflow} px wider than a phone"
        # A new secret, shown once; the old one is not it.
        self.d.find_element(By.ID, "webhook-rotate").click()
        self.wait(lambda d: self.text("#webhook-secret-value").startswith("whsec_") and self.text("#webhook-secret-value") != secret,
                  "the rotated secret")
        assert "old secret keeps signing" in self.text("#webhook-secret"), self.text("#webhook-secret")
        self.d.find_element(By.ID, "webhook-secret-done").click()
        self.wait(lambda d: not d.find_elements(By.ID, "webhook-secret"), "the secret hidden")
        # Replay from an hour ago (the field's local format, as the compose test sets its time).
        self.d.execute_script(
            "const f = document.getElementById('replay-since'); const t = new Date(Date.now() - 3600e3);"
            "t.setMinutes(t.getMinutes() - t.getTimezoneOffset()); f.value = t.toISOString().slice(0, 16)")
        self.d.find_element(By.ID, "webhook-replay").click()
        self.wait(lambda d: "Replaying every event kept since" in self.text("#webhook-result"), "the replay's answer")
        # The endpoint is back before the test's first events: far more than the one event pending.
        self.wait(lambda d: int("0" + "".join(c for c in self.text("#webhook-health [data-field='pending']") if c.isdigit())) > 10,
                  "the replayed events pending")
        # Disable: the state and the reason, and the button offers Enable.
        toggle = self.d.find_element(By.ID, "webhook-toggle")
        assert toggle.text == "Disable", toggle.text
        toggle.click()
        self.wait(lambda d: self.text("#webhook-state") == "disabled", "the endpoint disabled")
        assert "turned off" in self.text("#webhook-reason"), self.text("#webhook-reason")
        assert self.d.find_element(By.ID, "webhook-toggle").text == "Enable"
        self.wait(lambda d: "none while disabled" in self.text("#webhook-health"), "no next request while disabled")
        self.d.find_element(By.LINK_TEXT, "← All webhooks").click()
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, f"{item} [data-state='disabled']"), "the list showing it disabled")
        assert "turned off" in self.text(item), self.text(item)
        # Delete, after the confirmation: the list is empty again.
        self.d.find_element(By.CSS_SELECTOR, f"{item} h2 a").click()
        self.wait(lambda d: self.text("#webhook-state") == "disabled", "the endpoint's page again")
        self.d.find_element(By.ID, "webhook-delete").click()
        WebDriverWait(self.d, 10).until(expected_conditions.alert_is_present())
        confirm = self.d.switch_to.alert
        assert self.h.hook_url in confirm.text, confirm.text
        confirm.accept()
        self.wait(lambda d: "No endpoints yet" in self.text("#webhook-list"), "the list without the deleted endpoint")
        assert self.h.api("GET", "/webhooks", None, self.h.app["serverKey"]) == {"webhooks": []}

    def keyboard(self):
        self.open("#/publishes")
        self.d.refresh()  # a fresh load: focus starts at the top of the page
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#publish-list svg.funnel"), "the publishes")
        focused = []
        for _ in range(3):
            ActionChains(self.d).send_keys(Keys.TAB).perform()
            focused.append(self.d.execute_script("return document.activeElement.textContent.trim()"))
        assert focused == ["Skip to content", "Publishes", "Compose"], f"tab stops: {focused}"
        ActionChains(self.d).send_keys(Keys.ENTER).perform()
        self.wait(lambda d: d.find_elements(By.ID, "title"), "the compose form opened from the keyboard")
        unlabeled = self.d.execute_script(
            "return [...document.querySelectorAll('input, select, textarea')].filter(i => !i.labels.length && !i.getAttribute('aria-label'))"
            ".map(i => i.id)")
        assert not unlabeled, f"fields without a label: {unlabeled}"

    def sign_out(self):
        self.d.find_element(By.ID, "sign-out").click()
        self.wait(lambda d: d.find_elements(By.ID, "server-key"), "the sign-in form after sign-out")
        assert not [c for c in self.d.get_cookies() if c["name"] == "herald_console"], "the cookie is still there"
        self.open("#/publishes")
        self.wait(lambda d: d.find_elements(By.ID, "server-key"), "sign-in again after a reload")

    # People, roles and the team pages.
    def visible_nav(self):
        return self.d.execute_script(
            "return [...document.querySelectorAll('#top nav [data-section]')].filter(a => a.offsetParent !== null).map(a => a.dataset.section)")

    def shown(self, selector):
        """Whether an element matching `selector` is on the page and displayed."""
        return any(e.is_displayed() for e in self.d.find_elements(By.CSS_SELECTOR, selector))

    def labelled(self):
        unlabeled = self.d.execute_script(
            "return [...document.querySelectorAll('main input, main select, main textarea')]"
            ".filter(i => !i.labels.length && !i.getAttribute('aria-label')).map(i => i.id)")
        assert not unlabeled, f"fields without a label: {unlabeled}"

    def confirm(self, *texts):
        WebDriverWait(self.d, 10).until(expected_conditions.alert_is_present())
        dialog = self.d.switch_to.alert
        assert all(t in dialog.text for t in texts), dialog.text
        dialog.accept()

    def key_session_pages(self):
        # A server key's session: every page but members (people's, owners only) and account (a person's own).
        self.open("#/publishes")
        self.wait(lambda d: d.find_elements(By.ID, "publish-list"), "the publishes")
        assert self.visible_nav() == NAV["key"], self.visible_nav()
        assert not self.shown("#switch-app"), "Switch app for a server key's session"
        for page in ["members", "account"]:
            self.open("#/" + page)
            self.wait(lambda d: d.find_elements(By.ID, "not-allowed"), f"#/{page} refused by the page")

    def accept_invite(self, url, role):
        self.open(url.split("/console", 1)[1])
        self.wait(lambda d: d.find_elements(By.ID, "invite-password"), "the invite's page")
        assert self.d.find_element(By.ID, "top").get_attribute("hidden") is not None, "the top bar on the invite's page"
        email, password = PEOPLE[role]
        self.d.find_element(By.ID, "invite-password").send_keys(password)
        self.d.find_element(By.ID, "invite-repeat").send_keys(password + Keys.ENTER)
        self.wait(lambda d: d.find_elements(By.ID, "publish-list"), f"the {role} in the app")
        self.wait(lambda d: self.text("#who") == f"{email} · Console Test ({role})", "who is signed in")
        assert "hin_" not in self.d.current_url, "the used invite is still in the address"
        cookie = next(c for c in self.d.get_cookies() if c["name"] == "herald_console")
        assert cookie["httpOnly"] and cookie.get("sameSite") == "Strict", f"cookie flags: {cookie}"

    def owner_invite(self):
        # Fifty-five inbox messages added with the server key: the audit log is then longer than its page's first 50.
        for n in range(55):
            self.h.api("POST", "/users/maya/inbox", {"title": f"Note {n}", "body": "filler"}, self.h.app["serverKey"])
        url = self.h.owner_invite["url"]
        assert url.startswith(f"{self.h.gateway}/console#invite=hin_"), url
        self.open(url.split("/console", 1)[1])
        self.wait(lambda d: d.find_elements(By.ID, "invite-password"), "the invite's page")
        self.shoot("invite-light")
        # Two different passwords: refused by the page; a short one: the gateway's 400, naming the field.
        self.d.find_element(By.ID, "invite-password").send_keys("tangerine harbour")
        self.d.find_element(By.ID, "invite-repeat").send_keys("tangerine harbor" + Keys.ENTER)
        self.wait(lambda d: "differ" in self.text("#invite-error"), "the two passwords refused")
        for field in ["invite-password", "invite-repeat"]:
            self.d.find_element(By.ID, field).clear()
            self.d.find_element(By.ID, field).send_keys("short")
        self.d.find_element(By.ID, "accept-invite").click()
        self.wait(lambda d: "password" in self.text("#invite-error") and "12" in self.text("#invite-error"), "the short password refused")
        self.labelled()
        for field in ["invite-password", "invite-repeat"]:
            self.d.find_element(By.ID, field).clear()
        self.accept_invite(url, "owner")

    def owner_sees_everything(self):
        assert self.visible_nav() == NAV["owner"], self.visible_nav()
        assert not self.shown("#switch-app"), "Switch app with one app"
        self.open("#/account")
        self.wait(lambda d: self.text("#account-email") == PEOPLE["owner"][0], "the owner's account")
        assert self.text("#account-apps") == "Console Test: owner", self.text("#account-apps")

    def invite(self, email, role):
        field = self.d.find_element(By.ID, "invite-email")
        field.clear()
        field.send_keys(email)
        Select(self.d.find_element(By.ID, "invite-role")).select_by_value(role)
        self.d.find_element(By.ID, "invite-add").click()
        self.wait(lambda d: self.text("#invite-url-value").startswith(f"{self.h.gateway}/console#invite=hin_")
                  and email in self.text("#invite-url"), f"{email}'s invite link")
        assert "shows it this once" in self.text("#invite-url"), self.text("#invite-url")
        if self.d.execute_script("return !!navigator.clipboard"):
            assert self.shown("#invite-url-copy"), "the Copy button"
        return self.text("#invite-url-value")

    def invite_people(self):
        self.open("#/members")
        owner = "#member-list tr[data-member='owner@example.com']"
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, owner), "the owner in the members")
        assert self.d.execute_script(f"return document.querySelector(\"{owner} select\").value") == "owner"
        assert self.text(f"{owner} [data-field='totp']") == "off"
        # An address that is none: the gateway's 400 names the field.
        self.d.find_element(By.ID, "invite-email").send_keys("not-an-address")
        self.d.find_element(By.ID, "invite-add").click()
        self.wait(lambda d: "email" in self.text("#invite-form-error"), "the address refused")
        self.invite_urls = {"sender": self.invite(PEOPLE["sender"][0], "sender")}
        self.d.find_element(By.ID, "invite-url-done").click()
        self.wait(lambda d: not d.find_elements(By.ID, "invite-url"), "the link hidden")
        self.invite_urls["viewer"] = self.invite(PEOPLE["viewer"][0], "viewer")
        assert self.invite_urls["viewer"] != self.invite_urls["sender"]
        pending = lambda: self.d.execute_script("return [...document.querySelectorAll('#invite-list tr[data-invite]')].map(r => r.dataset.invite)")
        self.wait(lambda d: sorted(pending()) == ["sender@example.com", "viewer@example.com"], "both invites pending")
        self.labelled()
        self.shoot("members-light")
        # The link is not read back: a reload shows the invites without it.
        self.d.refresh()
        self.wait(lambda d: len(pending()) == 2, "the invites after a reload")
        assert not self.d.find_elements(By.ID, "invite-url") and "hin_" not in self.text("main"), "an invite link shown again"

    def scoped_key(self):
        self.open("#/keys")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#key-list tr[data-key='server']"), "the first server key")
        assert not self.d.find_elements(By.CSS_SELECTOR, "#key-list tr[data-key='server'] button"), "Revoke offered for the first key"
        self.d.find_element(By.ID, "key-name").send_keys("ci-publisher")
        self.d.find_element(By.ID, "key-scope-publish").click()
        self.d.find_element(By.ID, "key-create").click()
        self.wait(lambda d: self.text("#new-key-value").startswith("hsk_"), "the new key, shown once")
        key = self.text("#new-key-value")
        assert "shows it this once" in self.text("#new-key"), self.text("#new-key")
        row = "#key-list tr[data-key^='key_']"
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, row), "the key in the list")
        key_id = self.d.find_element(By.CSS_SELECTOR, row).get_attribute("data-key")
        row = f"#key-list tr[data-key='{key_id}']"
        listed = self.text(row)
        assert "ci-publisher" in listed and "by owner@example.com" in listed and key not in listed, listed
        assert self.text(f"{row} [data-field='scopes']") == "publish" and self.text(f"{row} [data-field='last-used']") == "never", listed
        self.labelled()
        self.shoot("keys-light")
        # The key publishes (lint) but may not read: a refusal the audit log keeps.
        assert self.h.status("POST", "/lint", {"interests": ["deploys"], "notification": {"title": "Key check"}}, key) == 200
        assert self.h.status("GET", "/publishes", None, key) == 403
        self.d.refresh()
        self.wait(lambda d: self.text(f"{row} [data-field='last-used']") not in ("", "never"), "the key's last use after a reload")
        assert not self.d.find_elements(By.ID, "new-key") and key not in self.text("main"), "the key shown again"
        self.d.find_element(By.CSS_SELECTOR, f"{row} button").click()
        self.confirm("ci-publisher", key_id)
        self.wait(lambda d: self.text(f"{row} [data-field='state']").startswith("revoked"), "the key revoked")
        assert not self.d.find_elements(By.CSS_SELECTOR, f"{row} button"), "Revoke still offered"
        assert self.h.status("POST", "/lint", {"interests": ["deploys"], "notification": {"title": "Key check"}}, key) == 401
        self.key_id = key_id

    def sign_out_person(self):
        self.d.find_element(By.ID, "sign-out").click()
        self.wait(lambda d: d.find_elements(By.ID, "email"), "the sign-in form")

    def sender_sees(self):
        # A scheduled publish (made with the server key) whose page offers Cancel to those who may publish.
        at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 3600))
        self.scheduled = self.h.api("POST", "/publishes", {"interests": ["deploys"], "notification": {"title": "Tomorrow's release"},
                                                           "options": {"sendAt": at}}, self.h.app["serverKey"])["publishId"]
        self.sign_out_person()
        self.accept_invite(self.invite_urls["sender"], "sender")
        assert self.visible_nav() == NAV["sender"], self.visible_nav()
        self.open("#/publishes/" + self.scheduled)
        self.wait(lambda d: self.text("#publish-status") == "scheduled", "the scheduled publish")
        assert self.shown("#publish-cancel"), "no Cancel for a sender"
        self.open("#/compose")
        self.wait(lambda d: d.find_elements(By.ID, "send"), "the compose form for a sender")
        for page in ["keys", "members", "audit", "webhooks"]:
            self.open("#/" + page)
            self.wait(lambda d: "sender" in self.text("#not-allowed"), f"#/{page} refused to a sender")

    def viewer_sees(self):
        self.sign_out_person()
        self.accept_invite(self.invite_urls["viewer"], "viewer")
        assert self.visible_nav() == NAV["viewer"], self.visible_nav()
        self.open("#/publishes/" + self.scheduled)
        self.wait(lambda d: self.text("#publish-status") == "scheduled", "the scheduled publish")
        assert not self.shown("#publish-cancel"), "Cancel shown to a viewer"
        assert not [b for b in self.d.find_elements(By.TAG_NAME, "button") if b.is_displayed() and "Cancel" in b.text], "a Cancel button"
        self.open("#/compose")
        self.wait(lambda d: "viewer" in self.text("#not-allowed"), "compose refused to a viewer")
        assert not self.d.find_elements(By.ID, "send"), "Send for a viewer"
        self.shoot("viewer-light")
        # The gateway refuses what the page hides: a publish sent by hand is 403, and the audit log keeps it.
        status = self.d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch('/v1/apps/' + arguments[0] + '/publishes', {method: 'POST', headers: {'X-Herald-Console': '1', 'Content-Type': 'application/json'},"
            " body: JSON.stringify({interests: ['deploys'], notification: {title: 'Not mine to send'}})}).then(r => done(r.status))",
            self.h.app["appId"])
        assert status == 403, status
        self.sign_out_person()

    def sign_in_person(self, role, code=None):
        email, password = PEOPLE[role]
        self.d.find_element(By.ID, "email").send_keys(email)
        self.d.find_element(By.ID, "password").send_keys(password + Keys.ENTER)
        if code:
            self.wait(lambda d: self.shown("#totp"), "the code's field")
            self.d.find_element(By.ID, "totp").send_keys(code() + Keys.ENTER)
        # Back on the page the last one was on (the address keeps it), as that person.
        self.wait(lambda d: self.text("#who") == f"{email} · Console Test ({role})", f"the {role} signed in")

    def audit_log(self):
        self.sign_in_person("owner")
        self.open("#/audit")
        rows = "#audit-table tbody tr"
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, rows)) == 50, "the log's first 50 entries")
        denied = f"{rows}[data-outcome='denied'][data-action='publish.create']"
        assert PEOPLE["viewer"][0] in self.text(denied) and "denied" in self.text(denied), self.text(denied)
        assert "forbidden" in self.text(denied), self.text(denied)
        actions = lambda: self.d.execute_script(f"return [...document.querySelectorAll('{rows}')].map(r => r.dataset.action + ' ' + r.dataset.outcome)")
        for expected in ["key.create ok", "key.revoke ok", "member.add ok"]:
            assert expected in actions(), actions()
        self.labelled()
        self.shoot("audit-light")
        # Older entries, by the answer's `next`: newest first throughout, none twice.
        self.d.find_element(By.ID, "audit-older").click()
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, rows)) > 50, "older entries")
        ids = self.d.execute_script(f"return [...document.querySelectorAll('{rows}')].map(r => r.dataset.id)")
        times = self.d.execute_script(f"return [...document.querySelectorAll('{rows} time')].map(t => Date.parse(t.dateTime))")
        assert len(set(ids)) == len(ids) and times == sorted(times, reverse=True), "older entries out of order or twice"
        # One actor; then one family of actions.
        self.d.find_element(By.ID, "audit-actor").send_keys(PEOPLE["viewer"][0] + Keys.ENTER)
        self.wait(lambda d: actions() == ["publish.create denied"], "the viewer's one refused request")
        self.d.find_element(By.ID, "audit-actor").clear()
        self.d.find_element(By.ID, "audit-action").send_keys("member." + Keys.ENTER)
        self.wait(lambda d: actions() == ["member.add ok", "member.add ok"], "the two members added")
        self.d.find_element(By.ID, "audit-clear").click()
        self.d.find_element(By.ID, "audit-actor").send_keys(self.key_id + Keys.ENTER)
        self.wait(lambda d: any(a.endswith(" denied") for a in actions()), "the key's refused read")
        assert not self.shown("#audit-older"), "Older for a short list"

    def account(self):
        # Two more sessions of the owner's, as other browsers would have.
        others = []
        for _ in range(2):
            status, _, cookie = self.h.console("POST", "/v1/console/session", {"email": PEOPLE["owner"][0], "password": PEOPLE["owner"][1]})
            assert status == 200 and cookie, status
            others.append(cookie)
        alive = lambda: [self.h.console("GET", "/v1/console/session", cookie=c)[0] == 200 for c in others]
        self.open("#/account")
        rows = "#session-list tbody tr"
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, rows)) == 3, "three sessions")
        assert len(self.d.find_elements(By.CSS_SELECTOR, f"{rows}[data-current='true']")) == 1
        assert "this browser" in self.text(f"{rows}[data-current='true']")
        self.d.find_element(By.CSS_SELECTOR, f"{rows}[data-current='false'] button").click()
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, rows)) == 2, "one session ended")
        assert sorted(alive()) == [False, True], alive()
        self.d.find_element(By.ID, "sessions-end-others").click()
        self.confirm("every other session")
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, rows)) == 1 and "1 session ended" in self.text("#sessions-result"),
                  "every other session ended")
        assert alive() == [False, False], alive()
        assert not self.shown("#sessions-end-others")
        # TOTP: the secret and its URI, turned on by a code of the authenticator's.
        self.d.find_element(By.ID, "totp-start").click()
        self.wait(lambda d: self.text("#totp-secret"), "the TOTP secret")
        secret = self.text("#totp-secret")
        uri = self.text("#totp-uri")
        assert uri.startswith("otpauth://totp/") and f"secret={secret}" in uri, uri
        self.labelled()
        self.shoot("account-light")
        self.d.find_element(By.ID, "totp-code").send_keys(totp(secret, time.time()) + Keys.ENTER)
        self.wait(lambda d: self.text("#totp-state").startswith("On"), "TOTP on")
        # Signing in now asks for the code (the next step's: a code is taken once).
        self.sign_out_person()
        self.sign_in_person("owner", code=lambda: totp(secret, time.time() + 30))
        self.wait(lambda d: self.text("#account-email") == PEOPLE["owner"][0], "the account page again")

    def manage_members(self):
        self.open("#/members")
        viewer = "#member-list tr[data-member='viewer@example.com']"
        owner = "#member-list tr[data-member='owner@example.com']"
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, viewer), "the viewer in the members")
        assert self.text(f"{owner} [data-field='totp']") == "on" and self.shown(f"{owner} [data-action='reset-totp']")
        assert not self.shown(f"{viewer} [data-action='reset-totp']"), "Reset TOTP for a member without it"
        Select(self.d.find_element(By.CSS_SELECTOR, f"{viewer} select")).select_by_value("sender")
        self.d.find_element(By.CSS_SELECTOR, f"{viewer} [data-action='role']").click()
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, f"{viewer}[data-role='sender']"), "the viewer made a sender")
        # The last owner stays one: the gateway's 409 is shown.
        Select(self.d.find_element(By.CSS_SELECTOR, f"{owner} select")).select_by_value("viewer")
        self.d.find_element(By.CSS_SELECTOR, f"{owner} [data-action='role']").click()
        self.wait(lambda d: "owner" in self.text("#member-result") and "error" in self.d.find_element(By.ID, "member-result").get_attribute("class"),
                  "the last owner's refusal")
        assert self.visible_nav() == NAV["owner"], self.visible_nav()
        self.d.find_element(By.CSS_SELECTOR, f"{viewer} [data-action='remove']").click()
        self.confirm("viewer@example.com")
        self.wait(lambda d: not d.find_elements(By.CSS_SELECTOR, viewer), "the member removed")
        self.sign_out_person()

    def run(self):
        steps = [("a wrong key is refused", self.wrong_key_refused), ("sign in", self.sign_in),
                 ("compose and send to an interest", self.compose_and_send), ("watch the publish finish", self.publish_finishes),
                 ("the publishes list with its funnel", self.list_shows_funnel), ("find the failed device", self.failed_device),
                 ("the app's settings", self.app_page), ("a server key's session has no people's pages", self.key_session_pages),
                 ("a phone's width", self.phone_width),
                 ("a hostile title is text", self.hostile_title),
                 ("cancel a scheduled publish", self.cancel_scheduled), ("a local-time publish", self.local_time),
                 ("build an audience filter", self.build_filter),
                 ("a frequency cap holds back", self.frequency_cap), ("a user's inbox", self.user_inbox),
                 *ExplainSteps(self, TOKENS, DEAD, INBOX_TOKEN).steps(),
                 ("a webhook endpoint", self.webhook),
                 ("keyboard and labels", self.keyboard), ("sign out", self.sign_out),
                 ("the owner's invite from the command line", self.owner_invite), ("an owner sees every page", self.owner_sees_everything),
                 ("invite a sender and a viewer", self.invite_people), ("a scoped key made and revoked", self.scoped_key),
                 ("what a sender sees", self.sender_sees), ("what a viewer sees", self.viewer_sees),
                 ("the audit log", self.audit_log), ("sessions and two-step sign-in", self.account),
                 ("a role changed, the last owner kept, a member removed", self.manage_members)]
        for name, step in steps:
            self.check(name, step)
        failed = [name for name, error in self.results if error]
        print(f"{len(self.results) - len(failed)} passed, {len(failed)} failed")
        return not failed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--herald", required=True)
    parser.add_argument("--screenshots")
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    parser.add_argument("--chromedriver", default=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    arguments = parser.parse_args()
    for path, package in [(arguments.chromium, "chromium"), (arguments.chromedriver, "chromium-driver")]:
        if not os.path.exists(path):
            sys.exit(f"console_test: {path} is missing; install Debian's {package} (make deps does)")
    if arguments.screenshots:
        os.makedirs(arguments.screenshots, exist_ok=True)
    herald = os.path.abspath(arguments.herald)
    work = tempfile.mkdtemp(prefix="herald-console-test.")
    # Chromium and chromedriver put their own temporary files into TMPDIR: keep them in `work`.
    os.makedirs(f"{work}/tmp")
    os.environ["TMPDIR"] = f"{work}/tmp"
    # Selenium Manager may never fetch a driver or a browser: the paths above are the ones used.
    os.environ["SE_OFFLINE"] = "true"
    harness, driver, passed = Harness(herald, work), None, False
    try:
        harness.start()
        driver = browser(work, arguments.chromium, arguments.chromedriver)
        passed = ConsoleTest(harness, driver, arguments.screenshots).run()
    finally:
        if driver:
            driver.quit()
        harness.stop()
        if not passed:
            for name in ["serve.err", "sim.out"]:
                path = os.path.join(work, name)
                if os.path.exists(path):
                    print(f"--- {name}\n" + open(path).read()[-3000:], file=sys.stderr)
        shutil.rmtree(work, ignore_errors=True)
    sys.exit(0 if passed else 1)


if __name__ == "__main__":
    main()
