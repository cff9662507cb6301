// Signing in: a person by e-mail and password (and the authenticator's code when the
// account has TOTP on), or one operator with an app's server key; and an invite's page
// (#invite=hin_…), where an invited person sets a password. Each calls `done` with the
// gateway's answer (the session) once the cookie is set.
import { api, ApiError } from "./api.js";
import { el, clear, message } from "./dom.js";

function field(id, label, attributes) {
  return [el("label", { for: id }, label), el("input", { id, name: id, ...attributes })];
}

// The person's form: e-mail and password; the code field appears when the gateway answers
// totp_required, and the same request goes again with it.
function personForm(done) {
  const [emailLabel, email] = field("email", "E-mail", { type: "email", autocomplete: "username", required: true, spellcheck: "false" });
  const [passwordLabel, password] = field("password", "Password", { type: "password", autocomplete: "current-password", required: true });
  const [codeLabel, code] = field("totp", "Code from your authenticator app", {
    inputmode: "numeric", autocomplete: "one-time-code", pattern: "[0-9]{6}", maxlength: 6, spellcheck: "false", "aria-describedby": "totp-help" });
  const codeBox = el("div", { id: "totp-box", hidden: true }, codeLabel, code,
    el("p", { class: "meta", id: "totp-help" }, "This account signs in with a second step: give the 6-digit code the app shows now."));
  const error = el("p", { class: "error", id: "person-error", role: "alert" });
  const submit = el("button", { type: "submit", id: "person-sign-in" }, "Sign in");
  const form = el("form", { class: "panel signin", "aria-labelledby": "signin-title", novalidate: true },
    el("h1", { id: "signin-title" }, "Sign in to Herald Console"),
    el("p", { class: "muted" }, "With the e-mail your invite named and the password you set. The gateway answers with a session cookie this page cannot read."),
    emailLabel, email, passwordLabel, password, codeBox,
    el("p", {}, submit), error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const body = { email: email.value.trim(), password: password.value };
    if (!codeBox.hidden) body.totp = code.value.trim();
    submit.disabled = true;
    try {
      const info = await api("POST", "/v1/console/session", body);
      password.value = "";
      done(info);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === "totp_required") {
        codeBox.hidden = false;
        code.focus();
        return;
      }
      error.textContent = message(failure);
      (codeBox.hidden ? password : code).focus();
      code.value = "";
    } finally {
      submit.disabled = false;
    }
  });
  return { form, first: email };
}

// The operator's form: the app id and its server key, as `herald app create` printed them.
function keyForm(done) {
  const [appLabel, appField] = field("app-id", "App id", { autocomplete: "username", required: true, spellcheck: "false" });
  const [keyLabel, keyField] = field("server-key", "Server key", { type: "password", autocomplete: "current-password", required: true });
  const error = el("p", { class: "error", id: "signin-error", role: "alert" });
  const form = el("form", { class: "panel signin", "aria-labelledby": "key-signin-title" },
    el("h2", { id: "key-signin-title" }, "Sign in with an app's server key"),
    el("p", { class: "muted" }, "For one app, with every scope of its first server key: the app id and the key that 'herald app create' printed. The key is sent once and never kept."),
    appLabel, appField, keyLabel, keyField,
    el("p", {}, el("button", { type: "submit", id: "sign-in", class: "secondary" }, "Sign in with the key")),
    error);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      const info = await api("POST", "/v1/console/session", { appId: appField.value.trim(), serverKey: keyField.value.trim() });
      keyField.value = "";
      done(info);
    } catch (failure) {
      error.textContent = message(failure);
      keyField.focus();
    }
  });
  return form;
}

export function showSignIn(main, note, done) {
  const person = personForm(done);
  clear(main).append(person.form, keyForm(done));
  if (note) person.form.before(el("p", { class: "panel signin warning", id: "signin-note", role: "status" }, note));
  document.title = "Sign in · Herald Console";
  person.first.focus();
}

// #invite=hin_…: the invited person's password (twice), then the invite is accepted and
// they are signed in. The gateway's 400 names what is wrong (the password's length, a
// common one, a used or expired invite).
export function showInvite(main, invite, done) {
  const [passwordLabel, password] = field("invite-password", "Password", {
    type: "password", autocomplete: "new-password", required: true, "aria-describedby": "invite-help" });
  const [repeatLabel, repeat] = field("invite-repeat", "Repeat the password", { type: "password", autocomplete: "new-password", required: true });
  const error = el("p", { class: "error", id: "invite-error", role: "alert" });
  const submit = el("button", { type: "submit", id: "accept-invite" }, "Set password and sign in");
  const form = el("form", { class: "panel signin", "aria-labelledby": "invite-title", novalidate: true },
    el("h1", { id: "invite-title" }, "Set your password"),
    el("p", { class: "muted" }, "You were invited to an app on Herald Console. Choose the password you will sign in with, "
      + "together with the e-mail the invite was sent to."),
    passwordLabel, password,
    el("p", { class: "meta", id: "invite-help" }, "At least 12 characters, not your e-mail and not a common password: a few unrelated words make a strong one. "
      + "If you have an account already, give its password."),
    repeatLabel, repeat,
    el("p", {}, submit), error,
    el("p", { class: "meta" }, el("a", { href: "#/signin" }, "Sign in instead")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    if (password.value !== repeat.value) {
      error.textContent = "The two passwords differ: type the same one twice.";
      repeat.focus();
      return;
    }
    submit.disabled = true;
    try {
      const info = await api("POST", "/v1/console/invites/accept", { invite, password: password.value });
      password.value = repeat.value = "";
      done(info);
    } catch (failure) {
      error.textContent = message(failure);
      password.focus();
    } finally {
      submit.disabled = false;
    }
  });
  clear(main).append(form);
  document.title = "Set your password · Herald Console";
  password.focus();
}
