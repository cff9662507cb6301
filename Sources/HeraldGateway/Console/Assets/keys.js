// Server keys (#/keys, the `admin` scope): the app's first server key and its scoped keys
// with their scopes, who made them, their last use and whether they are revoked; a form
// that makes a key with a name and scopes (the key shown once, never read back); revoke,
// after a confirmation. The first key (`server`) is replaced with `herald app rotate-key`,
// not revoked here.
import { api, appPath } from "./api.js";
import { el, clear, time, announce, message, shownOnce, showOnce } from "./dom.js";

const scopes = [
  ["publish", "publish and cancel, count audiences, lint"],
  ["read", "read publishes, devices, inboxes, the event feed, settings"],
  ["devices", "register, change and delete any device, record receipts"],
  ["inbox", "add and remove inbox messages, mark them read or deleted"],
  ["users", "export and delete a user's data"],
  ["admin", "settings, channels, webhooks, keys, the audit log"],
];

function keyPath(id) {
  return appPath("/keys/" + encodeURIComponent(id));
}

function state(key) {
  const revoked = key.revokedAt !== null && key.revokedAt !== undefined;
  return el("span", { class: "badge " + (revoked ? "revoked" : "active"), "data-state": revoked ? "revoked" : "active" },
    revoked ? `revoked ${time(key.revokedAt)}` : "active");
}

export async function showKeys(main) {
  const list = el("div", { id: "key-list" });
  const result = el("p", { id: "key-result", role: "status" });
  const onceBox = el("div", {});
  const name = el("input", { id: "key-name", name: "name", maxlength: 100, spellcheck: "false", required: true, placeholder: "ci-backend" });
  const boxes = scopes.map(([scope, what]) => {
    const box = el("input", { type: "checkbox", id: "key-scope-" + scope, name: "scopes", value: scope });
    return el("label", { for: "key-scope-" + scope }, box, el("span", {}, el("code", {}, scope), ": " + what));
  });
  const formError = el("p", { id: "key-form-error", class: "error", role: "alert" });
  const create = el("button", { type: "submit", id: "key-create" }, "Create key");
  const form = el("form", { class: "panel", "aria-labelledby": "key-form-title", novalidate: true },
    el("h2", { id: "key-form-title" }, "Create a key"),
    el("label", { for: "key-name" }, "Name (what uses it)"), name,
    el("fieldset", { class: "scopes-field" }, el("legend", {}, "Scopes"), el("div", { class: "scopes" }, boxes)),
    el("p", { class: "meta" }, "Give a key only what its user needs: a backend that only publishes gets publish. Members are never a key's: owners manage them."),
    el("p", {}, create), formError);
  main.append(el("h1", {}, "Server keys"),
    el("p", { class: "muted" }, "Keys for the server side of the app (Authorization: Bearer hsk_…). Only a hash of each is stored; "
      + "a revoked key is refused by every gateway from its next request. Last use is kept to the minute."),
    el("section", { class: "panel", "aria-labelledby": "keys-title" }, el("h2", { id: "keys-title" }, "Keys"), list, result),
    onceBox, form);

  function say(text, failed = false) {
    result.className = failed ? "error" : "ok";
    result.textContent = text;
  }

  async function load() {
    const data = await api("GET", appPath("/keys"));
    clear(list).append(el("div", { class: "scroll" }, el("table", { class: "team" },
      el("thead", {}, el("tr", {}, ["Name", "Id", "Scopes", "Created", "Last used", "State", ""].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, data.keys.map(row)))));
  }

  function row(key) {
    const revocable = key.id !== "server" && (key.revokedAt === null || key.revokedAt === undefined);
    const revoke = revocable ? el("button", { type: "button", class: "danger", "aria-label": `Revoke ${key.name}` }, "Revoke") : null;
    revoke?.addEventListener("click", async () => {
      if (!window.confirm(`Revoke the key ${key.name} (${key.id})? Every gateway refuses it from its next request; this cannot be undone.`)) return;
      revoke.disabled = true;
      try {
        await api("DELETE", keyPath(key.id));
        say(`${key.name} is revoked.`);
        announce("Key revoked");
        await load();
      } catch (error) {
        say(message(error), true);
        revoke.disabled = false;
      }
    });
    return el("tr", { "data-key": key.id },
      el("td", {}, key.name), el("td", {}, el("code", {}, key.id)),
      el("td", { "data-field": "scopes" }, key.scopes.join(", ")),
      el("td", {}, time(key.createdAt), key.createdBy ? el("div", { class: "meta" }, "by " + key.createdBy) : null),
      el("td", { "data-field": "last-used" }, key.lastUsedAt ? time(key.lastUsedAt) : key.id === "server" ? "not tracked" : "never"),
      el("td", { "data-field": "state" }, state(key)),
      el("td", {}, revoke));
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    formError.textContent = "";
    const chosen = scopes.map(([scope]) => scope).filter((scope) => form.querySelector("#key-scope-" + scope).checked);
    if (!name.value.trim()) { formError.textContent = "Name the key after what uses it."; name.focus(); return; }
    if (!chosen.length) { formError.textContent = "Choose at least one scope."; return; }
    create.disabled = true;
    try {
      const key = await api("POST", appPath("/keys"), { name: name.value.trim(), scopes: chosen });
      form.reset();
      announce("Key created");
      showOnce(onceBox, shownOnce("new-key", `Key ${key.name}`, key.key,
        "Store it now where its user reads it: the gateway shows it this once and never again.",
        `Scopes: ${key.scopes.join(", ")}. Its id, ${key.id}, is how the list and the audit log name it.`));
      await load();
    } catch (error) {
      formError.textContent = message(error);
    } finally {
      create.disabled = false;
    }
  });

  await load();
  return null;
}
