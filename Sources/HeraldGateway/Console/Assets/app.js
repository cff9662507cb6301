// Herald Console: the session, the top bar, the app a person works in, and the hash routes
// (#/publishes, #/publishes/ID, #/compose, #/devices, #/devices/ID, #/users, #/users/ID, #/webhooks,
// #/webhooks/ID, #/members, #/keys, #/audit, #/app, #/account, #/apps; #invite=hin_… for
// an invite). Each page names what it needs; a page or nav entry the session cannot use is
// hidden (dom.js permit), and opening it by its address says why instead of showing it.
import { api, session, can, setSession, chooseApp, clearSession } from "./api.js";
import { el, clear, announce, permit, labelCells } from "./dom.js";
import { showSignIn, showInvite } from "./signin.js";
import { showPublishes, showPublish } from "./publishes.js";
import { showCompose } from "./compose.js";
import { showDevices } from "./devices.js";
import { showUser } from "./users.js";
import { showApp } from "./settings.js";
import { showWebhooks, showWebhook } from "./webhooks.js";
import { showMembers } from "./members.js";
import { showKeys } from "./keys.js";
import { showAudit } from "./audit.js";
import { showAccount } from "./account.js";

const main = document.getElementById("main");
const top = document.getElementById("top");
const switchApp = document.getElementById("switch-app");
const menu = document.getElementById("menu-toggle");
const chosenApp = "herald-console-app"; // sessionStorage: the app a person chose in this tab
let leave = null; // stops the current page's polling
let routed = false; // the first page leaves focus where the browser put it (the skip link comes first)

// Every page with the scope it needs ("person": signed in by e-mail); `app: false` for
// the pages that are not about one app.
const pages = {
  publishes: { needs: "read", show: (p) => (p[1] ? showPublish(main, p[1]) : showPublishes(main)) },
  compose: { needs: "publish", show: () => showCompose(main) },
  devices: { needs: "read", show: (p) => showDevices(main, p[1] || "") },
  users: { needs: "read", show: (p) => showUser(main, p[1] || "") },
  webhooks: { needs: "admin", show: (p) => (p[1] ? showWebhook(main, p[1]) : showWebhooks(main)) },
  members: { needs: "members", show: () => showMembers(main, refresh) },
  keys: { needs: "admin", show: () => showKeys(main) },
  audit: { needs: "admin", show: () => showAudit(main) },
  app: { needs: "read", show: () => showApp(main) },
  account: { needs: "person", app: false, show: () => showAccount(main) },
  apps: { needs: "person", app: false, show: () => showApps() },
};
// Every table cell drawn knows its column's name, for the rows stacked at a phone's width.
new MutationObserver(() => labelCells(main)).observe(main, { childList: true, subtree: true });

// The nav's entries need what their pages need.
for (const link of top.querySelectorAll("nav [data-section]")) link.dataset.needs = pages[link.dataset.section].needs;

// At a phone's width the sections sit behind Menu (console.css), closed again by a choice or Escape.
function openMenu(open) {
  top.classList.toggle("open", open);
  menu.setAttribute("aria-expanded", String(open));
}
menu.addEventListener("click", () => openMenu(!top.classList.contains("open")));
top.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && top.classList.contains("open")) { openMenu(false); menu.focus(); }
});

function signedIn() {
  return session.email !== null || session.appId !== null;
}

function drawTop() {
  const who = document.getElementById("who");
  if (!session.email) who.textContent = `${session.appName} (${session.appId})`;
  else who.textContent = session.appId ? `${session.email} · ${session.appName} (${session.role})` : session.email;
  switchApp.hidden = !(session.email && session.apps.length > 1);
  permit(top);
  top.hidden = false;
}

// A sign-in's answer: a person goes on in the app chosen before in this tab, or their only
// one; with several and none chosen, the app picker comes first.
function enter(info) {
  setSession(info);
  if (session.email) {
    if (!chooseApp(sessionStorage.getItem(chosenApp)) && session.apps.length === 1) chooseApp(session.apps[0].appId);
    if (session.appId) sessionStorage.setItem(chosenApp, session.appId);
  }
  drawTop();
}

function navigate(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

// After the sign-in form or an accepted invite: the page asked for, else the publishes.
function arrived(info) {
  enter(info);
  announce("Signed in");
  if (location.hash.startsWith("#invite=")) {
    history.replaceState(null, "", "#/publishes"); // the invite is used: off the address bar and history
    route();
  } else if (!location.hash || location.hash === "#/signin") navigate("#/publishes");
  else route();
}

function signInPage(note) {
  if (leave) { leave(); leave = null; }
  clearSession();
  top.hidden = true;
  showSignIn(main, note, arrived);
}

// The session read again (after a 403: a role changed or taken away since sign-in); the
// page is drawn again when what it may do changed.
let refreshing = false;
async function refresh() {
  if (refreshing) return;
  refreshing = true;
  const before = JSON.stringify([session.appId, session.scopes]);
  try {
    enter(await api("GET", "/v1/console/session"));
    if (JSON.stringify([session.appId, session.scopes]) !== before) {
      announce("Your role changed");
      route();
    }
  } catch { /* a 401 signs out by itself */ } finally {
    refreshing = false;
  }
}

// #/apps: the person's apps, with their role in each; the one chosen is the one the pages show.
function showApps() {
  const list = el("ul", { class: "list", id: "app-list", "aria-label": "Your apps" });
  for (const app of session.apps) {
    const open = () => {
      chooseApp(app.appId);
      sessionStorage.setItem(chosenApp, app.appId);
      drawTop();
      announce(`Working in ${app.appName}`);
      navigate("#/publishes");
    };
    list.append(el("li", { class: "panel app-choice", "data-app": app.appId },
      el("h2", {}, app.appName), el("p", { class: "meta" }, `${app.role} · ${app.appId}`),
      el("p", {}, el("button", { type: "button", "aria-label": `Open ${app.appName}`, "aria-current": app.appId === session.appId ? "true" : null,
        onclick: open }, app.appId === session.appId ? "Open (current)" : "Open"))));
  }
  main.append(el("h1", {}, "Your apps"),
    session.apps.length ? el("p", { class: "muted" }, "Choose the app to work in; your role in it decides what the console shows.")
      : el("p", { class: "panel muted", id: "no-apps" }, "You are a member of no app yet: an owner of one invites you from its Members page."),
    list);
  return null;
}

function notAllowed(needs) {
  const text = needs === "person" ? "This page is a person's own: a session signed in with a server key has no account."
    : needs === "members" && !session.email ? "Members are managed by people signed in as an owner of the app, never with a key."
      : session.email ? `Your role in ${session.appName}, ${session.role}, does not have the ${needs} scope this page needs; an owner can change it.`
        : `This session does not have the ${needs} scope this page needs.`;
  return [el("h1", {}, "Not available"), el("p", { class: "panel", id: "not-allowed" }, text)];
}

async function route() {
  if (leave) { leave(); leave = null; }
  openMenu(false);
  if (location.hash.startsWith("#invite=")) {
    top.hidden = true;
    showInvite(main, decodeURIComponent(location.hash.slice("#invite=".length)), arrived);
    return;
  }
  if (!signedIn()) return signInPage("");
  top.hidden = false;
  const parts = location.hash.replace(/^#\/?/, "").split("/").map(decodeURIComponent);
  let section = pages[parts[0]] ? parts[0] : "publishes";
  if (pages[section].app !== false && !session.appId) section = "apps"; // a person with several apps chooses first
  const page = pages[section];
  for (const link of top.querySelectorAll("[data-section]")) {
    if (link.dataset.section === section) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  clear(main);
  try {
    if (can(page.needs)) leave = await page.show(parts);
    else main.append(...notAllowed(page.needs));
  } catch (error) {
    main.append(el("p", { class: "error", role: "alert" }, error.message));
  }
  const heading = main.querySelector("h1");
  document.title = (heading ? heading.textContent + " · " : "") + "Herald Console";
  // After a navigation, focus moves to the new page's content, as a page load would.
  if (routed) main.focus({ preventScroll: true });
  routed = true;
}

window.addEventListener("hashchange", route);
window.addEventListener("herald-signed-out", () => signInPage("Your session ended; sign in again."));
window.addEventListener("herald-refused", refresh);
document.getElementById("sign-out").addEventListener("click", async () => {
  if (leave) { leave(); leave = null; }
  try { await api("DELETE", "/v1/console/session"); } catch { /* signed out either way */ }
  sessionStorage.removeItem(chosenApp);
  signInPage("");
  announce("Signed out");
});

(async () => {
  try {
    enter(await api("GET", "/v1/console/session"));
  } catch {
    clearSession();
  }
  route();
})();
