// Herald Console: sign-in, the sections, and the hash routes (#/publishes, #/publishes/ID,
// #/compose, #/devices, #/devices/ID, #/users/ID, #/webhooks, #/webhooks/ID, #/app).
import { api, session, ApiError } from "./api.js";
import { el, clear, announce } from "./dom.js";
import { showPublishes, showPublish } from "./publishes.js";
import { showCompose } from "./compose.js";
import { showDevices } from "./devices.js";
import { showUser } from "./users.js";
import { showApp } from "./settings.js";
import { showWebhooks, showWebhook } from "./webhooks.js";

const main = document.getElementById("main");
const top = document.getElementById("top");
let leave = null; // stops the current page's polling
let routed = false; // the first page leaves focus where the browser put it (the skip link comes first)

function signedIn(info) {
  session.appId = info.appId;
  session.appName = info.appName;
  document.getElementById("who").textContent = `${info.appName} (${info.appId})`;
  top.hidden = false;
}

function showSignIn(message) {
  top.hidden = true;
  session.appId = null;
  const error = el("p", { class: "error", id: "signin-error", role: "alert" }, message || "");
  const appField = el("input", { id: "app-id", name: "appId", autocomplete: "username", required: true, spellcheck: "false" });
  const keyField = el("input", { id: "server-key", name: "serverKey", type: "password", autocomplete: "current-password", required: true });
  const form = el("form", { class: "panel signin", "aria-labelledby": "signin-title" },
    el("h1", { id: "signin-title" }, "Sign in to Herald Console"),
    el("p", { class: "muted" }, "Use the app id and the server key that 'herald app create' printed. The key is sent once; the gateway answers with a session cookie this page cannot read."),
    el("label", { for: "app-id" }, "App id"), appField,
    el("label", { for: "server-key" }, "Server key"), keyField,
    el("p", {}, el("button", { type: "submit", id: "sign-in" }, "Sign in")),
    error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      const info = await api("POST", "/v1/console/session", { appId: appField.value.trim(), serverKey: keyField.value.trim() });
      keyField.value = "";
      signedIn(info);
      if (!location.hash || location.hash === "#/signin") location.hash = "#/publishes";
      else route();
    } catch (failure) {
      error.textContent = failure instanceof ApiError ? failure.message : String(failure);
      keyField.focus();
    }
  });
  clear(main).append(form);
  document.title = "Sign in · Herald Console";
  appField.focus();
}

async function route() {
  if (leave) { leave(); leave = null; }
  if (!session.appId) return;
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  const section = parts[0] || "publishes";
  for (const link of document.querySelectorAll("[data-section]")) {
    if (link.dataset.section === section) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  clear(main);
  const pages = {
    publishes: () => (parts[1] ? showPublish(main, parts[1]) : showPublishes(main)),
    compose: () => showCompose(main),
    devices: () => showDevices(main, parts[1] || ""),
    users: () => showUser(main, parts[1] || ""),
    webhooks: () => (parts[1] ? showWebhook(main, parts[1]) : showWebhooks(main)),
    app: () => showApp(main),
  };
  const page = pages[section] || pages.publishes;
  try {
    leave = await page();
  } catch (error) {
    main.append(el("p", { class: "error", role: "alert" }, error instanceof ApiError ? error.message : String(error)));
  }
  const heading = main.querySelector("h1");
  document.title = (heading ? heading.textContent + " · " : "") + "Herald Console";
  // After a navigation, focus moves to the new page's content, as a page load would.
  if (routed) main.focus({ preventScroll: true });
  routed = true;
}

window.addEventListener("hashchange", route);
window.addEventListener("herald-signed-out", () => {
  if (leave) { leave(); leave = null; }
  showSignIn("Your session ended; sign in again.");
});
document.getElementById("sign-out").addEventListener("click", async () => {
  if (leave) { leave(); leave = null; }
  try { await api("DELETE", "/v1/console/session"); } catch { /* signed out either way */ }
  showSignIn("");
  announce("Signed out");
});

(async () => {
  try {
    signedIn(await api("GET", "/v1/console/session"));
    route();
  } catch {
    showSignIn("");
  }
})();
