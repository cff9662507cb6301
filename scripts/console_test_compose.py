"""The compose page in the browser test (console_test.py): a publish with its lint, audience
count, previews and a German text, sent to an interest; a hostile title shown as text; a
scheduled publish cancelled; one at a local time; and an audience filter built condition by
condition, laid out one condition a row.
"""
from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from console_harness import HOSTILE
from console_page import ConsolePage


class ComposeSteps(ConsolePage):
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
        self.snap("compose")
        self.d.find_element(By.ID, "send").click()
        self.wait(lambda d: "#/publishes/pub_" in d.current_url, "the publish's page")

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
        # The date and time only once a time is chosen.
        assert not self.shown("#send-at"), "the date shown while Now is chosen"
        self.d.find_element(By.ID, "when-later").click()
        assert self.shown("#send-at"), "no date for a time"
        self.d.find_element(By.ID, "when-now").click()
        assert not self.shown("#send-at"), "the date still shown for Now"
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
        self.filter_laid_out()
        self.snap("compose-filter")
        Select(self.d.find_element(By.ID, "filter-op-2")).select_by_value("lt")
        self.wait(lambda d: "filter.or[1]" in self.text("#audience"), "the gateway's refusal, with the condition's place")
        self.d.find_element(By.CSS_SELECTOR, "#filter-conditions li:nth-child(2) .filter-remove").click()
        self.wait(lambda d: self.text("#audience") == "Reaches 1 device now: APNs 1", "the count once the condition is removed")
        self.d.find_element(By.ID, "title").send_keys("Level two and up")
        self.wait(lambda d: "would accept" in self.text("#lint"), "lint of the filtered publish")
        self.d.find_element(By.ID, "send").click()
        self.wait(lambda d: self.text("#publish-filter") == "tag:level gte 2", "the filtered publish's page")
        self.wait(lambda d: self.text("#publish-platforms") == "APNs: 1 of 1 sent", "the filtered publish's deliveries", seconds=60)

    def filter_laid_out(self):
        """The all/any choice inside its sentence on one line; each condition one row, its parts in
        the same columns whichever it shows; Remove a quiet button, not a primary one."""
        boxes = self.d.execute_script("""
            const box = (n) => { const r = n.getBoundingClientRect(); return {left: r.left, top: r.top, bottom: r.bottom}; };
            const match = [...document.querySelector('#filter .match').children].map(box);
            const rows = [...document.querySelectorAll('#filter-conditions li')].map((li) =>
              Object.fromEntries(['field', 'op', 'value', 'remove'].map((k) => [k, box(li.querySelector('.filter-' + k))])));
            const look = (n) => getComputedStyle(n).backgroundColor;
            return {match, rows, remove: look(document.querySelector('.filter-remove')), send: look(document.getElementById('send'))};""")
        match = boxes["match"]
        assert len(match) == 3 and max(b["top"] for b in match) < min(b["bottom"] for b in match), f"the sentence is broken over lines: {match}"
        first, second = boxes["rows"]
        for row in (first, second):
            assert max(b["top"] for b in row.values()) < min(b["bottom"] for b in row.values()), f"a condition over several lines: {row}"
        assert all(abs(first[k]["left"] - second[k]["left"]) < 1 for k in first), f"the rows laid out differently: {first} {second}"
        assert boxes["remove"] != boxes["send"], f"Remove looks like Send: {boxes['remove']}"
