// The app: bundle id, which environments have APNs credentials, key ids, certificate
// expiry, the FCM project and service account, the limits and quotas this gateway applies,
// and a warning for each route whose deliveries wait (paused) with what fixes it.
import { api, appPath } from "./api.js";
import { el, time, number } from "./dom.js";
import { pausedReason } from "./publish-notes.js";

function rate(value, unit) {
  return value === null || value === undefined ? "no limit" : `${number(value)} ${unit}`;
}

// Every quota the gateway answers, by name (herald serve --max-…); one it adds later shows by its key.
const QUOTAS = { interestsPerDevice: "Interests per device", devicesPerApp: "Devices", subscriptionsPerApp: "Subscriptions",
  eventsPerApp: "Receipts stored", inboxMessagesPerUser: "Messages per inbox" };

function quotas(quota) {
  const order = (name) => (name in QUOTAS ? Object.keys(QUOTAS).indexOf(name) : Infinity);
  return Object.entries(quota).sort(([a], [b]) => order(a) - order(b)).map(([name, value]) => [el("dt", {}, QUOTAS[name] || name),
    el("dd", { "data-quota": name }, value >= Number.MAX_SAFE_INTEGER ? "no limit" : number(value))]);
}

// A route the gateway holds deliveries on (no credentials, refused ones), with its fix.
function pausedBox(route) {
  return el("section", { class: "panel warning-box", "data-route": route.route, role: "status" },
    el("h2", {}, `${route.route} paused`), el("p", {}, pausedReason(route).replace(/^./, (c) => c.toUpperCase()) + "."),
    route.fix ? el("p", {}, `Fix: ${route.fix}`) : null);
}

export async function showApp(main) {
  const app = await api("GET", appPath("/settings"));
  main.append(el("h1", {}, app.name), ...(app.paused || []).map(pausedBox),
    el("section", { class: "panel", "aria-labelledby": "app-facts" }, el("h2", { id: "app-facts" }, "App"),
      el("dl", { class: "facts" },
        el("dt", {}, "App id"), el("dd", {}, app.appId),
        el("dt", {}, "Bundle id"), el("dd", { id: "bundle-id" }, app.bundleId),
        el("dt", {}, "Created"), el("dd", {}, time(app.createdAt)),
        el("dt", {}, "Client key for keyless devices"), el("dd", {}, app.legacyDeviceAccess ? "allowed (grace period)" : "no"),
        el("dt", {}, "Default time zone"), el("dd", { id: "default-time-zone" }, app.defaultTimeZone))),
    el("section", { class: "panel", "aria-labelledby": "app-apns" }, el("h2", { id: "app-apns" }, "APNs credentials"),
      el("table", {},
        el("thead", {}, el("tr", {}, ["Environment", "Method", "Key id / team id", "Certificate expires", "Endpoint"].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, app.credentials.map((c) => el("tr", {},
          el("td", {}, c.environment),
          el("td", {}, c.configured ? c.method : "none"),
          el("td", {}, c.keyId ? `${c.keyId} / ${c.teamId}` : ""),
          el("td", {}, c.method === "certificate" ? (c.certificateExpiresAt ? time(c.certificateExpiresAt) : "unreadable") : ""),
          el("td", {}, c.endpoint || (c.configured ? "Apple" : ""))))))),
    el("section", { class: "panel", "aria-labelledby": "app-fcm" }, el("h2", { id: "app-fcm" }, "FCM credentials"),
      app.fcm ? el("dl", { class: "facts" },
        el("dt", {}, "Project"), el("dd", { id: "fcm-project" }, app.fcm.projectId),
        el("dt", {}, "Service account"), el("dd", {}, app.fcm.clientEmail),
        el("dt", {}, "Endpoint"), el("dd", {}, app.fcm.endpoint || "Google"))
        : el("p", { class: "muted" }, "None: set them with herald app set-credentials --fcm-service-account FILE.")),
    el("section", { class: "panel", "aria-labelledby": "app-limits" }, el("h2", { id: "app-limits" }, "Limits"),
      el("dl", { class: "facts" },
        el("dt", {}, "Notifications"), el("dd", {}, rate(app.notificationsPerSecond, "per second")),
        el("dt", {}, "API, server key"), el("dd", {}, rate(app.apiRateLimits.serverPerSecond, "requests per second")),
        el("dt", {}, "API, client key"),
        el("dd", {}, rate(app.apiRateLimits.clientPerSecond, `requests per second per address, bursts of ${number(app.apiRateLimits.clientBurst)}`)),
        el("dt", {}, "API, device key"),
        el("dd", {}, rate(app.apiRateLimits.devicePerSecond, `requests per second per device, bursts of ${number(app.apiRateLimits.deviceBurst)}`))),
      el("h3", {}, "Quotas"), el("dl", { class: "facts", id: "quotas" }, quotas(app.quota))));
  return null;
}
