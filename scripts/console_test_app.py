"""The app's page and the top bar in the browser test (console_test.py): the settings with
every quota, counts formatted (1,000,000); the top bar on a phone one line of controls, its
sections behind Menu; and routes whose deliveries wait (paused), said on the publish's card,
above its funnel and on the app's page with their fix.

The gateway says a route is paused with `paused` in a publish's answer and in the settings'
(docs/openapi.yaml); `paused_routes` puts that documented shape into the page's answers
(PAUSED below, through `fetch`), since this test's gateway has no route to pause.
"""
import time

from selenium.webdriver.common.by import By

from console_page import ConsolePage

# The shapes the gateway answers for a route held back: on a publish, and in the settings.
NOW = time.time()
SANDBOX = {"route": "apns-sandbox", "reason": "no credentials", "since": NOW - 90, "until": NOW + 30,
           "fix": "set sandbox credentials with herald app set-credentials --environment sandbox"}
PAUSED = {"publish": {"count": 1234, "routes": [SANDBOX]}, "settings": [SANDBOX]}

# Adds `paused` to the gateway's answers for one publish (alone, and in the list) and for the settings.
WITH_PAUSED = """
const [paused, id] = arguments;
const fetched = window.fetch;
window.fetch = async (url, init) => {
  const response = await fetched(url, init);
  const path = String(url).split('?')[0];
  if (!response.ok || !/\\/(publishes|publishes\\/[^/]+|settings)$/.test(path)) return response;
  const body = await response.json();
  if (path.endsWith('/settings')) body.paused = paused.settings;
  else if (path.endsWith('/publishes')) body.publishes.filter((p) => p.publishId === id).forEach((p) => { p.paused = paused.publish; });
  else if (body.publishId === id) body.paused = paused.publish;
  return new Response(JSON.stringify(body), {status: response.status, headers: response.headers});
};
"""


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
        # A publish some of whose deliveries would wait: the newest, above the capped and the empty ones.
        first = self.h.api("POST", "/publishes", {"interests": ["deploys"], "notification": {"title": "Release notes"}},
                           self.h.app["serverKey"])["publishId"]
        self.open("#/webhooks")  # any page: the answers are changed from the next route on
        self.wait(lambda d: d.find_elements(By.ID, "webhook-list"), "a page")
        self.d.execute_script(WITH_PAUSED, PAUSED, first)
        self.d.execute_script("location.hash = '#/publishes'")
        card = f"#publish-list [data-publish='{first}'] [data-note='paused']"
        self.wait(lambda d: self.shown(card), "the paused note on the card")
        expected = "apns-sandbox paused — no credentials since "
        assert self.text(card).startswith("1,234 waiting:") and expected in self.text(card), self.text(card)
        assert "Fix: set sandbox credentials with herald app set-credentials --environment sandbox" in self.text(card), self.text(card)
        self.snap("publishes-notes")
        self.d.execute_script(f"location.hash = '#/publishes/{first}'")
        note = "#publish-notes [data-note='paused'] [data-route='apns-sandbox']"
        self.wait(lambda d: self.shown(note), "the paused note above the funnel")
        assert self.text(note).startswith(expected) and ", until " in self.text(note), self.text(note)
        self.d.execute_script("location.hash = '#/app'")
        box = ".warning-box[data-route='apns-sandbox']"
        self.wait(lambda d: self.shown(box), "the paused route on the app's page")
        assert self.text(f"{box} h2") == "apns-sandbox paused", self.text(box)
        assert "No credentials since " in self.text(box) and "Fix: set sandbox credentials" in self.text(box), self.text(box)
        self.snap("app-paused")
        self.open("#/publishes")
        self.d.refresh()  # the gateway's own answers again
