// Devices: find by token, device id, user or interest; one device's registration and
// its last deliveries (its user links to the user's inbox).
import { api, appPath } from "./api.js";
import { el, clear, time, number } from "./dom.js";
import { whyLink } from "./explain.js";

const platforms = { apns: "APNs", fcm: "FCM" };

// A token as its first 8 and last 4 characters (the whole one in its title and the device's page).
function shortToken(token) {
  return token.length > 14 ? `${token.slice(0, 8)}…${token.slice(-4)}` : token;
}

// A user's id as the link to the user's inbox.
function userLink(userId) {
  return userId ? el("a", { href: "#/users/" + encodeURIComponent(userId) }, userId) : null;
}

export async function showDevices(main, deviceId) {
  const by = el("select", { id: "find-by", name: "by" },
    el("option", { value: "token" }, "Token"), el("option", { value: "deviceId" }, "Device id"),
    el("option", { value: "userId" }, "User"), el("option", { value: "interest" }, "Interest"));
  const value = el("input", { id: "find-value", name: "value", spellcheck: "false", required: true });
  const results = el("div", { id: "device-results", "aria-live": "polite" });
  const form = el("form", { class: "panel", role: "search", "aria-label": "Find devices" },
    el("div", { class: "row" },
      el("div", {}, el("label", { for: "find-by" }, "Find by"), by),
      el("div", {}, el("label", { for: "find-value" }, "Value"), value),
      el("button", { type: "submit", id: "find" }, "Find")));
  main.append(el("h1", {}, "Devices"), form, results);

  async function find(field, text) {
    clear(results);
    try {
      const data = await api("GET", appPath("/devices?" + new URLSearchParams({ [field]: text, limit: "50" })));
      if (!data.devices.length) { results.append(el("p", { class: "muted" }, "No device matches.")); return; }
      if (data.devices.length === 1) { await detail(data.devices[0]); return; }
      results.append(el("p", { class: "meta", id: "device-count" }, `${number(data.devices.length)} devices`),
        el("table", { id: "device-list" },
          el("thead", {}, el("tr", {}, ["Device", "Platform", "Token", "Locale", "User", "Interests", "State"].map((h) => el("th", { scope: "col" }, h)))),
          el("tbody", {}, data.devices.map((d) => el("tr", { "data-device": d.deviceId },
            el("td", {}, el("a", { href: "#/devices/" + encodeURIComponent(d.deviceId) }, d.deviceId)),
            el("td", { "data-field": "platform" }, platforms[d.platform] || d.platform),
            el("td", { "data-field": "token" }, el("code", { title: d.token }, shortToken(d.token))),
            el("td", { "data-field": "locale" }, d.locale || "—"),
            el("td", {}, userLink(d.userId)), el("td", {}, d.interests.join(", ")),
            el("td", { "data-field": "state" }, d.invalidatedAt ? "invalidated: " + (d.invalidReason || "") : "active"))))));
    } catch (error) {
      results.append(el("p", { class: "error", role: "alert" }, error.message));
    }
  }

  async function detail(device) {
    const data = await api("GET", appPath("/devices/" + encodeURIComponent(device.deviceId) + "/deliveries?limit=20"));
    const explanation = el("div", { id: "explanation-box" }); // a delivery's "why?"
    results.append(el("section", { class: "panel", "aria-labelledby": "device-title", id: "device-detail" },
      el("h2", { id: "device-title" }, "Device " + device.deviceId),
      el("dl", { class: "facts" },
        el("dt", {}, "Token"), el("dd", {}, device.token),
        el("dt", {}, "Platform"), el("dd", {}, platforms[device.platform] || device.platform),
        el("dt", {}, "Environment"), el("dd", {}, device.environment || "not applicable (FCM)"),
        el("dt", {}, "Registered"), el("dd", {}, time(device.createdAt)),
        el("dt", {}, "User"), el("dd", { id: "device-user" }, userLink(device.userId) || "none"),
        el("dt", {}, "Interests"), el("dd", {}, device.interests.length ? device.interests.join(", ") : "none"),
        el("dt", {}, "State"), el("dd", { id: "device-state" },
          device.invalidatedAt ? `invalidated at ${time(device.invalidatedAt)}: ${device.invalidReason || ""}` : "active"),
        el("dt", {}, "Locale"), el("dd", {}, device.locale || "not sent"),
        el("dt", {}, "Time zone"), el("dd", {}, device.timeZone || "not sent"),
        el("dt", {}, "App version"), el("dd", {}, device.appVersion || "not sent"),
        el("dt", {}, "Tags"), el("dd", {}, Object.keys(device.tags).length ? JSON.stringify(device.tags) : "none"),
        el("dt", {}, "Metadata"), el("dd", {}, JSON.stringify(device.metadata))),
      el("h2", {}, "Last deliveries"),
      data.deliveries.length ? el("table", {},
        el("thead", {}, el("tr", {}, ["Publish", "State", "Reason", "When", "Why"].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, data.deliveries.map((d) => el("tr", { "data-publish": d.publishId },
          el("td", {}, el("a", { href: "#/publishes/" + encodeURIComponent(d.publishId) }, d.publishId)),
          el("td", {}, d.state), el("td", {}, d.reason || ""), el("td", {}, time(d.updatedAt)),
          el("td", {}, whyLink(explanation, d.publishId, device.deviceId, "publish " + d.publishId))))))
        : el("p", { class: "muted" }, "None among the app's 50 latest publishes."),
      explanation));
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (value.value.trim()) find(by.value, value.value.trim());
  });
  if (deviceId) {
    by.value = "deviceId";
    value.value = deviceId;
    await find("deviceId", deviceId);
  }
  value.focus();
  return null;
}
