import { can } from "./api.js";

// Builds DOM nodes. Strings become text nodes (textContent), never HTML: whatever a
// payload or a device holds is shown as the characters it is. `needs: "publish"` marks a
// control that only a session with that scope may use (see permit).
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "needs") node.dataset.needs = value;
    else if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  append(node, children);
  if (node.dataset.needs) permit(node);
  return node;
}

// The one place controls are shown or hidden by role: `root` and every element under it
// marked data-needs (a scope, or "person") is hidden unless the session can() use it. A
// control the role may not use is not shown at all, rather than refused when pressed (the
// gateway refuses it anyway).
export function permit(root) {
  const marked = root.matches?.("[data-needs]") ? [root] : [];
  for (const node of [...marked, ...root.querySelectorAll("[data-needs]")]) node.hidden = !can(node.dataset.needs);
  return root;
}

function append(node, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// Gives each body cell under `root` its column's name (data-label), which console.css shows
// beside the cell where a table's rows are stacked (a phone's width).
export function labelCells(root) {
  for (const cell of root.querySelectorAll("tbody td:not([data-label])")) {
    const head = cell.closest("table").tHead?.rows[0]?.cells[cell.cellIndex];
    cell.dataset.label = head ? head.textContent : "";
  }
}

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}

// Says something to screen readers (the polite live region).
export function announce(text) {
  const region = document.getElementById("announce");
  region.textContent = "";
  setTimeout(() => { region.textContent = text; }, 50);
}

export function time(seconds) {
  if (seconds === null || seconds === undefined) return "";
  return new Date(seconds * 1000).toLocaleString();
}

export function number(value) {
  return Number(value || 0).toLocaleString();
}

// Something the gateway shows once (a key, a secret, an invite link): the value, a warning
// to store it now, Copy (when the browser allows it) and a button that hides it. Its ids
// start with `id`: ID, ID-title, ID-value, ID-done.
export function shownOnce(id, heading, value, warning, note) {
  const panel = el("section", { class: "panel secret", id, "aria-labelledby": id + "-title" },
    el("h2", { id: id + "-title", tabindex: "-1" }, heading),
    el("p", { class: "warning" }, warning, note ? " " + note : ""),
    el("p", {}, el("code", { id: id + "-value", class: "secret-value" }, value)));
  const buttons = el("p", { class: "actions" });
  if (navigator.clipboard) {
    buttons.append(el("button", { type: "button", class: "secondary", id: id + "-copy", onclick: async () => {
      try { await navigator.clipboard.writeText(value); announce("Copied"); } catch { announce("Copying failed; select the text instead"); }
    } }, "Copy"));
  }
  buttons.append(el("button", { type: "button", class: "secondary", id: id + "-done", onclick: () => {
    panel.remove();
    announce(heading + " hidden");
  } }, "I have stored it"));
  panel.append(buttons);
  return panel;
}

// Puts a shown-once panel into `box` (replacing what was there) and moves focus to it.
export function showOnce(box, panel) {
  clear(box).append(panel);
  panel.querySelector("h2").focus();
}

// An error's message, as the gateway wrote it.
export function message(error) {
  return error instanceof Error ? error.message : String(error);
}
