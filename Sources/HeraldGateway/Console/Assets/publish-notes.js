// What a publish's counters alone do not say, on its card and above its funnel: deliveries
// held back by its frequency cap, a target that matched no device, and deliveries waiting
// on a paused route (`paused`: the routes, why, since when and the fix).
import { el, time, number } from "./dom.js";
import { duration } from "./charts.js";

function plural(count, one, many) {
  return `${number(count)} ${count === 1 ? one : many}`;
}

// "at most 2 capped publishes per 1 d to a device"
export function capRule(cap) {
  return `at most ${plural(cap.max, "capped publish", "capped publishes")} per ${duration(cap.window)} to a device`;
}

// Why and since when a route is paused: "no credentials since …, next try …".
export function pausedReason(route) {
  return `${route.reason} since ${time(route.since)}` + (route.retryAt ? `, next try ${time(route.retryAt)}` : "");
}

// One paused route: "apns-sandbox paused — no credentials since …, next try …. Fix: …".
function pausedRoute(route) {
  return `${route.route} paused — ${pausedReason(route)}.` + (route.fix ? ` Fix: ${route.fix}` : "");
}

function capped(publish) {
  if (!publish.capped) return null;
  const rule = publish.frequencyCap ? ` (${capRule(publish.frequencyCap)})` : "";
  const text = publish.capped === publish.targeted
    ? `Capped: all ${plural(publish.targeted, "device", "devices")} had their share of capped publishes already${rule}, so none was sent.`
    : `Capped: ${number(publish.capped)} of ${plural(publish.targeted, "device", "devices")} held back by the frequency cap${rule}.`;
  return el("p", { class: "note", "data-note": "capped" }, text);
}

function empty(publish) {
  if (publish.status !== "done" || publish.targeted !== 0) return null;
  const t = publish.target || { kind: "?", keys: [] };
  const named = t.keys && t.keys.length ? `${t.kind}: ${t.keys.join(", ")}` : t.kind;
  return el("p", { class: "note", "data-note": "empty" },
    `Reached no devices: the target (${named}) matched none when it was sent. Check the target: an interest no device `
    + "has subscribed to, users or device ids the app does not know (or whose devices are gone), or a filter no device matches.");
}

function paused(publish) {
  const p = publish.paused;
  if (!p || !p.count) return null;
  return el("div", { class: "note", "data-note": "paused" },
    el("p", {}, el("strong", {}, `${number(p.count)} waiting:`)),
    (p.routes || []).map((route) => el("p", { "data-route": route.route }, pausedRoute(route))));
}

// The notes that apply, in a box (`id` for the page's), or null when none does.
export function publishNotes(publish, id) {
  const notes = [paused(publish), capped(publish), empty(publish)].filter(Boolean);
  return notes.length ? el("div", { class: "notes", id }, notes) : null;
}
