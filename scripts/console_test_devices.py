"""Devices, users and the app in the browser test (console_test.py): the failed device's page,
the device list's columns, a user's inbox kept up to date, the Users entry, and the app's
settings with every quota.
"""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from console_harness import ANDROID, DEAD, INBOX_TOKEN
from console_page import ConsolePage


class DeviceSteps(ConsolePage):
    def failed_device(self):
        self.d.find_element(By.CSS_SELECTOR, "a[href^='#/publishes/pub_']").click()
        self.wait(lambda d: d.find_elements(By.CSS_SELECTOR, f"#failed-devices tr[data-token='{DEAD}'] a"), "the failed device's link")
        self.d.find_element(By.CSS_SELECTOR, f"#failed-devices tr[data-token='{DEAD}'] a").click()
        self.wait(lambda d: "invalidated" in self.text("#device-state") and "Unregistered" in self.text("#device-state"), "the device's state")
        assert DEAD in self.text("#device-detail") and "deploys" in self.text("#device-detail")
        self.snap("device")
        # Find by interest too.
        self.open("#/devices")
        self.wait(lambda d: d.find_elements(By.ID, "find-by"), "the device search")
        self.d.execute_script("document.getElementById('find-by').value = 'interest'")
        self.d.find_element(By.ID, "find-value").send_keys("deploys" + Keys.ENTER)
        self.wait(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#device-results tbody tr")) == 4, "four devices in 'deploys', the Android one too")

    def device_list(self):
        # The search's answer as columns: platform, the token shortened (the whole one in its title), locale and state.
        heads = self.d.execute_script("return [...document.querySelectorAll('#device-list th')].map(h => h.textContent)")
        assert heads == ["Device", "Platform", "Token", "Locale", "User", "Interests", "State"], heads
        rows = self.d.execute_script(
            "return [...document.querySelectorAll('#device-list tbody tr')].map(r => [...r.querySelectorAll('[data-field]')]"
            ".map(c => c.innerText.trim()).concat(r.querySelector('[data-field=token] code').title))")
        dead = next(r for r in rows if r[4] == DEAD)
        assert dead == ["APNs", DEAD[:8] + "…" + DEAD[-4:], "de-DE", "invalidated: Unregistered", DEAD], dead
        android = next(r for r in rows if r[4] == ANDROID)
        assert android == ["FCM", ANDROID[:8] + "…" + ANDROID[-4:], "pt-BR", "active", ANDROID], android
        assert sorted(r[2] for r in rows) == ["de-AT", "de-DE", "en-US", "pt-BR"], rows
        assert self.text("#device-count") == "4 devices", self.text("#device-count")
        self.snap("devices")

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
        self.snap("inbox")

    def users_nav(self):
        # Users has its own nav entry: it asks for a user's id and opens the inbox.
        self.open("#/publishes")
        self.wait(lambda d: d.find_elements(By.ID, "publish-list"), "the publishes")
        self.d.find_element(By.CSS_SELECTOR, "#top nav a[data-section='users']").click()
        self.wait(lambda d: d.find_elements(By.ID, "user-id"), "the Users page")
        assert self.d.find_element(By.CSS_SELECTOR, "#top nav a[data-section='users']").get_attribute("aria-current") == "page"
        self.snap("users")
        self.d.find_element(By.ID, "user-id").send_keys("maya" + Keys.ENTER)
        self.wait(lambda d: self.text("h1") == "User maya" and self.text("#inbox-unread").startswith("1 unread"), "maya's inbox from Users")
