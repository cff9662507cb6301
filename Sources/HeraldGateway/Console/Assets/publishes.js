// The publishes list (refreshing itself while one runs) and one publish.
import { api, appPath, poll } from "./api.js";
import { el, clear, time, number, announce } from "./dom.js";
import { funnel, timeline, duration } from "./charts.js";
import { filterText } from "./filter.js";
import { whyLink, explainForm } from "./explain.js";
import { publishNotes } from "./publish-notes.js";

const active = new Set(["scheduled", "queued", "sending"]);

function title(publish) {
  const n = publish.notification || {};
  return n.title || n.body || "(no title)";
}

function target(publish) {
  const t = publish.target || { kind: "?", keys: [] };
  return `${t.kind}: ${t.keys.join(", ")}`;
}

// Delivery counters by name, e.g. "APNs: 2 of 3 sent · FCM: 1 of 1 sent" (byPlatform) or
// "de: 2 of 2 sent · default: 1 of 1 sent" (byLanguage).
const services = { apns: "APNs", fcm: "FCM" };
function split(counts) {
  const entries = Object.entries(counts || {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (!entries.length) return null;
  return entries.map(([name, c]) => {
    const lost = c.failed + c.invalidated;
    return `${services[name] || name}: ${number(c.sent)} of ${number(c.targeted)} sent` + (lost ? `, ${number(lost)} failed` : "")
      + (c.capped ? `, ${number(c.capped)} capped` : "");
  }).join(" · ");
}

// When it is sent: a time, or a local time in each device's zone ("09:00 on 2026-12-24 in each device's time zone").
function sendAtText(sendAt) {
  return typeof sendAt === "object" ? `${sendAt.localTime} on ${sendAt.date} in each device's time zone` : time(sendAt);
}

// A local-time publish's zones in the order they come: "Asia/Tokyo: 1 of 1 sent · Europe/Berlin: 0 of 1 sent, 1 waiting until …".
function timeZones(publish) {
  const zones = Object.entries(publish.byTimeZone || {}).sort((a, b) => a[1].dueAt - b[1].dueAt);
  if (!zones.length) return null;
  return zones.map(([zone, z]) => `${zone}: ${number(z.sent)} of ${number(z.targeted)} sent`
    + (z.waiting ? `, ${number(z.waiting)} waiting until ${time(z.dueAt)}` : "")).join(" · ");
}

// The frequency cap and what it held back: "At most 2 capped publishes per 1 d to a device; 5 held back".
function frequencyCap(publish) {
  const cap = publish.frequencyCap;
  const publishes = cap.max === 1 ? "publish" : "publishes";
  return `At most ${number(cap.max)} capped ${publishes} per ${duration(cap.window)} to a device; ${number(publish.capped || 0)} held back`;
}

function failuresList(publish) {
  const reasons = Object.entries(publish.failures || {});
  if (!reasons.length) return null;
  return el("ul", { class: "failures", "aria-label": "Failures by reason" },
    reasons.map(([reason, count]) => el("li", {}, `${reason}: ${number(count)}`)));
}

export function showPublishes(main) {
  const list = el("ul", { class: "list", id: "publish-list", "aria-label": "Publishes" });
  const note = el("p", { class: "muted" },
    "The 50 latest publishes (not the gateway's own inbox syncs). The list refreshes every second while one is running.");
  main.append(el("h1", {}, "Publishes"), note, list);
  let publishes = [];
  let lastDrawn = "";
  return poll(async () => {
    const data = await api("GET", appPath("/publishes?limit=50"));
    publishes = data.publishes;
    // Redraw only what changed: focus (a keyboard user's place in the list) survives a refresh.
    const drawn = JSON.stringify(publishes);
    if (drawn === lastDrawn) return;
    lastDrawn = drawn;
    clear(list);
    if (!publishes.length) list.append(el("li", { class: "panel muted" }, "No publishes yet. Compose one."));
    for (const publish of publishes) {
      list.append(el("li", { class: "panel publish", "data-publish": publish.publishId, "data-status": publish.status },
        el("div", {},
          el("h2", {}, el("a", { href: "#/publishes/" + encodeURIComponent(publish.publishId) }, title(publish))),
          el("p", { class: "meta" }, el("span", { class: "badge " + publish.status }, publish.status), " · ", target(publish),
            " · ", time(publish.createdAt)),
          el("p", { class: "meta" }, publish.publishId),
          failuresList(publish), publishNotes(publish)),
        funnel(publish, "Funnel of " + title(publish))));
    }
  }, () => publishes.some((p) => active.has(p.status)), 1000, 5000);
}

export function showPublish(main, id) {
  const heading = el("h1", {}, "Publish");
  const header = el("div", {});
  const funnelBox = el("div", { class: "panel" });
  const overTime = el("div", { class: "panel" });
  const reasons = el("div", { class: "panel" });
  const devices = el("div", { class: "panel", id: "failed-devices" });
  // A device's explanation ("why?" on a failed device, or any device id in the form).
  const explanation = el("div", { id: "explanation-box" });
  main.append(el("p", {}, el("a", { href: "#/publishes" }, "← All publishes")), heading, header, funnelBox, overTime, reasons, devices,
    explainForm(explanation, id), explanation);
  let publish = null;
  let failedShown = -1;
  let lastDrawn = "";

  async function cancel() {
    try {
      await render(await api("DELETE", appPath("/publishes/" + encodeURIComponent(id))));
      announce("Publish cancelled");
      document.getElementById("publish-status").focus();
    } catch (error) {
      alertText(header, error.message);
    }
  }

  const stop = poll(async () => {
    let loaded;
    try {
      loaded = await api("GET", appPath("/publishes/" + encodeURIComponent(id)));
    } catch (error) {
      clear(header).append(el("p", { class: "error", role: "alert" }, error.message));
      publish = { status: "done" };
      throw error;
    }
    await render(loaded);
  }, () => publish && active.has(publish.status), 1000, 10000);
  // The timeline drawn again at a new width (a window resized, a phone turned) from the answer it has.
  const resized = () => { if (overTime.timeline) drawTimeline(overTime, id, overTime.timeline); };
  window.addEventListener("resize", resized);
  return () => { stop(); window.removeEventListener("resize", resized); };

  async function render(loaded) {
    if (publish && active.has(publish.status) && !active.has(loaded.status)) announce(`Publish ${loaded.status}`);
    publish = loaded;
    heading.textContent = title(publish);
    const n = publish.notification || {};
    const drawn = JSON.stringify(publish);
    if (drawn !== lastDrawn) clear(header).append(el("div", { class: "panel" },
      el("dl", { class: "facts" },
        el("dt", {}, "Status"), el("dd", {}, el("span", { class: "badge " + publish.status, id: "publish-status", tabindex: "-1" }, publish.status)),
        el("dt", {}, "Id"), el("dd", {}, publish.publishId),
        el("dt", {}, "Target"), el("dd", {}, target(publish)),
        publish.filter ? [el("dt", {}, "Filter"), el("dd", { id: "publish-filter" }, filterText(publish.filter))] : null,
        split(publish.byPlatform) ? [el("dt", {}, "By platform"), el("dd", { id: "publish-platforms" }, split(publish.byPlatform))] : null,
        split(publish.byLanguage) ? [el("dt", {}, "By language"), el("dd", { id: "publish-languages" }, split(publish.byLanguage))] : null,
        publish.frequencyCap ? [el("dt", {}, "Frequency cap"), el("dd", { id: "publish-cap" }, frequencyCap(publish))] : null,
        n.subtitle ? [el("dt", {}, "Subtitle"), el("dd", {}, n.subtitle)] : null,
        n.body ? [el("dt", {}, "Body"), el("dd", {}, n.body)] : null,
        el("dt", {}, "Created"), el("dd", {}, time(publish.createdAt)),
        publish.sendAt ? [el("dt", {}, "Send at"), el("dd", { id: "publish-send-at" }, sendAtText(publish.sendAt))] : null,
        timeZones(publish) ? [el("dt", {}, "By time zone"), el("dd", { id: "publish-zones" }, timeZones(publish))] : null),
      publish.status === "scheduled" || publish.status === "queued" || publish.status === "sending"
        ? el("p", { needs: "publish" }, el("button", { type: "button", class: "danger", id: "publish-cancel", onclick: cancel }, "Cancel this publish"))
        : null));
    if (drawn !== lastDrawn) clear(funnelBox).append(el("h2", {}, "Funnel"), publishNotes(publish, "publish-notes") || "", funnel(publish, "Funnel"));
    if (drawn !== lastDrawn || !overTime.firstChild) await drawTimeline(overTime, id);
    lastDrawn = drawn;
    const list = Object.entries(publish.failures || {});
    clear(reasons).append(el("h2", {}, "Failures by reason"),
      list.length ? el("table", {}, el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "Reason"), el("th", { scope: "col" }, "Deliveries"))),
        el("tbody", {}, list.map(([reason, count]) => el("tr", {}, el("td", {}, reason), el("td", {}, number(count))))))
        : el("p", { class: "muted" }, "No failures."));
    const failedNow = (publish.failed || 0) + (publish.invalidated || 0);
    if (failedNow !== failedShown) {
      failedShown = failedNow;
      const data = await api("GET", appPath("/publishes/" + encodeURIComponent(id) + "/failures?limit=100"));
      clear(devices).append(el("h2", {}, "Devices that failed"),
        data.failures.length ? el("table", {},
          el("thead", {}, el("tr", {}, ["Device", "Token", "Reason", "When", "Why"].map((h) => el("th", { scope: "col" }, h)))),
          el("tbody", {}, data.failures.map((f) => el("tr", { "data-token": f.token },
            el("td", {}, f.deviceId ? el("a", { href: "#/devices/" + encodeURIComponent(f.deviceId) }, f.deviceId) : "(no device)"),
            el("td", {}, f.token), el("td", {}, (f.state === "invalidated" ? "invalidated: " : "") + (f.reason || "")), el("td", {}, time(f.updatedAt)),
            el("td", {}, f.deviceId ? whyLink(explanation, id, f.deviceId, "device " + f.deviceId) : null)))))
          : el("p", { class: "muted" }, "None."));
    }
  }
}

const lines = [["sent", "Sent", "line1"], ["delivered", "Delivered", "line2"], ["opened", "Opened", "line3"], ["failed", "Failed", "line4"]];

// The publish over time, from the gateway's records (or `known`, the last answer): each series summed bucket by bucket.
async function drawTimeline(box, id, known) {
  const data = known || await api("GET", appPath("/publishes/" + encodeURIComponent(id) + "/timeline?buckets=60"));
  box.timeline = data;
  const totals = { sent: 0, delivered: 0, opened: 0, failed: 0 };
  const samples = data.series.sent.map((_, i) => {
    totals.sent += data.series.sent[i];
    totals.delivered += data.series.delivered[i];
    totals.opened += data.series.opened[i];
    totals.failed += data.series.failed[i] + data.series.invalidated[i];
    return { t: i * data.bucketSeconds, values: { ...totals } };
  });
  const end = samples.length * data.bucketSeconds;
  const summary = `Sent ${number(totals.sent)}, delivered ${number(totals.delivered)}, opened ${number(totals.opened)}, `
    + `failed ${number(totals.failed)} within ${duration(end)} of the start`;
  const note = `Running totals in steps of ${duration(data.bucketSeconds)} from ${time(data.start)}: `
    + "deliveries by when they finished, receipts by the time the device gave.";
  // As wide as the panel's content, so that its text keeps its size.
  const style = getComputedStyle(box);
  const width = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  clear(box).append(el("h2", {}, "Over time"), el("p", { class: "meta", id: "timeline-note" }, note),
    // Ten steps at least, so that a publish done in a second still has a few times on its axis.
    timeline(samples, Math.max(end, 10 * data.bucketSeconds), lines, summary, { start: data.start, width: width > 0 ? width : 640 }));
}

function alertText(node, message) {
  node.append(el("p", { class: "error", role: "alert" }, message));
}
