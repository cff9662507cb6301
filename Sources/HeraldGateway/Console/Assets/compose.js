// Compose: the gateway's own lint as you type (POST /lint runs a publish's checks), how many
// devices the target and its filter reach (POST /audience), the text in other languages
// (notification.localized), a preview of the banner as iOS shows it, light and dark,
// and in each language, and what the publish would do on chosen devices (compose-preview.js).
import { api, appPath, session, ApiError } from "./api.js";
import { el, clear, number, announce } from "./dom.js";
import { filterBuilder } from "./filter.js";
import { devicePreview } from "./compose-preview.js";

function field(id, label, attributes = {}, tag = "input") {
  const input = el(tag, { id, name: id, ...attributes });
  return [el("label", { for: id }, label), input];
}

function banner(scheme, values, language) {
  const image = /^https?:\/\//i.test(values.image) ? el("img", { class: "image", src: values.image, alt: "Attached image" }) : null;
  const caption = (scheme === "light" ? "iOS, light" : "iOS, dark") + (language ? ", " + language : "");
  return el("figure", { class: "phone " + scheme, "aria-label": `Preview${language ? ", " + language : ""}, ${scheme} appearance` },
    el("p", { class: "caption" }, caption),
    el("div", { class: "banner" },
      el("span", { class: "icon", "aria-hidden": "true" }),
      el("span", { class: "app" }, session.appName || "App"), el("span", { class: "when" }, "now"),
      values.title ? el("span", { class: "title" }, values.title) : null,
      values.subtitle ? el("span", { class: "subtitle" }, values.subtitle) : null,
      values.body ? el("span", { class: "body" }, values.body) : null,
      image));
}

export function showCompose(main) {
  const form = el("form", { class: "panel", "aria-labelledby": "compose-title", novalidate: true });
  const [titleLabel, title] = field("title", "Title", { maxlength: 1000 });
  const [subtitleLabel, subtitle] = field("subtitle", "Subtitle", { maxlength: 1000 });
  const [bodyLabel, body] = field("body", "Body", { maxlength: 4000 }, "textarea");
  const [linkLabel, link] = field("link", "Link (opens in the app)", { placeholder: "app://deploys/1290", spellcheck: "false" });
  const [imageLabel, image] = field("image", "Image URL (http or https)", { placeholder: "https://…", spellcheck: "false" });
  const kind = el("select", { id: "target-kind", name: "targetKind" },
    el("option", { value: "interests" }, "Interests"), el("option", { value: "users" }, "Users"), el("option", { value: "devices" }, "Device ids"),
    el("option", { value: "app" }, "Every device (filter only)"));
  const keys = el("input", { id: "target-keys", name: "targetKeys", placeholder: "deploys, releases", spellcheck: "false", "aria-describedby": "target-help" });
  const now = el("input", { type: "radio", name: "when", id: "when-now", value: "now", checked: true });
  const later = el("input", { type: "radio", name: "when", id: "when-later", value: "later" });
  const local = el("input", { type: "radio", name: "when", id: "when-local", value: "local" });
  const at = el("input", { type: "datetime-local", id: "send-at", name: "sendAt", "aria-label": "Send at (your local time)" });
  // The date and time only once a time is chosen (not while "Now" is).
  const whenShown = () => { at.hidden = now.checked; };
  for (const radio of [now, later, local]) radio.addEventListener("change", whenShown);
  whenShown();
  const lint = el("div", { class: "lint", id: "lint", role: "status", "aria-live": "polite" });
  const filter = filterBuilder(() => changed());
  const audience = el("p", { class: "meta", id: "audience", role: "status", "aria-live": "polite" });
  const result = el("p", { id: "send-result", role: "alert" });
  const send = el("button", { type: "submit", id: "send" }, "Send");
  // The text in other languages: one row per language tag (notification.localized).
  const languages = el("div", { id: "languages" });
  const rows = [];
  let languageCount = 0;
  function addLanguage() {
    const n = ++languageCount;
    const [tagLabel, tag] = field(`language-${n}-tag`, "Language tag", { placeholder: "de, pt-BR", spellcheck: "false", maxlength: 64 });
    const [rowTitleLabel, rowTitle] = field(`language-${n}-title`, "Title", { maxlength: 1000 });
    const [rowSubtitleLabel, rowSubtitle] = field(`language-${n}-subtitle`, "Subtitle", { maxlength: 1000 });
    const [rowBodyLabel, rowBody] = field(`language-${n}-body`, "Body", { maxlength: 4000 }, "textarea");
    const row = { tag, title: rowTitle, subtitle: rowSubtitle, body: rowBody };
    const box = el("fieldset", { class: "language" }, el("legend", {}, `Language ${n}`),
      tagLabel, tag, rowTitleLabel, rowTitle, rowSubtitleLabel, rowSubtitle, rowBodyLabel, rowBody,
      el("p", {}, el("button", { type: "button", class: "secondary", onclick: () => {
        rows.splice(rows.indexOf(row), 1);
        box.remove();
        changed();
      } }, `Remove language ${n}`)));
    rows.push(row);
    languages.append(box);
    tag.focus();
    changed();
  }
  form.append(
    el("h1", { id: "compose-title" }, "Compose"),
    titleLabel, title, subtitleLabel, subtitle, bodyLabel, body, linkLabel, link, imageLabel, image,
    el("h2", {}, "Other languages"),
    el("p", { class: "meta" }, "Each device gets the text of its locale (exact tag, then its language), else the one above."),
    languages, el("p", {}, el("button", { type: "button", id: "add-language", class: "secondary", onclick: addLanguage }, "Add a language")),
    el("div", { class: "row" },
      el("div", {}, el("label", { for: "target-kind" }, "Send to"), kind),
      el("div", {}, el("label", { for: "target-keys" }, "Names or ids, comma-separated"), keys)),
    el("p", { class: "meta", id: "target-help" }, "Interests and users reach every device subscribed or bound to them."),
    filter.node, audience,
    el("fieldset", {}, el("legend", {}, "When"),
      el("label", { for: "when-now" }, now, "Now"), el("label", { for: "when-later" }, later, "At"),
      el("label", { for: "when-local" }, local, "At this local time in each device's zone"), at),
    el("h2", {}, "Gateway lint"), lint,
    el("p", {}, send), result);
  const previews = el("div", { class: "previews", id: "preview", "aria-label": "Notification preview" });
  const onDevices = devicePreview(request);
  main.append(el("div", { class: "compose" }, form,
    el("section", { "aria-label": "Preview" }, el("h2", {}, "Preview"), previews, onDevices.node)));

  function request() {
    const notification = {};
    for (const [name, input] of [["title", title], ["subtitle", subtitle], ["body", body], ["link", link], ["image", image]]) {
      if (input.value.trim()) notification[name] = name === "body" || name === "title" || name === "subtitle" ? input.value : input.value.trim();
    }
    const localized = {};
    for (const row of rows) {
      const text = {};
      for (const name of ["title", "subtitle", "body"]) if (row[name].value.trim()) text[name] = row[name].value;
      if (row.tag.value.trim()) localized[row.tag.value.trim()] = text;
    }
    if (Object.keys(localized).length) notification.localized = localized;
    const publish = { notification };
    Object.assign(publish, target());
    if (later.checked && at.value) publish.options = { sendAt: new Date(at.value).toISOString().replace(/\.\d+Z$/, "Z") };
    // The field's "YYYY-MM-DDTHH:MM" as a date and a time each device's zone reads.
    if (local.checked && at.value) publish.options = { sendAt: { localTime: at.value.slice(11, 16), date: at.value.slice(0, 10) } };
    return publish;
  }

  // The target's fields: `interests`, `users` or `devices` with the names given, and the filter.
  function target() {
    const fields = {};
    if (kind.value !== "app") fields[kind.value] = keys.value.split(",").map((k) => k.trim()).filter(Boolean);
    const condition = filter.value();
    if (condition && kind.value !== "devices") fields.filter = condition;
    return fields;
  }

  function preview() {
    const values = { title: title.value, subtitle: subtitle.value, body: body.value, image: image.value.trim() };
    clear(previews).append(banner("light", values), banner("dark", values));
    for (const row of rows) {
      if (!row.tag.value.trim()) continue;
      previews.append(banner("light", { title: row.title.value, subtitle: row.subtitle.value, body: row.body.value, image: values.image },
        row.tag.value.trim()));
    }
  }

  let lintTimer = null, lintRun = 0;
  async function runLint() {
    const run = ++lintRun;
    try {
      const answer = await api("POST", appPath("/lint"), request(), [422]);
      if (run !== lintRun) return;
      clear(lint);
      if (answer.valid) lint.append(el("p", { class: "ok" }, "✓ The gateway would accept this publish."));
      for (const error of answer.errors) lint.append(el("p", { class: "error" }, `${error.field}: ${error.message}`));
      for (const warning of answer.warnings) lint.append(el("p", { class: "warning" }, "Warning: " + warning));
    } catch (error) {
      if (run === lintRun) clear(lint).append(el("p", { class: "error" }, error.message));
    }
  }
  // How many devices the target reaches now (POST /audience), for interests, users and
  // filters; a filter the gateway refuses says why here. A count no longer needed is
  // cancelled (the gateway runs one at a time per app, a few a second); while the gateway
  // still finishes the cancelled one, or past its rate, the new count asks again a moment later.
  let audienceRun = 0;
  let audienceAbort = null;
  async function countAudience() {
    const run = ++audienceRun;
    audienceAbort?.abort();
    audienceAbort = null;
    const fields = target();
    const named = fields.interests?.length || fields.users?.length || (kind.value === "app" && fields.filter);
    filter.node.hidden = kind.value === "devices";
    audience.className = "meta";
    if (!named) return void (audience.textContent = "");
    const abort = new AbortController();
    audienceAbort = abort;
    try {
      let answer;
      for (let tries = 0; ; tries++) {
        try {
          answer = await api("POST", appPath("/audience"), fields, [], abort.signal);
          break;
        } catch (error) {
          const later = error instanceof ApiError && (error.code === "count_running" || error.code === "rate_limited");
          if (!later || tries >= 20 || run !== audienceRun) throw error;
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
      }
      if (run !== audienceRun) return;
      const split = Object.entries(answer.byPlatform).map(([platform, n]) => `${platform === "fcm" ? "FCM" : "APNs"} ${number(n)}`);
      audience.textContent = `Reaches ${number(answer.devices)} device${answer.devices === 1 ? "" : "s"} now` + (split.length ? ": " + split.join(" · ") : "");
    } catch (error) {
      if (run !== audienceRun) return;
      audience.className = "meta error";
      audience.textContent = error instanceof ApiError ? error.message : "";
    }
  }
  function changed() {
    preview();
    onDevices.changed();
    clearTimeout(lintTimer);
    lintTimer = setTimeout(() => { runLint(); countAudience(); }, 300);
  }
  form.addEventListener("input", changed);
  form.addEventListener("change", changed);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    send.disabled = true;
    result.textContent = "";
    result.className = "";
    try {
      const answer = await api("POST", appPath("/publishes"), request());
      announce("Published " + answer.publishId);
      location.hash = "#/publishes/" + encodeURIComponent(answer.publishId);
    } catch (error) {
      result.className = "error";
      result.textContent = error instanceof ApiError ? error.message : String(error);
      send.disabled = false;
    }
  });
  preview();
  runLint();
  title.focus();
  return () => { clearTimeout(lintTimer); onDevices.stop(); };
}
