// The gateway's JSON API, with the session cookie the browser holds (HttpOnly: this page
// never sees it). Every request carries X-Herald-Console, which the gateway requires of a
// cookie-authenticated request that changes something (a cross-site page cannot send it).
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

// Who is signed in and to which app. A server key's session is one app with the key's
// scopes; a person's lists their apps (`apps`: appId, appName, role, scopes) and works in
// the one chosen (`appId`, with that app's `role` and `scopes`).
export const session = { appId: null, appName: null, scopes: [], email: null, role: null, apps: [], totpEnabled: false };

// Whether the session may use something: a scope in the current app ("publish", "read",
// "devices", "inbox", "users", "admin", "members"), or "person" (signed in by e-mail, not
// with a server key). Pages and controls ask this alone (dom.js hides by it).
export function can(need) {
  if (need === "person") return session.email !== null;
  return session.appId !== null && session.scopes.includes(need);
}

// Takes a sign-in's answer (POST or GET /v1/console/session, or an accepted invite).
export function setSession(info) {
  if (info.email !== undefined) {
    Object.assign(session, { email: info.email, apps: info.apps, totpEnabled: info.totpEnabled, appId: null, appName: null, scopes: [], role: null });
  } else {
    Object.assign(session, { email: null, apps: [], totpEnabled: false, appId: info.appId, appName: info.appName, scopes: info.scopes || [], role: null });
  }
}

// A person works in one of their apps at a time; false when it is none of theirs.
export function chooseApp(appId) {
  const app = session.apps.find((a) => a.appId === appId);
  if (!app) return false;
  Object.assign(session, { appId: app.appId, appName: app.appName, role: app.role, scopes: app.scopes });
  return true;
}

export function clearSession() {
  Object.assign(session, { appId: null, appName: null, scopes: [], email: null, role: null, apps: [], totpEnabled: false });
}

// `accept`: statuses besides 2xx whose JSON body is an answer, not an error (lint's 422).
export async function api(method, path, body, accept = [], signal = undefined) {
  const headers = { "X-Herald-Console": "1", Accept: "application/json" };
  const init = { method, headers, credentials: "same-origin", cache: "no-store", signal };
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (error.name === "AbortError") throw new ApiError(0, "aborted", "the request was cancelled");
    throw new ApiError(0, "network", "the gateway cannot be reached: " + error.message);
  }
  if (response.status === 204) return null;
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok && !accept.includes(response.status)) {
    const error = data && data.error ? data.error : { code: "http_" + response.status, message: response.statusText };
    if (response.status === 401 && path !== "/v1/console/session") window.dispatchEvent(new CustomEvent("herald-signed-out"));
    // A role changed or taken away since sign-in: the page reads the session again.
    if (response.status === 403 && error.code === "forbidden") window.dispatchEvent(new CustomEvent("herald-refused"));
    throw new ApiError(response.status, error.code, error.message);
  }
  return data;
}

// A path under the signed-in app.
export function appPath(rest) {
  return "/v1/apps/" + encodeURIComponent(session.appId) + rest;
}

// Polls `load` every `fast` ms while `busy()` says so, else every `slow` ms; returns the stop function.
export function poll(load, busy, fast, slow) {
  let stopped = false, timer = null;
  const step = async () => {
    if (stopped) return;
    try { await load(); } catch (error) { if (error instanceof ApiError && error.status === 401) return; }
    if (!stopped) timer = setTimeout(step, busy() ? fast : slow);
  };
  step();
  return () => { stopped = true; clearTimeout(timer); };
}
