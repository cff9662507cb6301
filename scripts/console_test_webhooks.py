"""Webhooks in the browser test (console_test.py): an endpoint refused, then added with its
secret shown once; its requests failing without an answer, shown in its health and on its
page; its secret rotated, a replay, disabled and deleted.
"""
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from console_harness import HOOK_TOKEN, HOSTILE
from console_page import ConsolePage


class WebhookSteps(ConsolePage):
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
        self.snap("webhooks")
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
        self.snap("webhook")
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
