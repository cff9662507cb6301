"""The publishes in the browser test (console_test.py): a publish watched until done, with its
split by platform and language, its funnel and its timeline; the list with its funnels; a
frequency cap that holds a publish back, a target that reaches no device, and deliveries
waiting on a paused route, each said on the card and above the funnel; the gateway's own
inbox syncs left out of the list.
"""
from selenium.webdriver.common.by import By

from console_harness import DEAD
from console_page import ConsolePage


class PublishSteps(ConsolePage):
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
        self.snap("publish")

    def list_shows_funnel(self):
        self.d.find_element(By.LINK_TEXT, "← All publishes").click()
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, "#publish-list [data-status='done'] svg.funnel"), "the list's funnel")
        assert "Unregistered: 1" in self.text("#publish-list"), self.text("#publish-list")
        self.snap("publishes")

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
        # Said above the funnel and on the list's card: none was sent, and why.
        said = "Capped: all 3 devices had their share of capped publishes already (at most 1 capped publish per 1 d to a device), so none was sent."
        self.wait(lambda d: self.text("#publish-notes [data-note='capped']") == said, "the cap's note above the funnel")
        self.snap("publish-capped")
        self.d.execute_script("location.hash = '#/publishes'")
        card = f"#publish-list [data-publish='{second}'] [data-note='capped']"
        self.wait(lambda d: self.text(card) == said, "the cap's note on the card")
        assert not self.d.find_elements(By.CSS_SELECTOR, f"#publish-list [data-publish='{first}'] [data-note]"), "a note on the first capped publish"

    def zero_target(self):
        # An interest no device has: done at once, an all-zero funnel, and what to check.
        empty = self.h.api("POST", "/publishes", {"interests": ["nobody-here"], "notification": {"title": "Into the void"}},
                           self.h.app["serverKey"])["publishId"]
        self.open("#/publishes/" + empty)
        self.wait(lambda d: self.text("#publish-status") == "done", "the empty publish to be done", seconds=60)
        note = self.text("#publish-notes [data-note='empty']")
        assert note.startswith("Reached no devices: the target (interests: nobody-here) matched none"), note
        assert "an interest no device has subscribed to" in note and "ids the app does not know" in note, note
        self.open("#/publishes")
        card = f"#publish-list [data-publish='{empty}'] [data-note='empty']"
        self.wait(lambda d: self.text(card).startswith("Reached no devices"), "the empty publish's note on the card")

    def internal_hidden(self):
        # The inbox's sync pushes (the server took a message back from maya's inbox) are the gateway's own: not in the list.
        key = self.h.app["serverKey"]
        listed = {p["publishId"] for p in self.h.api("GET", "/publishes?limit=200", None, key)["publishes"]}
        every = {p["publishId"] for p in self.h.api("GET", "/publishes?limit=200&internal=true", None, key)["publishes"]}
        syncs = every - listed
        assert syncs, "no inbox sync among the publishes"
        self.open("#/publishes")
        shown = lambda: set(self.d.execute_script("return [...document.querySelectorAll('#publish-list [data-publish]')].map(n => n.dataset.publish)"))
        self.wait(lambda d: shown() == listed, "the list as the API answers it")
        assert not shown() & syncs, "an inbox sync in the list"
