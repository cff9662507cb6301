// The compose page's preview on real devices: up to 5 device ids (typed, or picked from the
// target) or one user's devices, and for each what the publish being composed would do to it
// now (POST …/publishes/preview, publish scope): reached or why not, the text chosen, when
// it is due, the route and the payload, as a device's explanation says after sending
// (explain.js). It asks 400 ms after the last edit, one request at a time: an edit cancels
// the request under way (AbortController) and waits for it to end before asking again, as
// the audience count does. The gateway's refusals (400, an unknown device's 404) are shown
// in the panel.
import { api, appPath, ApiError } from "./api.js";
import { el, clear, message, number } from "./dom.js";
import { verdict, facts } from "./explain.js";

const MAX_DEVICES = 5;

// `publish()` is the body the compose page would POST to /publishes.
export function devicePreview(publish) {
  const by = el("select", { id: "preview-by", name: "previewBy" },
    el("option", { value: "devices" }, "Device ids"), el("option", { value: "users" }, "A user's devices"));
  const ids = el("input", { id: "preview-ids", name: "previewIds", spellcheck: "false", placeholder: "dev_…, dev_…",
    "aria-describedby": "preview-help" });
  const pick = el("button", { type: "button", class: "secondary", id: "preview-pick", needs: "read" }, "Pick from the target");
  const status = el("p", { class: "meta", id: "preview-status", role: "status", "aria-live": "polite" });
  const list = el("div", { id: "preview-devices" });
  const node = el("section", { class: "panel device-preview", id: "device-preview", "aria-labelledby": "device-preview-title", needs: "publish" },
    el("h2", { id: "device-preview-title" }, "On these devices"),
    el("div", { class: "row" },
      el("div", {}, el("label", { for: "preview-by" }, "Preview for"), by),
      el("div", {}, el("label", { for: "preview-ids" }, "Ids, comma-separated"), ids)),
    el("p", { class: "meta", id: "preview-help" }, `Up to ${MAX_DEVICES} device ids, or one user id. Nothing is sent or stored.`),
    el("p", {}, pick), status, list);

  function chosen() {
    return ids.value.split(",").map((k) => k.trim()).filter(Boolean);
  }
  function say(text, error = false) {
    status.className = error ? "meta error" : "meta";
    status.textContent = text;
  }

  // One request at a time: `run` numbers the edits; `abort` cancels the request under way
  // and `pending` is it, awaited before the next one starts.
  let timer = null, run = 0, abort = null, pending = null;
  async function ask() {
    const mine = ++run;
    abort?.abort();
    while (pending) await pending.catch(() => {});
    if (mine !== run) return;
    const keys = chosen();
    if (!keys.length) { clear(list); return say(""); }
    if (by.value === "devices" && keys.length > MAX_DEVICES) { clear(list); return say(`Choose at most ${MAX_DEVICES} devices.`, true); }
    if (by.value === "users" && keys.length > 1) { clear(list); return say("Choose one user.", true); }
    const controller = new AbortController();
    abort = controller;
    say("Asking the gateway…");
    const request = api("POST", appPath("/publishes/preview"), { publish: publish(), [by.value]: keys }, [], controller.signal);
    pending = request;
    try {
      const answer = await request;
      if (mine !== run) return;
      show(answer);
    } catch (error) {
      if (mine !== run || (error instanceof ApiError && error.code === "aborted")) return;
      clear(list);
      say(message(error), true);
    } finally {
      if (pending === request) pending = null;
      if (abort === controller) abort = null;
    }
  }

  function show(answer) {
    const reached = answer.devices.filter((d) => d.reached === true).length;
    say(answer.devices.length ? `${number(reached)} of ${number(answer.devices.length)} device${answer.devices.length === 1 ? "" : "s"} would be reached.`
      : "The user has no devices.");
    clear(list).append(el("div", {}, answer.devices.map((x) => el("article", { class: "preview-device", "data-device": x.deviceId },
      el("h3", {}, x.deviceId),
      x.device ? el("p", { class: "meta" }, [x.device.platform === "fcm" ? "FCM" : "APNs", x.device.locale, x.device.userId && "user " + x.device.userId]
        .filter(Boolean).join(" · ")) : null,
      verdict(x, true), facts(x))),
    answer.lint && answer.lint.length ? el("ul", { class: "plain", id: "preview-lint" },
      answer.lint.map((w) => el("li", { class: "warning" }, "Warning: " + w))) : null));
  }

  function changed() {
    clearTimeout(timer);
    timer = setTimeout(ask, 400);
  }

  // Up to 5 devices of the target: its device ids, else the first interest's or user's devices.
  pick.addEventListener("click", async () => {
    const body = publish();
    try {
      let found = body.devices || [];
      const query = body.interests?.length ? { interest: body.interests[0] } : body.users?.length ? { userId: body.users[0] } : null;
      if (!found.length && query) {
        const data = await api("GET", appPath("/devices?" + new URLSearchParams({ ...query, limit: String(MAX_DEVICES) })));
        found = data.devices.map((d) => d.deviceId);
      }
      if (!found.length) return say("The target names no devices, interests or users to pick from: type device ids.", true);
      by.value = "devices";
      ids.value = found.slice(0, MAX_DEVICES).join(", ");
      changed();
    } catch (error) {
      say(message(error), true);
    }
  });
  by.addEventListener("change", changed);
  ids.addEventListener("input", changed);

  return { node, changed, stop: () => { clearTimeout(timer); run++; abort?.abort(); } };
}
