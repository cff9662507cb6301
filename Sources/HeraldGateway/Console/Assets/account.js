// Your account (#/account, people only: a server key's session has none): the apps you
// belong to with your role in each, two-step sign-in (TOTP: a secret and its otpauth URI to
// put into an authenticator app, then one of its codes to turn it on), and your sessions,
// each of which can be ended (on every gateway, from its next request).
import { api, session } from "./api.js";
import { el, clear, time, announce, message, number } from "./dom.js";

export async function showAccount(main) {
  const totp = el("section", { class: "panel", id: "account-totp", "aria-labelledby": "account-totp-title" });
  const sessions = el("div", { id: "session-list" });
  const result = el("p", { id: "sessions-result", role: "status" });
  const endOthers = el("button", { type: "button", class: "danger", id: "sessions-end-others", hidden: true }, "End all other sessions");
  main.append(el("h1", {}, "Your account"),
    el("section", { class: "panel", "aria-labelledby": "account-you" }, el("h2", { id: "account-you" }, "You"),
      el("dl", { class: "facts" },
        el("dt", {}, "E-mail"), el("dd", { id: "account-email" }, session.email),
        el("dt", {}, "Apps"), el("dd", { id: "account-apps" }, session.apps.length
          ? session.apps.map((app) => `${app.appName}: ${app.role}`).join(" · ") : "none yet"))),
    totp,
    el("section", { class: "panel", "aria-labelledby": "account-sessions-title" },
      el("h2", { id: "account-sessions-title", tabindex: "-1" }, "Sessions"),
      el("p", { class: "muted" }, "Where you are signed in. Ending a session signs that browser out on every gateway from its next request."),
      sessions, el("p", {}, endOthers), result));

  function say(text, failed = false) {
    result.className = failed ? "error" : "ok";
    result.textContent = text;
  }

  function drawTOTP() {
    const heading = el("h2", { id: "account-totp-title", tabindex: "-1" }, "Two-step sign-in (TOTP)");
    if (session.totpEnabled) {
      clear(totp).append(heading, el("p", { id: "totp-state", class: "ok" },
        "On: signing in needs your password and a code from your authenticator app. If you lose it, an owner of one of your apps can reset it."));
      return heading;
    }
    const start = el("button", { type: "button", id: "totp-start" }, "Turn on two-step sign-in");
    const error = el("p", { class: "error", id: "totp-error", role: "alert" });
    start.addEventListener("click", async () => {
      start.disabled = true;
      error.textContent = "";
      try {
        setUp(await api("POST", "/v1/console/totp"));
      } catch (failure) {
        error.textContent = message(failure);
        start.disabled = false;
      }
    });
    clear(totp).append(heading,
      el("p", { id: "totp-state" }, "Off: your password alone signs you in. With it on, a sign-in also needs the 6-digit code an authenticator app shows."),
      el("p", {}, start), error);
    return heading;
  }

  // The pending secret: shown for the authenticator app, turned on by one of its codes.
  function setUp(answer) {
    const code = el("input", { id: "totp-code", name: "code", inputmode: "numeric", autocomplete: "one-time-code", pattern: "[0-9]{6}",
      maxlength: 6, required: true, spellcheck: "false" });
    const error = el("p", { class: "error", id: "totp-error", role: "alert" });
    const confirm = el("button", { type: "submit", id: "totp-confirm" }, "Turn on");
    const form = el("form", { class: "row", "aria-label": "Confirm two-step sign-in", novalidate: true },
      el("div", {}, el("label", { for: "totp-code" }, "The code the app shows now"), code), confirm);
    const heading = el("h2", { id: "account-totp-title", tabindex: "-1" }, "Two-step sign-in (TOTP)");
    clear(totp).append(heading,
      el("p", {}, "Add this account to your authenticator app: type the secret, or give it the otpauth URI (as text, or as a QR code "
        + "made from it by a tool you trust). Then type the code it shows to turn two-step sign-in on. Until then nothing changes."),
      el("dl", { class: "facts" },
        el("dt", {}, "Secret"), el("dd", {}, el("code", { id: "totp-secret", class: "secret-value" }, answer.secret)),
        el("dt", {}, "URI"), el("dd", {}, el("code", { id: "totp-uri", class: "secret-value" }, answer.uri))),
      form, error);
    heading.focus();
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.textContent = "";
      confirm.disabled = true;
      try {
        await api("POST", "/v1/console/totp/confirm", { code: code.value.trim() });
        session.totpEnabled = true;
        drawTOTP().focus();
        announce("Two-step sign-in is on");
      } catch (failure) {
        error.textContent = message(failure);
        confirm.disabled = false;
        code.focus();
      }
    });
  }

  async function load() {
    const data = await api("GET", "/v1/console/sessions");
    const others = data.sessions.filter((s) => !s.current);
    endOthers.hidden = !others.length;
    clear(sessions).append(el("div", { class: "scroll" }, el("table", { class: "team" },
      el("thead", {}, el("tr", {}, ["Signed in", "Last seen", "Expires", "Address", "Browser", ""].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, data.sessions.map((s) => el("tr", { "data-session": s.id, "data-current": s.current ? "true" : "false" },
        el("td", {}, time(s.createdAt)), el("td", {}, time(s.lastSeenAt)), el("td", {}, time(s.expiresAt)),
        el("td", {}, s.address || "unknown"), el("td", { class: "meta" }, s.userAgent || "unknown"),
        el("td", {}, s.current ? el("strong", {}, "this browser") : endButton(s))))))));
  }

  function endButton(s) {
    const button = el("button", { type: "button", class: "secondary", "aria-label": `End the session signed in ${time(s.createdAt)} from ${s.address || "an unknown address"}` }, "End");
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        await api("DELETE", "/v1/console/sessions/" + encodeURIComponent(s.id));
        say("Session ended.");
        announce("Session ended");
        await load();
      } catch (error) {
        say(message(error), true);
        button.disabled = false;
      }
    });
    return button;
  }

  endOthers.addEventListener("click", async () => {
    if (!window.confirm("End every other session of yours? Those browsers must sign in again.")) return;
    endOthers.disabled = true;
    try {
      const answer = await api("DELETE", "/v1/console/sessions");
      say(`${number(answer.ended)} ${answer.ended === 1 ? "session" : "sessions"} ended.`);
      announce("Other sessions ended");
      await load();
      main.querySelector("#account-sessions-title").focus(); // the button is gone
    } catch (error) {
      say(message(error), true);
    } finally {
      endOthers.disabled = false;
    }
  });

  drawTOTP();
  await load();
  return null;
}
