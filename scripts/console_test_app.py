"""The app's page and the top bar in the browser test (console_test.py): the settings with
every quota, counts formatted (1,000,000); the top bar on a phone one line of controls, its
sections behind Menu; and routes whose deliveries wait (paused), said on the publish's card,
above its funnel and on the app's page with their fix.

The pause is real: the app has sandbox credentials only (the APNs simulator), so a device
registered in production waits on the `apns-production` route, which the gateway pauses
for "no credentials" and says so in the publish's answer and the settings'; the publish is
then cancelled from its page.
"""
import time

from selenium.webdriver.common.by import By

from console_page import ConsolePage

PRODUCTION_TOKEN = f"{606:064x}"


class AppSteps(ConsolePage):
    def app_page(self):
        self.open("#/app")
        self.wait(lambda d: self.text("#bundle-id") == "org.herald.console", "the app's bundle id")
        assert "CONSOLE123" in self.text("main"), "the key id"
        assert self.text("#fcm-project") == "herald-sim", self.text("#fcm-project")
        assert self.text("#default-time-zone") == "UTC", self.text("#default-time-zone")
        # Every quota the settings answer, each formatted.
        quotas = self.d.execute_script(
            "return Object.fromEntries([...document.querySelectorAll('#quotas dd')].map(d => [d.dataset.quota, d.textContent]))")
        assert quotas == {"interestsPerDevice": "100", "devicesPerApp": "1,000,000", "subscriptionsPerApp": "10,000,000",
                          "eventsPerApp": "100,000,000", "inboxMessagesPerUser": "1,000"}, quotas
        assert not self.d.find_elements(By.CSS_SELECTOR, ".warning-box"), "a paused route without one"
        self.snap("app")

    def phone_header(self):
        # Signed in, on a phone: the brand, Menu and Sign out on one line; Menu opens the sections and who is signed in.
        self.open("#/publishes")
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#publish-list svg.funnel"), "the list")
        self.phone(True)
        try:
            self.layout("the publishes on a phone", True)
            height = self.d.execute_script("return document.getElementById('top').getBoundingClientRect().height")
            assert height < 64, f"the top bar is {height} px tall"
            assert not self.visible_nav() and not self.shown("#who"), "the sections shown before Menu"
            menu = self.d.find_element(By.ID, "menu-toggle")
            assert menu.get_attribute("aria-expanded") == "false"
            menu.click()
            self.wait(lambda d: self.visible_nav() == ["publishes", "compose", "devices", "users", "webhooks", "keys", "audit", "app"],
                      "the sections behind Menu")
            assert self.shown("#who") and menu.get_attribute("aria-expanded") == "true"
            self.layout("the open menu on a phone", False)
            # A section chosen closes it.
            self.d.find_element(By.CSS_SELECTOR, "#top nav a[data-section='devices']").click()
            self.wait(lambda d: d.find_elements(By.ID, "find-by") and not self.visible_nav(), "the Devices page, the menu closed")
        finally:
            self.phone(False)
        assert self.visible_nav()[:4] == ["publishes", "compose", "devices", "users"], "the sections at a desktop's width"

    def paused_routes(self):
        # A device in production, where the app has no credentials: its delivery waits on a paused route.
        self.h.api("POST", "/devices", {"token": PRODUCTION_TOKEN, "environment": "production", "interests": ["paused-route"]},
                   self.h.app["clientKey"])
        first = self.h.api("POST", "/publishes", {"interests": ["paused-route"], "notification": {"title": "Release notes"}},
                           self.h.app["serverKey"])["publishId"]
        deadline = time.time() + 20
        while "paused" not in self.h.api("GET", f"/publishes/{first}", None, self.h.app["serverKey"]):
            assert time.time() < deadline, "the gateway did not say the publish waits on a pause"
            time.sleep(0.1)
        self.open("#/publishes")
        card = f"#publish-list [data-publish='{first}'] [data-note='paused']"
        self.wait(lambda d: self.shown(card), "the paused note on the card")
        expected = "apns-production paused — no credentials since "
        assert self.text(card).startswith("1 waiting:") and expected in self.text(card), self.text(card)
        fix = "Fix: the app has no APNs production credentials: add them with 'herald app set-credentials"
        assert fix in self.text(card), self.text(card)
        self.snap("publishes-notes")
        self.open(f"#/publishes/{first}")
        note = "#publish-notes [data-note='paused'] [data-route='apns-production']"
        self.wait(lambda d: self.shown(note), "the paused note above the funnel")
        assert self.text(note).startswith(expected) and ", next try " in self.text(note), self.text(note)
        self.open("#/app")
        box = ".warning-box[data-route='apns-production']"
        self.wait(lambda d: self.shown(box), "the paused route on the app's page")
        assert self.text(f"{box} h2") == "apns-production paused", self.text(box)
        assert "No credentials since " in self.text(box) and fix in self.text(box), self.text(box)
        self.snap("app-paused")
        # The waiting publish can be cancelled: its delivery fails as Cancelled, nothing waits any more.
        self.open(f"#/publishes/{first}")
        self.wait(lambda d: self.shown(note), "the publish's page")
        self.d.find_element(By.ID, "publish-cancel").click()
        self.wait(lambda d: self.text("#publish-status") == "cancelled", "the paused publish to be cancelled", seconds=10)
        self.wait(lambda d: not self.shown(note), "the paused note gone once cancelled")
