// Webhooks: the app's endpoints with their health and a form to add one (#/webhooks), and
// one endpoint (#/webhooks/ID) with its health, its last requests and what can be done to
// it: disable or enable, rotate its secret, replay events since a time, delete. A secret is
// shown once, when the gateway answers it (made, rotated), and never read back.
import { api, appPath, poll } from "./api.js";
import { el, clear, time, number, announce, message, shownOnce, showOnce } from "./dom.js";

const reasons = {
  disabled: "turned off (enabled: false)",
  gone: "gone: it answered 410",
  retries_exhausted: "retries exhausted: it failed past the retry schedule's last wait",
  backlog_full: "backlog full: more than 1,000,000 events waited for it",
  bad_events: "bad events: it asks for a type this gateway does not know",
};

function hookPath(id, rest = "") {
  return appPath("/webhooks/" + encodeURIComponent(id) + rest);
}

function stateBadge(hook, attributes = {}) {
  const state = hook.enabled ? "enabled" : "disabled";
  return el("span", { class: "badge " + state, "data-state": state, ...attributes }, state);
}

function reasonText(hook) {
  if (hook.enabled) return null;
  return reasons[hook.disabledReason] || hook.disabledReason || "disabled";
}

// "HTTP 503" or "no answer (connection refused)", at a time.
function answerText(status, error) {
  return (status !== null && status !== undefined ? `HTTP ${status}` : "no answer") + (error ? ` (${error})` : "");
}

function lastFailure(health) {
  if (!health.lastFailureAt) return "none";
  return `${time(health.lastFailureAt)}: ${answerText(health.lastFailureStatus, health.lastFailureError)}`;
}

function pending(health) {
  if (health.pendingCapped) return "more than 10,000 events";
  return `${number(health.pending)} ${health.pending === 1 ? "event" : "events"}`;
}

function nextAttempt(hook) {
  const at = hook.health.nextAttemptAt;
  if (!hook.enabled || at === null || at === undefined) return "none while disabled";
  if (at > Date.now() / 1000) return time(at);
  return hook.health.pending > 0 ? "now" : "when an event comes";
}

// An endpoint's health as terms and descriptions.
function healthFacts(hook) {
  const h = hook.health;
  return [
    el("dt", {}, "Last success"), el("dd", { "data-field": "last-success" }, h.lastSuccessAt ? time(h.lastSuccessAt) : "never"),
    el("dt", {}, "Last failure"), el("dd", { "data-field": "last-failure" }, lastFailure(h)),
    el("dt", {}, "Failures in a row"), el("dd", {}, number(h.failures)),
    el("dt", {}, "Pending"), el("dd", { "data-field": "pending" }, pending(h)),
    el("dt", {}, "Next request"), el("dd", {}, nextAttempt(hook)),
  ];
}

// The secret the gateway just answered, shown this once, with a note to store it.
function showSecret(box, secret, note) {
  showOnce(box, shownOnce("webhook-secret", "Signing secret", secret,
    "Store it now where your receiver reads it: the gateway shows it this once and never again.", note));
}

export function showWebhooks(main) {
  const list = el("ul", { class: "list", id: "webhook-list", "aria-label": "Webhook endpoints" });
  const secretBox = el("div", {});
  const url = el("input", { id: "webhook-url", name: "url", type: "url", required: true, spellcheck: "false", placeholder: "https://hooks.example.com/herald" });
  const events = el("input", { id: "webhook-events", name: "events", required: true, spellcheck: "false", placeholder: "delivery.failed, publish.*",
    "aria-describedby": "webhook-events-help" });
  const description = el("input", { id: "webhook-description", name: "description", maxlength: 500 });
  const result = el("p", { id: "webhook-form-error", class: "error", role: "alert" });
  const add = el("button", { type: "submit", id: "webhook-add" }, "Add endpoint");
  const form = el("form", { class: "panel", "aria-labelledby": "webhook-form-title", novalidate: true },
    el("h2", { id: "webhook-form-title" }, "Add an endpoint"),
    el("label", { for: "webhook-url" }, "URL"), url,
    el("label", { for: "webhook-events" }, "Events, comma-separated"), events,
    el("p", { class: "meta", id: "webhook-events-help" },
      "Types (delivery.failed), families (publish.*, delivery.*, device.*, receipt.*, inbox.*, user.*, activity.*) or * for every type. "
      + "It gets the events committed after it is made; replay sends older ones."),
    el("label", { for: "webhook-description" }, "Description (optional)"), description,
    el("p", {}, add), result);
  main.append(el("h1", {}, "Webhooks"),
    el("p", { class: "muted" }, "The gateway POSTs the app's events to these endpoints, signed as Standard Webhooks has it, in order, "
      + "retried until they are acknowledged. The list refreshes every few seconds."),
    list, secretBox, form);

  let hooks = [];
  let lastDrawn = "";
  async function load() {
    const data = await api("GET", appPath("/webhooks"));
    hooks = data.webhooks;
    // Redraw only what changed: focus (a keyboard user's place in the list) survives a refresh.
    const drawn = JSON.stringify(hooks);
    if (drawn === lastDrawn) return;
    lastDrawn = drawn;
    clear(list);
    if (!hooks.length) list.append(el("li", { class: "panel muted" }, "No endpoints yet. Add one below."));
    for (const hook of hooks) {
      const reason = reasonText(hook);
      list.append(el("li", { class: "panel webhook", "data-webhook": hook.id },
        el("h2", {}, el("a", { href: "#/webhooks/" + encodeURIComponent(hook.id) }, hook.url)),
        el("p", { class: "meta" }, stateBadge(hook), reason ? " " + reason : null, " · ", hook.events.join(", ")),
        hook.description ? el("p", { class: "meta" }, hook.description) : null,
        el("dl", { class: "facts health" }, healthFacts(hook))));
    }
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    add.disabled = true;
    result.textContent = "";
    const body = { url: url.value.trim(), events: events.value.split(",").map((e) => e.trim()).filter(Boolean) };
    if (description.value.trim()) body.description = description.value.trim();
    try {
      const hook = await api("POST", appPath("/webhooks"), body);
      form.reset();
      announce("Endpoint added");
      showSecret(secretBox, hook.secret, `It signs every request to ${hook.url}.`);
      await load();
    } catch (error) {
      result.textContent = message(error);
    } finally {
      add.disabled = false;
    }
  });

  const busy = () => hooks.some((h) => h.enabled && (h.health.pending > 0 || h.health.failures > 0));
  return poll(load, busy, 2000, 5000);
}

export function showWebhook(main, id) {
  const heading = el("h1", {}, "Webhook");
  const facts = el("div", { class: "panel" });
  const health = el("section", { class: "panel", id: "webhook-health", "aria-labelledby": "webhook-health-title" });
  const secretBox = el("div", {});
  const result = el("p", { id: "webhook-result", role: "status" });
  const toggle = el("button", { type: "button", id: "webhook-toggle", class: "secondary" }, "Disable");
  const rotate = el("button", { type: "button", id: "webhook-rotate", class: "secondary" }, "Rotate secret");
  const remove = el("button", { type: "button", id: "webhook-delete", class: "danger" }, "Delete endpoint");
  const since = el("input", { type: "datetime-local", id: "replay-since", name: "since", required: true, "aria-describedby": "replay-help" });
  const replay = el("form", { class: "row", "aria-label": "Replay events", novalidate: true },
    el("div", {}, el("label", { for: "replay-since" }, "Send again every event since (your local time)"), since),
    el("button", { type: "submit", id: "webhook-replay", class: "secondary" }, "Replay"));
  const attempts = el("section", { class: "panel", id: "webhook-attempts", "aria-labelledby": "webhook-attempts-title" });
  const actions = el("section", { class: "panel", "aria-labelledby": "webhook-actions-title", hidden: true },
      el("h2", { id: "webhook-actions-title" }, "Actions"),
      el("p", { class: "actions" }, toggle, rotate, remove),
      replay,
      el("p", { class: "meta", id: "replay-help" }, "Moves the endpoint's place in the log back to that time (never forward): it gets those "
        + "events again, with their ids, then the rest. It reaches back as far as the gateway keeps events. A replay does not enable a disabled endpoint."),
      result);
  main.append(el("p", {}, el("a", { href: "#/webhooks" }, "← All webhooks")), heading, facts, health, actions, secretBox, attempts);

  let hook = null;
  let lastFacts = "", lastAttempts = "";

  function say(text, failed = false) {
    result.className = failed ? "error" : "ok";
    result.textContent = text;
  }

  function render(loaded) {
    hook = loaded;
    heading.textContent = hook.url;
    toggle.textContent = hook.enabled ? "Disable" : "Enable";
    actions.hidden = false;
    const drawn = JSON.stringify(hook);
    if (drawn === lastFacts) return;
    lastFacts = drawn;
    const reason = reasonText(hook);
    clear(facts).append(el("dl", { class: "facts" },
      el("dt", {}, "State"), el("dd", {}, stateBadge(hook, { id: "webhook-state" }),
        reason ? el("span", { id: "webhook-reason" }, " " + reason) : null),
      el("dt", {}, "Id"), el("dd", {}, hook.id),
      el("dt", {}, "URL"), el("dd", { id: "webhook-url-text" }, hook.url),
      el("dt", {}, "Events"), el("dd", { id: "webhook-events-text" }, hook.events.join(", ")),
      el("dt", {}, "Description"), el("dd", { id: "webhook-description-text" }, hook.description || "none"),
      el("dt", {}, "Created"), el("dd", {}, time(hook.createdAt)),
      el("dt", {}, "Changed"), el("dd", {}, time(hook.updatedAt))));
    clear(health).append(el("h2", { id: "webhook-health-title" }, "Health"), el("dl", { class: "facts" }, healthFacts(hook)));
  }

  async function drawAttempts() {
    const data = await api("GET", hookPath(id, "/attempts?limit=50"));
    const drawn = JSON.stringify(data.attempts);
    if (drawn === lastAttempts && attempts.firstChild) return;
    lastAttempts = drawn;
    clear(attempts).append(el("h2", { id: "webhook-attempts-title" }, "Recent requests"),
      data.attempts.length ? el("div", { class: "scroll" }, el("table", { class: "attempts" },
        el("thead", {}, el("tr", {}, ["When", "Answer", "Error", "Events", "First event", "Took"].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, data.attempts.map((a) => {
          const ok = a.status !== null && a.status >= 200 && a.status < 300;
          return el("tr", { "data-ok": ok ? "true" : "false" },
            el("td", {}, time(a.at)),
            el("td", { class: ok ? "ok" : "error" }, a.status !== null ? `HTTP ${a.status}` : "no answer"),
            el("td", {}, a.error || ""), el("td", {}, number(a.events)), el("td", {}, a.firstEventId || ""),
            el("td", {}, a.duration < 1 ? `${number(Math.round(a.duration * 1000))} ms` : `${a.duration.toFixed(1)} s`));
        }))))
        : el("p", { class: "muted" }, "No requests yet: the gateway sends the events committed after the endpoint was made."));
  }

  // One action: its request, the endpoint as answered, and what to say.
  async function act(button, run) {
    button.disabled = true;
    result.textContent = "";
    try {
      await run();
    } catch (error) {
      say(message(error), true);
    } finally {
      button.disabled = false;
    }
  }

  toggle.addEventListener("click", () => act(toggle, async () => {
    const enabled = !hook.enabled;
    render(await api("PATCH", hookPath(id), { enabled }));
    const text = enabled ? "Endpoint enabled: it sends from the event where it stopped." : "Endpoint disabled: its place in the log is kept.";
    say(text);
    announce(enabled ? "Endpoint enabled" : "Endpoint disabled");
  }));
  rotate.addEventListener("click", () => act(rotate, async () => {
    const answer = await api("POST", hookPath(id, "/rotate-secret"));
    render(answer);
    say("Secret rotated.");
    showSecret(secretBox, answer.secret,
      `The old secret keeps signing beside it until ${time(answer.previousSecretExpiresAt)}: deploy the new one to your receiver before then.`);
  }));
  replay.addEventListener("submit", (event) => {
    event.preventDefault();
    const button = replay.querySelector("button");
    act(button, async () => {
      if (!since.value) throw new Error("Choose the time to replay from.");
      const seconds = new Date(since.value).getTime() / 1000;
      if (!Number.isFinite(seconds)) throw new Error("That time cannot be read.");
      render(await api("POST", hookPath(id, "/replay"), { since: seconds }));
      say(`Replaying every event kept since ${time(seconds)}: ${pending(hook.health)} pending.`);
      announce("Replay started");
    });
  });
  remove.addEventListener("click", () => act(remove, async () => {
    if (!window.confirm(`Delete the endpoint ${hook ? hook.url : id}? Its requests stop and its attempts are deleted.`)) return;
    await api("DELETE", hookPath(id));
    announce("Endpoint deleted");
    location.hash = "#/webhooks";
  }));

  let failed = false;
  return poll(async () => {
    let loaded;
    try {
      loaded = await api("GET", hookPath(id));
    } catch (error) {
      failed = true;
      clear(facts).append(el("p", { class: "error", role: "alert" }, message(error)));
      throw error;
    }
    failed = false;
    render(loaded);
    await drawAttempts();
  }, () => !failed && hook && hook.enabled && (hook.health.pending > 0 || hook.health.failures > 0), 1000, 5000);
}
