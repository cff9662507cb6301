"""Signing in and out in the browser test (console_test.py): a wrong key refused, the
session cookie out of the page's reach, a server key's session without the people's pages,
the keyboard's order and the fields' labels, and a person's account: their sessions ended
and TOTP turned on, then used to sign in.
"""
import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from console_harness import NAV, PEOPLE, totp
from console_page import ConsolePage


class SessionSteps(ConsolePage):
    def only_sign_in(self, when):
        """Signed out, the page is the sign-in alone: no top bar, no section, no Sign out."""
        controls = self.d.execute_script(
            "return [...document.querySelectorAll('#top a, #top button')].filter(n => n.getClientRects().length).map(n => n.textContent)")
        assert not self.shown("#top") and not controls, f"{when}: shown while signed out: {controls}"

    def signed_out(self):
        self.open("")
        self.wait(lambda d: d.find_elements(By.ID, "server-key"), "the sign-in form")
        self.only_sign_in("the first visit")
        self.snap("signin")

    def wrong_key_refused(self):
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

    def key_session_pages(self):
        # A server key's session: every page but members (people's, owners only) and account (a person's own).
        self.open("#/publishes")
        self.wait(lambda d: d.find_elements(By.ID, "publish-list"), "the publishes")
        assert self.visible_nav() == NAV["key"], self.visible_nav()
        assert not self.shown("#switch-app"), "Switch app for a server key's session"
        for page in ["members", "account"]:
            self.open("#/" + page)
            self.wait(lambda d: d.find_elements(By.ID, "not-allowed"), f"#/{page} refused by the page")

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
        self.only_sign_in("after sign-out")
        assert not [c for c in self.d.get_cookies() if c["name"] == "herald_console"], "the cookie is still there"
        self.open("#/publishes")
        self.wait(lambda d: d.find_elements(By.ID, "server-key"), "sign-in again after a reload")

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
        self.snap("account")
        self.d.find_element(By.ID, "totp-code").send_keys(totp(secret, time.time()) + Keys.ENTER)
        self.wait(lambda d: self.text("#totp-state").startswith("On"), "TOTP on")
        # Signing in now asks for the code (the next step's: a code is taken once).
        self.sign_out_person()
        self.sign_in_person("owner", code=lambda: totp(secret, time.time() + 30))
        self.wait(lambda d: self.text("#account-email") == PEOPLE["owner"][0], "the account page again")
