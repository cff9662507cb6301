"""The console's explanations, in the browser test (console_test.py runs these steps).

A device's "why?" on a delivered publish (the publish's failed devices, the form for any
device id, and a delivery on a device's page) opens the explanation: the verdict first,
then the facts. The compose page's preview on chosen devices says, as the form is edited,
which of them the publish would reach, with the text and the payload, or the reason; the
gateway's refusals are shown in the panel; requests wait 400 ms after the last edit and
never overlap.
"""
import time

from selenium.common.exceptions import NoAlertPresentException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

# Counts the preview's requests as the page makes them: how many, and the most under way at once.
COUNT_PREVIEWS = """
window.previews = {sent: 0, now: 0, most: 0};
const fetched = window.fetch;
window.fetch = async (url, init) => {
  if (!String(url).endsWith('/publishes/preview')) return fetched(url, init);
  const p = window.previews;
  p.sent++; p.now++; p.most = Math.max(p.most, p.now);
  try { return await fetched(url, init); } finally { p.now--; }
};
"""


class ExplainSteps:
    def __init__(self, test, tokens, dead, inbox_token):
        self.t, self.tokens, self.dead, self.inbox_token = test, tokens, dead, inbox_token

    def steps(self):
        return [("why? on a delivered publish's device", self.why_on_publish), ("why? on a device's delivery", self.why_on_device),
                ("the compose page's preview on devices", self.compose_preview)]

    def device_id(self, token):
        found = self.t.h.api("GET", f"/devices?token={token}", None, self.t.h.app["serverKey"])["devices"]
        assert len(found) == 1, found
        return found[0]["deviceId"]

    def first_publish(self):
        """The test's first publish, "Deploy ready" to the interest deploys, long done."""
        publishes = self.t.h.api("GET", "/publishes?limit=50", None, self.t.h.app["serverKey"])["publishes"]
        return next(p["publishId"] for p in publishes if (p.get("notification") or {}).get("title") == "Deploy ready")

    def verdict(self, scope=""):
        return self.t.text(f"{scope} .verdict".strip())

    def fact(self, name, scope="#explanation"):
        return self.t.text(f"{scope} [data-fact='{name}']")

    def why_on_publish(self):
        t, publish, dead = self.t, self.first_publish(), self.device_id(self.dead)
        t.open("#/publishes/" + publish)
        why = f"#failed-devices tr[data-token='{self.dead}'] button.why"
        t.wait(lambda d: t.shown(why), "the failed device's why? link")
        t.d.find_element(By.CSS_SELECTOR, why).click()
        # The fan-out reached it; the push service then said its token is dead.
        t.wait(lambda d: self.verdict("#explanation").startswith("Reached"), "the failed device's verdict")
        assert t.d.switch_to.active_element.get_attribute("id") == "explanation-title", "focus is not on the explanation"
        assert t.d.find_element(By.ID, "explanation").get_attribute("data-device") == dead
        assert self.fact("state") == "invalidated: Unregistered", self.fact("state")
        assert self.fact("route") == "APNs, sandbox", self.fact("route")
        assert "invalidated (Unregistered)" in self.fact("attempts"), self.fact("attempts")
        # The facts in the gateway's order, the verdict above them.
        order = t.d.execute_script("return [...document.querySelectorAll('#explanation [data-fact]')].map(n => n.dataset.fact)")
        assert order == ["via", "variant", "dueAt", "route", "payload", "attempts", "state"], order
        # A device the publish never reached, by its id in the form: the reason and its detail.
        inbox = self.device_id(self.inbox_token)
        t.d.find_element(By.ID, "explain-device").send_keys(inbox)
        t.d.find_element(By.ID, "explain-go").click()
        t.wait(lambda d: t.d.find_element(By.ID, "explanation").get_attribute("data-device") == inbox
               and self.verdict("#explanation").startswith("Not reached"), "the unreached device's verdict")
        verdict = self.verdict("#explanation")
        assert "not in the publish's target (not_in_target)" in verdict and "deploys" in verdict, verdict
        assert not t.d.find_elements(By.CSS_SELECTOR, "#explanation [data-fact='payload']"), "a payload for a device not reached"
        # An id that is no device: the gateway's 404 in the panel.
        field = t.d.find_element(By.ID, "explain-device")
        field.clear()
        field.send_keys("dev_nothing")
        t.d.find_element(By.ID, "explain-go").click()
        t.wait(lambda d: "no device" in t.text("#explanation .error"), "the unknown device's 404")

    def why_on_device(self):
        t, publish, first = self.t, self.first_publish(), self.device_id(self.tokens[0])
        # The device says how it presented the publish, as the SDK does with its receipt.
        event = {"publishId": publish, "deviceId": first, "event": "presented", "at": time.time(),
                 "facts": {"presented": {"how": "banner"}}}
        t.h.api("POST", "/events", {"events": [event]}, t.h.app["serverKey"])
        t.open("#/devices/" + first)
        why = f"#device-detail tr[data-publish='{publish}'] button.why"
        t.wait(lambda d: t.shown(why), "the delivery's why? link")
        t.d.find_element(By.CSS_SELECTOR, why).click()
        t.wait(lambda d: self.verdict("#explanation").startswith("Reached"), "the delivery's verdict")
        assert self.fact("via") == "interests: deploys", self.fact("via")
        # The device's locale is de-AT: the German text, chosen by its language.
        assert self.fact("variant").startswith("the de text (device locale de-AT): language"), self.fact("variant")
        payload = self.fact("payload")
        assert '"apns-topic": "org.herald.console"' in payload and '"title": "Deploy bereit"' in payload, payload
        assert t.text("#explanation [data-fact='state']") == "sent", self.fact("state")
        assert "sent" in self.fact("attempts") and " ms" in self.fact("attempts"), self.fact("attempts")
        assert "presented at" in self.fact("receipts") and "presented as banner" in self.fact("receipts"), self.fact("receipts")
        t.labelled()
        t.snap("explain")
        # Close gives focus back to the link.
        t.d.find_element(By.ID, "explanation-close").click()
        t.wait(lambda d: not d.find_elements(By.ID, "explanation"), "the explanation closed")
        assert "why" in t.d.switch_to.active_element.get_attribute("class"), "focus did not go back to the why? link"

    def articles(self):
        return self.t.d.execute_script(
            "return [...document.querySelectorAll('#preview-devices article')].map(a => [a.dataset.device,"
            " a.querySelector('.verdict').dataset.reached, a.querySelector('.verdict').dataset.reason || ''])")

    def compose_preview(self):
        t = self.t
        level2, dead, inbox = self.device_id(self.tokens[1]), self.device_id(self.dead), self.device_id(self.inbox_token)
        t.open("#/compose")
        t.wait(lambda d: d.find_elements(By.ID, "preview-ids"), "the preview's device field")
        t.d.execute_script(COUNT_PREVIEWS)
        t.d.find_element(By.ID, "target-keys").send_keys("deploys")
        t.d.find_element(By.ID, "preview-ids").send_keys(level2)
        t.d.find_element(By.ID, "title").send_keys("Preview <b>check</b>")
        card = f"#preview-devices article[data-device='{level2}']"
        t.wait(lambda d: "Preview <b>check</b>" in t.text(f"{card} [data-fact='payload']"), "the typed title in the device's payload")
        assert t.text(f"{card} .verdict") == "Would be reached", t.text(f"{card} .verdict")
        assert self.fact("route", card) == "APNs, sandbox" and self.fact("via", card) == "interests: deploys", t.text(card)
        assert "at once" in self.fact("dueAt", card), self.fact("dueAt", card)
        assert t.text("#preview-status") == "1 of 1 device would be reached.", t.text("#preview-status")
        counted = t.d.execute_script("return window.previews")
        # Typing the title and the id asked a few times, not once a key, and never two at once.
        assert counted["most"] == 1 and 1 <= counted["sent"] <= 4, counted
        # A device outside the target, and one whose token is dead.
        t.d.find_element(By.ID, "preview-ids").send_keys(f", {inbox}, {dead}")
        t.wait(lambda d: self.articles() == [[level2, "yes", ""], [inbox, "no", "not_in_target"], [dead, "no", "invalidated_before"]],
               "the three devices' verdicts")
        assert "not in the publish's target" in t.text(f"#preview-devices article[data-device='{inbox}'] .verdict")
        # A filter the level-2 device fails: the condition and the device's value.
        t.d.find_element(By.ID, "filter-add").click()
        Select(t.d.find_element(By.ID, "filter-field-1")).select_by_value("tag")
        t.d.find_element(By.ID, "filter-tag-1").send_keys("level")
        Select(t.d.find_element(By.ID, "filter-op-1")).select_by_value("gte")
        t.d.find_element(By.ID, "filter-value-1").send_keys("3")
        t.wait(lambda d: self.articles()[0] == [level2, "no", "filtered_out"], "the device filtered out")
        assert "tag:level" in t.text(f"{card} .verdict") and "2" in t.text(f"{card} .verdict-detail"), t.text(f"{card} .verdict")
        t.labelled()
        t.snap("compose-preview")
        # The gateway's refusals in the panel: an unknown device (404), a publish without text (400).
        t.d.find_element(By.ID, "preview-ids").send_keys(", dev_nothing")
        t.wait(lambda d: "no device" in t.text("#preview-status") and "error" in t.d.find_element(By.ID, "preview-status").get_attribute("class"),
               "the unknown device's 404 in the panel")
        assert not t.d.find_elements(By.CSS_SELECTOR, "#preview-devices article"), "devices shown with the refusal"
        t.d.find_element(By.ID, "preview-ids").clear()
        t.d.find_element(By.ID, "preview-ids").send_keys(level2)
        t.wait(lambda d: self.articles() == [[level2, "no", "filtered_out"]], "the device again")
        t.d.execute_script("const f = document.getElementById('title'); f.value = ''; f.dispatchEvent(new Event('input', {bubbles: true}))")
        t.wait(lambda d: "publish." in t.text("#preview-status"), "the 400's message in the panel")
        # More than five devices is refused by the page; one user's devices are asked for by the user id.
        t.d.find_element(By.ID, "preview-ids").send_keys("".join(f", dev_{n}" for n in range(5)))
        t.wait(lambda d: t.text("#preview-status") == "Choose at most 5 devices.", "the page's limit")
        t.d.find_element(By.ID, "title").send_keys("For maya")
        Select(t.d.find_element(By.ID, "preview-by")).select_by_value("users")
        t.d.find_element(By.ID, "preview-ids").clear()
        t.d.find_element(By.ID, "preview-ids").send_keys("maya")
        t.wait(lambda d: self.articles() == [[inbox, "no", "not_in_target"]], "the user's device")
        # Pick from the target: the interest's devices.
        t.d.find_element(By.ID, "preview-pick").click()
        t.wait(lambda d: len(self.articles()) == 4, "four devices picked from the interest")
        assert t.d.execute_script("return window.previews.most") == 1, t.d.execute_script("return window.previews")
        try:
            raise AssertionError(f"a dialog fired: {t.d.switch_to.alert.text}")
        except NoAlertPresentException:
            pass
