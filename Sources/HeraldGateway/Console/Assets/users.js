// One user's inbox (#/users/ID): read from the start through the server API, then kept up
// to date by its cursor, so a message read or deleted while the page is open changes here.
import { api, appPath, poll } from "./api.js";
import { el, clear, time, number } from "./dom.js";

const pageSize = 500;

function state(message, now) {
  if (message.deleted) return "deleted";
  if (message.expiresAt !== null && message.expiresAt !== undefined && message.expiresAt <= now) return "expired";
  return message.read ? "read" : "unread";
}

export async function showUser(main, userId) {
  if (!userId) return askUser(main);
  const path = appPath("/users/" + encodeURIComponent(userId) + "/inbox");
  const messages = new Map(); // id → the message as last answered (a deleted one keeps the content seen before)
  let cursor = null, unread = 0;
  const summary = el("p", { id: "inbox-unread", "aria-live": "polite" });
  const list = el("div", { id: "inbox" });
  main.append(el("h1", {}, "User " + userId),
    el("section", { class: "panel", "aria-labelledby": "inbox-title" },
      el("h2", { id: "inbox-title" }, "Inbox"),
      el("p", { class: "muted" }, "Newest first. Messages deleted before this page opened are not listed; one read or deleted while it is open changes here."),
      summary, list));

  // Every change after the cursor, page by page, into `messages`.
  async function load() {
    let more = true;
    while (more) {
      const query = new URLSearchParams({ limit: String(pageSize) });
      if (cursor) query.set("after", cursor);
      const page = await api("GET", path + "?" + query);
      for (const message of page.messages) messages.set(message.id, { ...messages.get(message.id), ...message });
      ({ cursor, unread, more } = page);
    }
    draw();
  }

  function draw() {
    const now = Date.now() / 1000;
    const shown = [...messages.values()].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
    const deleted = shown.filter((m) => m.deleted).length;
    const kept = shown.filter((m) => ["read", "unread"].includes(state(m, now))).length; // as `unread` counts: not deleted, not expired
    summary.textContent = `${number(unread)} unread of ${number(kept)}` + (kept === 1 ? " message" : " messages")
      + (deleted ? `, ${number(deleted)} deleted` : "");
    clear(list);
    if (!shown.length) { list.append(el("p", { class: "muted" }, "The inbox is empty.")); return; }
    list.append(el("table", {},
      el("thead", {}, el("tr", {}, ["Message", "Created", "Expires", "State"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, shown.map((m) => {
        const s = state(m, now);
        return el("tr", { "data-id": m.id, "data-state": s },
          el("td", {}, el("strong", {}, m.title || (m.deleted && !("title" in m) ? "(content removed)" : "(no title)")),
            m.body ? el("div", {}, m.body) : null, el("div", { class: "meta" }, m.id)),
          el("td", {}, time(m.createdAt)), el("td", {}, m.expiresAt ? time(m.expiresAt) : "never"),
          el("td", {}, el("span", { class: "badge inbox-" + s }, s)));
      }))));
  }

  await load();
  return poll(load, () => false, 0, 2000);
}

// #/users without an id: which user.
function askUser(main) {
  const field = el("input", { id: "user-id", name: "userId", spellcheck: "false", required: true });
  const form = el("form", { class: "panel", role: "search", "aria-label": "Find a user's inbox" },
    el("div", { class: "row" }, el("div", {}, el("label", { for: "user-id" }, "User id"), field),
      el("button", { type: "submit", id: "open-user" }, "Open inbox")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (field.value.trim()) location.hash = "#/users/" + encodeURIComponent(field.value.trim());
  });
  main.append(el("h1", {}, "Users"), form);
  field.focus();
  return null;
}
