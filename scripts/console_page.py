"""What every step of the browser test (console_test.py) does to the page: wait for it, read
its text, sign people in and out, and check its layout where it is pictured.

`snap(name)` checks the page at a desktop's size (1280×900, the window grown to the page's
height) and a phone's (390×844), each light and dark, with assertions run in the page: every
visible control inside the viewport's width, no sideways scrolling, no two visible controls
overlapping, and at a phone's width the top bar one line of controls. With a screenshots
folder it saves each as NAME-light.png, NAME-dark.png, NAME-light-phone.png, NAME-dark-phone.png
(the desktop's the whole page, the phone's up to two screens at one pixel a CSS pixel).
"""
import os
import time

from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions
from selenium.webdriver.support.ui import WebDriverWait

from console_harness import PEOPLE

DESKTOP = (1280, 900)
PHONE = (390, 844)

# The layout's problems on the page as it is, [] when none (run in the page).
LAYOUT = """
const controls = [...document.querySelectorAll('a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
  .filter((e) => !e.matches('.skip:not(:focus)') && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden'
    && [...e.getClientRects()].some((r) => r.width > 0 && r.height > 0));
const name = (e) => e.id ? '#' + e.id : e.tagName.toLowerCase() + ' "' + (e.textContent || e.value || '').trim().slice(0, 30) + '"';
const problems = [];
const width = document.documentElement.clientWidth, scroller = document.scrollingElement;
if (scroller.scrollWidth > width) {
  // The innermost elements past the edge: what makes it wide.
  const past = (e) => e.getBoundingClientRect().right > width + 0.5;
  const wide = [...document.body.querySelectorAll('*')].filter((e) => past(e) && ![...e.children].some(past));
  problems.push(`the page scrolls sideways: ${scroller.scrollWidth} px wide in ${width} (${wide.slice(0, 3).map(name).join(', ')})`);
}
const boxes = controls.map((e) => [e, [...e.getClientRects()].filter((r) => r.width > 0 && r.height > 0)]);
for (const [e, rects] of boxes) {
  for (const r of rects) {
    if (r.left < -0.5 || r.right > width + 0.5) problems.push(`${name(e)} is outside the viewport: ${Math.round(r.left)}..${Math.round(r.right)} of ${width}`);
  }
}
for (let i = 0; i < boxes.length; i++) {
  for (let j = i + 1; j < boxes.length; j++) {
    const [a, ra] = boxes[i], [b, rb] = boxes[j];
    if (a.contains(b) || b.contains(a)) continue;
    const hit = ra.some((p) => rb.some((q) => Math.min(p.right, q.right) - Math.max(p.left, q.left) > 1
      && Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 1));
    if (hit) problems.push(`${name(a)} overlaps ${name(b)}`);
  }
}
const top = document.getElementById('top');
if (arguments[0] && top && !top.hidden) {
  const inTop = controls.filter((e) => top.contains(e)).map((e) => e.getBoundingClientRect());
  const line = Math.max(0, ...inTop.map((r) => r.height));
  const height = top.getBoundingClientRect().height;
  const rows = new Set(inTop.map((r) => Math.round(r.top + r.height / 2))).size;
  if (height > line + 24 || inTop.some((r) => r.top > inTop[0].bottom || r.bottom < inTop[0].top)) {
    problems.push(`the top bar is ${Math.round(height)} px tall for controls ${Math.round(line)} px tall (${rows} rows)`);
  }
}
return problems;
"""

# Resolves after two frames: resize handlers have run and the page is laid out again.
SETTLED = "const done = arguments[arguments.length - 1]; requestAnimationFrame(() => requestAnimationFrame(() => done(true)));"


class ConsolePage:
    def __init__(self, harness, driver, screenshots):
        self.h, self.d, self.screenshots = harness, driver, screenshots

    def wait(self, condition, what, seconds=30):
        try:
            return WebDriverWait(self.d, seconds, poll_frequency=0.1).until(lambda d: condition(d))
        except TimeoutException:
            raise AssertionError(f"timed out after {seconds} s waiting for {what}; page text: {self.d.find_element(By.TAG_NAME, 'body').text[:600]}")

    def text(self, selector):
        """The rendered text of the first match; read in one script call, as the pages redraw every second."""
        return self.d.execute_script("const n = document.querySelector(arguments[0]); return n ? n.innerText : ''", selector)

    def open(self, fragment):
        self.d.get(f"{self.h.gateway}/console{fragment}")

    def shown(self, selector):
        """Whether an element matching `selector` is on the page and displayed."""
        return any(e.is_displayed() for e in self.d.find_elements(By.CSS_SELECTOR, selector))

    def labelled(self):
        unlabeled = self.d.execute_script(
            "return [...document.querySelectorAll('main input, main select, main textarea')]"
            ".filter(i => !i.labels.length && !i.getAttribute('aria-label')).map(i => i.id)")
        assert not unlabeled, f"fields without a label: {unlabeled}"

    def confirm(self, *texts):
        WebDriverWait(self.d, 10).until(expected_conditions.alert_is_present())
        dialog = self.d.switch_to.alert
        assert all(t in dialog.text for t in texts), dialog.text
        dialog.accept()

    def visible_nav(self):
        return self.d.execute_script(
            "return [...document.querySelectorAll('#top nav [data-section]')].filter(a => a.offsetParent !== null).map(a => a.dataset.section)")

    def sign_in_person(self, role, code=None):
        email, password = PEOPLE[role]
        self.d.find_element(By.ID, "email").send_keys(email)
        self.d.find_element(By.ID, "password").send_keys(password + Keys.ENTER)
        if code:
            self.wait(lambda d: self.shown("#totp"), "the code's field")
            self.d.find_element(By.ID, "totp").send_keys(code() + Keys.ENTER)
        # Back on the page the last one was on (the address keeps it), as that person.
        self.wait(lambda d: self.text("#who") == f"{email} · Console Test ({role})", f"the {role} signed in")

    def sign_out_person(self):
        self.d.find_element(By.ID, "sign-out").click()
        self.wait(lambda d: d.find_elements(By.ID, "email"), "the sign-in form")

    # Schemes, sizes, layout and pictures.
    def scheme(self, dark):
        self.d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]})

    def phone(self, on, height=PHONE[1], scale=2):
        """A phone's viewport (`height`: taller, for a picture of more than one screen; `scale`: its
        pixels per CSS pixel), or the desktop's again."""
        if on:
            self.d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": PHONE[0], "height": height, "deviceScaleFactor": scale, "mobile": True})
        else:
            self.d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        # The layout viewport's width (a page wider than a phone zooms out, which changes innerWidth).
        width = lambda: self.d.execute_script("return document.documentElement.clientWidth")
        self.wait(lambda d: (width() <= PHONE[0]) == on, "the window's new width", seconds=5)
        self.d.execute_async_script(SETTLED)

    def layout(self, where, phone):
        problems = self.layout_problems(where, phone)
        assert not problems, problems

    def layout_problems(self, where, phone):
        """The layout's problems as an assertion's message, None when there are none."""
        problems = self.d.execute_script(LAYOUT, phone)
        return f"{where}: " + "; ".join(problems[:8]) if problems else None

    def snap(self, name):
        """Checks the page's layout at a desktop's and a phone's size, light and dark, and saves
        the pictures into the screenshots folder when there is one."""
        self.d.execute_script("document.activeElement && document.activeElement.blur()")
        try:
            for scheme in ["light", "dark"]:
                self.scheme(scheme == "dark")
                for phone in (False, True):
                    self.phone(phone)
                    if not phone:
                        # The whole page: the window grows to the document's height for the picture.
                        height = self.d.execute_script("return document.documentElement.scrollHeight")
                        self.d.set_window_size(DESKTOP[0], min(max(DESKTOP[1], height + 140), 2400))
                        self.d.execute_async_script(SETTLED)
                    problems = self.layout_problems(f"{name}, {scheme}, {'phone' if phone else 'desktop'}", phone)
                    if self.screenshots and phone:
                        # Up to two screens of the page in the picture, a pixel for a CSS pixel (the files stay small).
                        height = self.d.execute_script("return document.documentElement.scrollHeight")
                        self.phone(True, min(max(PHONE[1], height), 2 * PHONE[1]), scale=1)
                    if self.screenshots:
                        time.sleep(0.3)  # the last repaint; screenshots only, no assertion depends on it
                        self.d.save_screenshot(os.path.join(self.screenshots, f"{name}-{scheme}{'-phone' if phone else ''}.png"))
                    assert not problems, problems  # after the picture, which shows them
                    if not phone:
                        self.d.set_window_size(*DESKTOP)
        finally:
            self.scheme(False)
            self.phone(False)
