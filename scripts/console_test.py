#!/usr/bin/env python3
"""Herald Console in a real browser: Debian's Chromium driven by chromedriver (selenium
from PyPI; nothing downloads a browser), against a real `herald serve` delivering through
HeraldAPNs to `herald apns-sim`, one of whose tokens answers 410 Unregistered, and through
HeraldFCM to `herald fcm-sim` for one Android device (console_harness.py).

It signs in (after a wrong key is refused), composes and sends to an interest (with a
German text, previewed and counted by language), watches the publish finish, opens it, finds
the failed device, checks that a hostile title is shown as text, builds an audience filter,
finds what capped, empty and paused publishes say, reads a user's inbox, asks "why?" of a
publish's devices and previews a publish on chosen devices (console_test_explain.py), adds a
webhook endpoint whose requests are refused and follows it on its page, and signs out. Then
people: the first owner, invited with `herald member invite`, sets a password on the
invite's page; invites a sender and a viewer; makes and revokes a scoped key; each of the
three sees only the pages and controls their role may use; the owner reads the audit log,
ends their other sessions, turns TOTP on and signs in with a code, and changes and removes
members. The steps live by page in console_test_*.py; each pictured page is checked at a
desktop's and a phone's size, light and dark (console_page.py), and with --screenshots DIR
saved into DIR. Ends with 'N passed, N failed'.

Usage: console_test.py --herald .build/debug/herald [--screenshots docs/console]
"""
import argparse
import os
import shutil
import sys
import tempfile

from console_harness import DEAD, INBOX_TOKEN, TOKENS, Harness, browser
from console_page import ConsolePage
from console_test_app import AppSteps
from console_test_compose import ComposeSteps
from console_test_devices import DeviceSteps
from console_test_explain import ExplainSteps
from console_test_publishes import PublishSteps
from console_test_session import SessionSteps
from console_test_team import TeamSteps
from console_test_webhooks import WebhookSteps


class ConsoleTest(ConsolePage):
    def __init__(self, harness, driver, screenshots):
        super().__init__(harness, driver, screenshots)
        self.results = []

    def check(self, name, function):
        try:
            function()
            self.results.append((name, None))
            print(f"ok   {name}")
        except Exception as error:  # noqa: BLE001 - every failure is reported and counted
            self.results.append((name, error))
            print(f"FAIL {name}: {error}")

    def run(self):
        s, c, p, v, a, w, t = (kind(self.h, self.d, self.screenshots)
                               for kind in (SessionSteps, ComposeSteps, PublishSteps, DeviceSteps, AppSteps, WebhookSteps, TeamSteps))
        steps = [("signed out, only the sign-in", s.signed_out), ("a wrong key is refused", s.wrong_key_refused), ("sign in", s.sign_in),
                 ("compose and send to an interest", c.compose_and_send), ("watch the publish finish", p.publish_finishes),
                 ("the publishes list with its funnel", p.list_shows_funnel), ("find the failed device", v.failed_device),
                 ("the device list's columns", v.device_list),
                 ("the app's settings, every quota", a.app_page), ("a server key's session has no people's pages", s.key_session_pages),
                 ("a phone's width: one line of controls on top", a.phone_header),
                 ("a hostile title is text", c.hostile_title),
                 ("cancel a scheduled publish", c.cancel_scheduled), ("a local-time publish", c.local_time),
                 ("build an audience filter", c.build_filter),
                 ("a frequency cap holds back", p.frequency_cap), ("a publish that reaches no device", p.zero_target),
                 ("deliveries waiting on a paused route", a.paused_routes),
                 ("a user's inbox", v.user_inbox), ("the gateway's own publishes are not listed", p.internal_hidden),
                 ("users in the nav", v.users_nav),
                 *ExplainSteps(self, TOKENS, DEAD, INBOX_TOKEN).steps(),
                 ("a webhook endpoint", w.webhook),
                 ("keyboard and labels", s.keyboard), ("sign out", s.sign_out),
                 ("the owner's invite from the command line", t.owner_invite), ("an owner sees every page", t.owner_sees_everything),
                 ("invite a sender and a viewer", t.invite_people), ("a scoped key made and revoked", t.scoped_key),
                 ("what a sender sees", t.sender_sees), ("what a viewer sees", t.viewer_sees),
                 ("the audit log", t.audit_log), ("sessions and two-step sign-in", s.account),
                 ("a role changed, the last owner kept, a member removed", t.manage_members)]
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
