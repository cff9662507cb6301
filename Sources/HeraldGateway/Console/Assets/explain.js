// Why a device was (or was not) reached by a publish: the explanation of
// GET …/publishes/{id}/devices/{device} (read scope), opened by the "why?" link on a device
// of a publish or a delivery of a device, and the same document for each device of the
// compose page's preview (compose-preview.js). The verdict comes first, then the facts in
// the order the gateway decided them: via, text, due, cap, route, payload, attempts, state,
// receipts, inbox. Everything the gateway answers is shown as text (dom.js el).
import { api, appPath } from "./api.js";
import { el, clear, time, number, announce, message } from "./dom.js";
import { duration } from "./charts.js";

// Each reason in words; the gateway's code is shown beside them.
const REASONS = {
  not_in_target: "not in the publish's target", filtered_out: "filtered out by the publish's filter",
  invalidated_before: "its token was dead before the fan-out came to it", registered_after: "it registered after the fan-out",
  deleted: "the device was deleted", cancelled: "the publish was cancelled before its turn",
  waiting: "the fan-out has not come to it yet", fanout_stopped: "the fan-out was stopped before it",
  changed_after: "it changed after the fan-out passed it", broadcast: "a channel broadcast: whoever listens gets it",
};
const SERVICES = { apns: "APNs", fcm: "FCM" };

// "Reached", "Not reached: filtered out … (filtered_out)", and the detail below it; a
// preview says "Would be reached" / "Would not be reached".
export function verdict(x, preview = false) {
  const word = x.reached === true ? (preview ? "Would be reached" : "Reached")
    : x.reached === false ? (preview ? "Would not be reached" : "Not reached") : "Cannot be known";
  const state = x.reached === true ? "yes" : x.reached === false ? "no" : "unknown";
  return el("div", { class: "verdict", "data-reached": state, "data-reason": x.reason },
    el("p", { class: "verdict-line" }, el("strong", {}, word),
      x.reason ? [": ", REASONS[x.reason] || x.reason, " ", el("code", {}, "(" + x.reason + ")")] : null),
    x.detail ? el("p", { class: "verdict-detail" }, x.detail) : null);
}

function via(v) {
  const keys = v.keys && v.keys.length ? ": " + v.keys.join(", ") : v.kind === "app" ? ": every device of the app" : "";
  return `${v.kind}${keys}` + (v.filter ? ", and it matches the publish's filter" : "");
}

function variant(v) {
  return `${v.tag ? "the " + v.tag + " text" : "the default text"} (device locale ${v.locale || "not sent"}): ${v.rule}`;
}

function cap(c) {
  const publishes = c.max === 1 ? "publish" : "publishes";
  return el("div", {},
    `At most ${number(c.max)} capped ${publishes} per ${duration(c.window)}; ${number(c.count)} counted in the window: `
      + (c.applied ? "it held this one back" : "it let this one through"),
    c.counted && c.counted.length ? el("ul", { class: "plain" }, c.counted.map((p) => el("li", {}, `${p.publishId} at ${time(p.at)}`))) : null);
}

function route(r) {
  return (SERVICES[r.service] || r.service) + (r.environment ? ", " + r.environment : "");
}

function attempt(a) {
  return [time(a.at), ": ", el("strong", {}, a.outcome), a.reason ? ` (${a.reason})` : "",
    a.latency !== undefined ? `, ${number(Math.round(a.latency * 1000))} ms` : "", a.inDoubt ? ", in doubt" : "",
    a.serviceId ? `, id ${a.serviceId}` : ""];
}

// What the device said with a receipt: how it was presented, what its extension kept, where a tap led.
function deviceFacts(f) {
  if (!f) return "";
  const parts = [];
  if (f.presented) parts.push(`presented as ${f.presented.how}` + (f.presented.why ? ` (${f.presented.why})` : ""));
  if (f.extension) {
    parts.push(`extension: ${number(f.extension.kept)} attachment(s) kept, ${f.extension.trigger}`
      + (f.extension.skipped || []).map((k) => `; skipped ${k.source}: ${k.reason}`).join(""));
  }
  if (f.routed) parts.push(f.routed.matched ? `routed to ${f.routed.route || "a screen"}` : `routed nowhere` + (f.routed.why ? ` (${f.routed.why})` : ""));
  return parts.length ? " — " + parts.join("; ") : "";
}

function inbox(i) {
  if (!i.kept) return `message ${i.messageId}: not kept for this device`;
  const state = i.deleted ? "deleted" : i.read ? "read" : "unread";
  return `message ${i.messageId}: kept` + (i.owner ? ` for ${i.owner}` : "") + `, ${state}`;
}

// The facts as a definition list; each dd carries data-fact with its field's name.
export function facts(x) {
  const rows = [];
  const add = (name, label, value) => {
    if (x[name] === undefined || x[name] === null) return;
    rows.push(el("dt", {}, label), el("dd", { "data-fact": name }, value(x[name])));
  };
  add("via", "Via", via);
  add("variant", "Text", variant);
  add("dueAt", "Due", (at) => time(at) + (x.due ? ` (${x.due})` : ""));
  add("capped", "Frequency cap", cap);
  add("route", "Route", route);
  add("payload", x.payload?.service === "fcm" ? "Payload (FCM message)" : "Payload (APNs headers and body)", (p) => {
    const shown = p.service === "fcm" ? p.message : { headers: p.headers, body: p.body };
    return el("pre", { class: "payload", tabindex: "0", "aria-label": "Payload" }, JSON.stringify(p.error ? p : shown, null, 2));
  });
  add("attempts", "Attempts", (list) => (list.length ? el("ol", { class: "plain" }, list.map((a) => el("li", {}, attempt(a)))) : "none yet"));
  add("state", "State", (s) => s + (x.stateReason ? ": " + x.stateReason : "") + (x.nextAt ? `, next try at ${time(x.nextAt)}` : ""));
  add("receipts", "Receipts", (list) => el("ul", { class: "plain" },
    list.map((r) => el("li", {}, `${r.kind} at ${time(r.at)}` + (r.actionId ? ` (action ${r.actionId})` : "") + deviceFacts(r.facts)))));
  add("inbox", "Inbox", inbox);
  add("gone", "No longer kept", (gone) => gone.join(", ") + (x.judgedNow ? " (judged from the device as it is now)" : ""));
  return rows.length ? el("dl", { class: "facts explain-facts" }, rows) : null;
}

// The explanation panel for one publish and one device, in `box` (replacing what was
// there). Focus moves to its heading; Close gives it back to `opener`.
export async function openExplanation(box, publishId, deviceId, opener) {
  const body = el("div", { "aria-live": "polite" }, el("p", { class: "muted" }, "Loading…"));
  const heading = el("h2", { id: "explanation-title", tabindex: "-1" }, "Why? ", deviceId);
  const close = el("button", { type: "button", class: "secondary", id: "explanation-close", onclick: () => {
    clear(box);
    if (opener && opener.isConnected) opener.focus();
  } }, "Close");
  const panel = el("section", { class: "panel explanation", id: "explanation", "aria-labelledby": "explanation-title",
    "data-publish": publishId, "data-device": deviceId },
  el("div", { class: "explanation-head" }, heading, close),
  el("p", { class: "meta" }, `Publish ${publishId} and device ${deviceId}`), body);
  clear(box).append(panel);
  heading.focus();
  try {
    const x = await api("GET", appPath(`/publishes/${encodeURIComponent(publishId)}/devices/${encodeURIComponent(deviceId)}`));
    if (!panel.isConnected) return;
    clear(body).append(verdict(x), x.publishStatus ? el("p", { class: "meta" }, `The publish is ${x.publishStatus}.`) : null, facts(x));
    announce(x.reached === true ? "Reached" : x.reached === false ? "Not reached" : "Cannot be known");
  } catch (error) {
    if (panel.isConnected) clear(body).append(el("p", { class: "error", role: "alert" }, message(error)));
  }
}

// The "why?" link of a row: a button (it opens a panel, it goes nowhere) that reads like a link.
export function whyLink(box, publishId, deviceId, label) {
  const button = el("button", { type: "button", class: "link why", needs: "read", "data-publish": publishId, "data-device": deviceId,
    "aria-label": "why? " + label, onclick: () => openExplanation(box, publishId, deviceId, button) }, "why?");
  return button;
}

// "Why (not) this device?": any device id against the publish, for devices no list shows
// (those the publish did not reach).
export function explainForm(box, publishId) {
  const input = el("input", { id: "explain-device", name: "device", spellcheck: "false", placeholder: "dev_…", required: true });
  const form = el("form", { class: "panel", id: "explain-form", needs: "read", "aria-label": "Explain a device" },
    el("h2", {}, "Why did a device get it, or not?"),
    el("div", { class: "row" }, el("div", {}, el("label", { for: "explain-device" }, "Device id"), input),
      el("button", { type: "submit", id: "explain-go" }, "why?")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (input.value.trim()) openExplanation(box, publishId, input.value.trim(), input);
  });
  return form;
}
