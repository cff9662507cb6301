// The audit log (#/audit, the `admin` scope): who did what to which thing, from where, and
// whether it was done or refused, newest first, 50 at a time ("Older entries" pages on by
// the answer's `next`); narrowed to one actor (an e-mail or a key id) and one action or a
// family (`publish.`). A refused request is marked "denied", with the gateway's reason.
import { api, appPath } from "./api.js";
import { el, clear, announce, message, number } from "./dom.js";

const pageSize = 50;
const actions = ["publish.", "publish.create", "publish.cancel", "device.", "device.register", "device.delete", "device.interests",
  "device.user", "device.attributes", "activity.", "receipts.record", "inbox.", "inbox.read", "inbox.delete", "inbox.add", "inbox.remove",
  "user.", "user.export", "user.delete", "channel.", "webhook.", "key.", "key.create", "key.revoke",
  "member.", "member.add", "member.role", "member.remove", "member.reset_totp", "read."];

// A member by their e-mail; a key by its name, with its id under it.
function actorCell(actor) {
  if (!actor) return el("td", {});
  if (actor.type === "member") return el("td", {}, actor.email);
  return el("td", {}, actor.name, el("div", { class: "meta" }, "key ", el("code", {}, actor.id)));
}

function when(at) {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : date.toLocaleString();
}

export async function showAudit(main) {
  const actor = el("input", { id: "audit-actor", name: "actor", spellcheck: "false", placeholder: "name@example.com or key_…" });
  const action = el("input", { id: "audit-action", name: "action", spellcheck: "false", list: "audit-actions", placeholder: "publish.create or publish." });
  const form = el("form", { class: "panel", role: "search", "aria-label": "Filter the audit log" },
    el("div", { class: "row" },
      el("div", {}, el("label", { for: "audit-actor" }, "Actor"), actor),
      el("div", {}, el("label", { for: "audit-action" }, "Action or family"), action),
      el("button", { type: "submit", id: "audit-filter" }, "Filter"),
      el("button", { type: "button", id: "audit-clear", class: "secondary", onclick: () => { form.reset(); load(); } }, "Clear")),
    el("datalist", { id: "audit-actions" }, actions.map((a) => el("option", { value: a }))));
  const summary = el("p", { class: "meta", id: "audit-summary", role: "status", tabindex: "-1" });
  const rows = el("tbody", {});
  const table = el("div", { class: "scroll" }, el("table", { id: "audit-table", class: "team" },
    el("thead", {}, el("tr", {}, ["When", "Actor", "Action", "Target", "Address", "Outcome", "Detail"].map((h) => el("th", { scope: "col" }, h)))),
    rows));
  const empty = el("p", { class: "muted", id: "audit-empty", hidden: true }, "No entries.");
  const older = el("button", { type: "button", id: "audit-older", class: "secondary", hidden: true }, "Older entries");
  const failure = el("p", { class: "error", id: "audit-error", role: "alert" });
  main.append(el("h1", {}, "Audit log"),
    el("p", { class: "muted" }, "Every change made with a server key or by a member, and every request of theirs refused. "
      + "Entries are never edited; the gateway keeps them for its audit retention."),
    form, el("section", { class: "panel", "aria-label": "Entries" }, summary, table, empty, el("p", {}, older), failure));

  let next = null, shown = 0, filters = {};

  function row(entry) {
    const denied = entry.outcome === "denied";
    return el("tr", { "data-id": entry.id, "data-action": entry.action, "data-outcome": entry.outcome },
      el("td", {}, el("time", { datetime: entry.at }, when(entry.at))),
      actorCell(entry.actor),
      el("td", {}, el("code", { class: "nowrap" }, entry.action)),
      el("td", {}, entry.target || ""),
      el("td", { class: "nowrap" }, entry.address || ""),
      el("td", {}, el("span", { class: "badge " + (denied ? "denied" : "ok") }, denied ? "denied" : "ok")),
      el("td", {}, entry.detail || ""));
  }

  // A page: the newest (`before` null) or the one older than the last shown.
  async function page(before) {
    const query = new URLSearchParams({ limit: String(pageSize), ...filters });
    if (before) query.set("before", before);
    const data = await api("GET", appPath("/audit?" + query));
    rows.append(...data.entries.map(row));
    shown += data.entries.length;
    next = data.next;
    older.hidden = !next;
    empty.hidden = shown > 0;
    const narrowed = Object.keys(filters).length ? " matching the filter" : "";
    summary.textContent = `${number(shown)} ${shown === 1 ? "entry" : "entries"}${narrowed}, newest first` + (next ? "; older ones below" : "");
    return data.entries.length;
  }

  async function load() {
    failure.textContent = "";
    filters = {};
    if (actor.value.trim()) filters.actor = actor.value.trim();
    if (action.value.trim()) filters.action = action.value.trim();
    clear(rows);
    shown = 0;
    try {
      await page(null);
    } catch (error) {
      older.hidden = true;
      failure.textContent = message(error);
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    load();
  });
  older.addEventListener("click", async () => {
    older.disabled = true;
    failure.textContent = "";
    try {
      const count = await page(next);
      announce(`${number(count)} older ${count === 1 ? "entry" : "entries"} shown`);
      if (older.hidden) summary.focus(); // the button is gone with the last page
    } catch (error) {
      failure.textContent = message(error);
    } finally {
      older.disabled = false;
    }
  });

  await load();
  return null;
}
