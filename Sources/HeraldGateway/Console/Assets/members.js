// Members (#/members, owners only: the `members` scope): the app's members with their role,
// since when and whether TOTP is on, and the invites not yet taken; a form that invites
// someone (the invite's link shown once, or the role given at once to a person who has an
// account); per member, a new role, a TOTP reset (a lost phone) and removal. The app keeps
// an owner: the gateway refuses to remove or demote the last one (409), and says so here.
import { api, appPath, session } from "./api.js";
import { el, clear, time, announce, message, shownOnce, showOnce } from "./dom.js";

const roles = [
  ["owner", "everything, members too"],
  ["admin", "everything but members"],
  ["sender", "publish and cancel, inbox messages, reads"],
  ["viewer", "reads only"],
];

function memberPath(email, rest = "") {
  return appPath("/members/" + encodeURIComponent(email) + rest);
}

function roleSelect(attributes, value) {
  return el("select", { name: "role", ...attributes },
    roles.map(([role, what]) => el("option", { value: role, selected: role === value }, `${role}: ${what}`)));
}

export async function showMembers(main, refresh) {
  const members = el("div", { id: "member-list" });
  const invites = el("div", { id: "invite-list" });
  const result = el("p", { id: "member-result", role: "status" });
  const onceBox = el("div", {});
  const email = el("input", { id: "invite-email", name: "email", type: "email", autocomplete: "off", spellcheck: "false", required: true });
  const role = roleSelect({ id: "invite-role" }, "viewer");
  const formError = el("p", { id: "invite-form-error", class: "error", role: "alert" });
  const add = el("button", { type: "submit", id: "invite-add" }, "Invite");
  const form = el("form", { class: "panel", "aria-labelledby": "invite-form-title", novalidate: true },
    el("h2", { id: "invite-form-title" }, "Invite someone"),
    el("label", { for: "invite-email" }, "E-mail"), email,
    el("label", { for: "invite-role" }, "Role"), role,
    el("p", { class: "meta" }, "Someone without an account gets a one-time link, valid for 72 hours, to set a password: send it to them yourself. "
      + "Someone with an account gets the role at once."),
    el("p", {}, add), formError);
  main.append(el("h1", {}, "Members"),
    el("p", { class: "muted" }, `The people who sign in to ${session.appName}, each with a role. A change holds from their next request, on every gateway.`),
    el("section", { class: "panel", "aria-labelledby": "members-title" }, el("h2", { id: "members-title" }, "Members"), members, result),
    onceBox, form,
    el("section", { class: "panel", "aria-labelledby": "invites-title" }, el("h2", { id: "invites-title" }, "Invites not yet taken"), invites));

  function say(text, failed = false) {
    result.className = failed ? "error" : "ok";
    result.textContent = text;
  }

  async function load() {
    const data = await api("GET", appPath("/members"));
    clear(members).append(el("div", { class: "scroll" }, el("table", { class: "team" },
      el("thead", {}, el("tr", {}, ["E-mail", "Role", "Member since", "TOTP", "Actions"].map((h) => el("th", { scope: "col" }, h)))),
      el("tbody", {}, data.members.map((member, index) => row(member, index))))));
    clear(invites).append(data.invites.length
      ? el("table", { class: "team" },
        el("thead", {}, el("tr", {}, ["E-mail", "Role", "Expires"].map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, data.invites.map((invite) => el("tr", { "data-invite": invite.email },
          el("td", {}, invite.email), el("td", {}, invite.role), el("td", {}, time(invite.expiresAt))))))
      : el("p", { class: "muted" }, "None."));
  }

  function row(member, index) {
    const you = member.email === session.email;
    const select = roleSelect({ id: `member-role-${index}`, "aria-label": `Role of ${member.email}` }, member.role);
    const change = el("button", { type: "button", class: "secondary", "data-action": "role" }, "Change role");
    change.addEventListener("click", () => act(change, async () => {
      if (select.value === member.role) throw new Error(`${member.email} is ${member.role} already: choose another role first.`);
      await api("PUT", memberPath(member.email), { role: select.value });
      say(`${member.email} is now ${select.value}.`);
      announce("Role changed");
      if (you) refresh();
    }));
    const reset = el("button", { type: "button", class: "secondary", "data-action": "reset-totp" }, "Reset TOTP");
    reset.addEventListener("click", () => act(reset, async () => {
      if (!window.confirm(`Turn off TOTP for ${member.email}? They sign in with their password alone until they turn it on again.`)) return;
      await api("DELETE", memberPath(member.email, "/totp"));
      say(`TOTP is off for ${member.email}.`);
    }));
    const remove = el("button", { type: "button", class: "danger", "data-action": "remove" }, "Remove");
    remove.addEventListener("click", () => act(remove, async () => {
      if (!window.confirm(`Remove ${member.email} from ${session.appName}? Their next request to the app is refused.`)) return;
      await api("DELETE", memberPath(member.email));
      say(`${member.email} is no longer a member.`);
      announce("Member removed");
      if (you) refresh();
    }));
    return el("tr", { "data-member": member.email, "data-role": member.role },
      el("td", {}, member.email, you ? el("span", { class: "meta" }, " (you)") : null),
      el("td", {}, el("div", { class: "inline" }, select, change)),
      el("td", {}, time(member.since)),
      el("td", { "data-field": "totp" }, member.totpEnabled ? "on" : "off"),
      el("td", {}, el("div", { class: "actions" }, member.totpEnabled ? reset : null, remove)));
  }

  // One action on a member; the list is read again after it, and a refusal (the last
  // owner's 409, a 404) is shown as the gateway wrote it.
  async function act(button, run) {
    button.disabled = true;
    result.textContent = "";
    try {
      await run();
      await load();
    } catch (error) {
      say(message(error), true);
    } finally {
      button.disabled = false;
    }
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    add.disabled = true;
    formError.textContent = "";
    try {
      const answer = await api("POST", appPath("/members"), { email: email.value.trim(), role: role.value });
      form.reset();
      if (answer.invite) {
        announce("Invite made");
        showOnce(onceBox, shownOnce("invite-url", `Invite link for ${answer.email}`, answer.url,
          `Send this link to ${answer.email}: the gateway shows it this once. Whoever opens it sets the password, so send it only to them.`,
          `It works once, until ${time(answer.expiresAt)}, for the role ${answer.role}.`));
      } else {
        clear(onceBox);
        say(`${answer.email} had an account already and is now ${answer.role} in this app.`);
      }
      await load();
    } catch (error) {
      formError.textContent = message(error);
    } finally {
      add.disabled = false;
    }
  });

  await load();
  return null;
}
