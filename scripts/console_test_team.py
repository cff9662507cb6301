"""The team in the browser test (console_test.py): the first owner's invite from the command
line, a sender and a viewer invited, a scoped key made and revoked, what each role sees and
may do, the audit log, and members' roles changed and a member removed.
"""
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from console_harness import NAV, PEOPLE
from console_page import ConsolePage


class TeamSteps(ConsolePage):
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
        self.snap("invite")
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
        self.snap("members")
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
        self.snap("keys")
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
        self.snap("viewer")
        # The gateway refuses what the page hides: a publish sent by hand is 403, and the audit log keeps it.
        status = self.d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch('/v1/apps/' + arguments[0] + '/publishes', {method: 'POST', headers: {'X-Herald-Console': '1', 'Content-Type': 'application/json'},"
            " body: JSON.stringify({interests: ['deploys'], notification: {title: 'Not mine to send'}})}).then(r => done(r.status))",
            self.h.app["appId"])
        assert status == 403, status
        self.sign_out_person()

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
        self.snap("audit")
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
