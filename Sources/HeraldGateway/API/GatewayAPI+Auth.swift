import Foundation
import HeraldAuth
import HeraldHTTP
import HeraldShared
import HeraldStore

extension GatewayAPI {
    /// The app the bearer key belongs to and who the key says the caller is, if that key
    /// may use an endpoint needing `access` (on `device`, the path's device).
    ///
    /// An unknown app and a wrong key get the same 401 after the same work, so app ids
    /// cannot be probed: one query for the app's keys (never its APNs credentials, which
    /// only a known app would load), the same hashing and compares. Device keys are found
    /// by their hash (a SHA-256 of 256 random bits: the lookup reveals nothing a guess
    /// could use). The app returned has no credentials; no handler needs them.
    func authorize(_ request: HTTPRequest, appID: String, access: Access, device: String?) throws -> (AppRecord, Principal) {
        guard let key = try Self.bearerKey(request) else {
            try Self.checkConsoleRequest(request)
            guard AccountCookie.sessionID(in: request) != nil else {
                // A server-key session's cookie stands for the server key of the app it names.
                let (_, app) = try validSession(request, appID: appID)
                return (app, .server(.firstKey))
            }
            // A person acts with their role in the app, read at each request.
            let (_, account) = try personSession(request)
            guard let app = try store.app(id: appID, includingCredentials: false) else { throw APIError.wrongKey(appID) }
            guard let role = try store.role(appID: appID, accountID: account.id).flatMap(Role.init(rawValue:)) else {
                throw CallerRefusal(
                    actor: .member(account.email), appID: appID,
                    error: APIError(403, "forbidden", "\(account.email) is no member of app \(appID): an owner of the app can add you"))
            }
            return (app, .server(.member(email: account.email, role: role)))
        }
        let app = try store.app(id: appID, includingCredentials: false)
        let principal: Principal?
        let role = APIKey.role(of: key)
        if role == .device {
            principal = try store.deviceID(appID: appID, keyHash: APIKey.hash(key)).map(Principal.device)
        } else {
            // Hash and compare even for an unknown app, so the timing says nothing.
            let server = APIKey.matches(key, storedHash: app?.serverKeyHash ?? Self.noKeyHash)
            let client = APIKey.matches(key, storedHash: app?.clientKeyHash ?? Self.noKeyHash)
            if server {
                principal = .server(.firstKey)
            } else if client {
                principal = .client
            } else if role == .server, let record = try store.key(hash: APIKey.hash(key)), record.appID == appID {
                // A scoped key, found by its hash like a device key (whatever the app, so an
                // unknown app costs the same lookup).
                if let revoked = record.revokedAt {
                    throw CallerRefusal(
                        actor: .key(id: record.id, name: record.name), appID: appID,
                        error: APIError(
                            401, "key_revoked",
                            "key '\(record.name)' (\(record.id)) was revoked at \(RFC3339.string(revoked)): ask an admin of app \(appID) for a key"
                        ))
                }
                let now = now()
                keyUses.used(record.id, now: now) { try? store.touchKey(id: record.id, at: now, olderThan: now - LastUses.interval) }
                principal = .server(.key(record))
            } else {
                principal = nil
            }
        }
        guard let app, let principal else { throw APIError.wrongKey(appID) }
        try check(principal, may: access, app: app, device: device)
        return (app, principal)
    }

    /// Refuses a server key or a person whose scopes do not cover the route (403 naming the
    /// key's scopes or the person's role), to be recorded in the audit log.
    func checkScope(_ route: Route, _ principal: Principal, app: String, _ request: HTTPRequest) throws {
        guard let caller = principal.serverCaller, let scope = route.scope else { return }
        if let error = caller.refusal(scope, doing: route.audit ?? route.name.replacingOccurrences(of: "_", with: " ")) {
            throw CallerRefusal(actor: caller.actor, appID: app, error: error)
        }
    }

    /// The bearer key the request presents; nil when it presents a console session cookie
    /// instead; `missingKey` when it presents neither. Reads no store: a request without
    /// any key is refused on the event loop.
    static func bearerKey(_ request: HTTPRequest) throws -> String? {
        guard request.header("authorization") != nil else {
            guard ConsoleSession.cookie(in: request) != nil else { throw APIError.missingKey }
            return nil
        }
        guard let key = request.bearerToken, !key.isEmpty else { throw APIError.missingKey }
        return key
    }

    /// Whether the request presents a key or a session at all (see `bearerKey`).
    static func presentsKey(_ request: HTTPRequest) -> Bool {
        do {
            _ = try bearerKey(request)
            return true
        } catch {
            return false
        }
    }

    /// What an unknown app's keys are compared with: no key hashes to it.
    private static let noKeyHash = String(repeating: "0", count: 64)

    private func check(_ principal: Principal, may access: Access, app: AppRecord, device: String?) throws {
        switch (access, principal) {
        case (_, .server): return
        case (.server, _): throw APIError.needsServerKey
        case (.register, .client): return
        case (.register, .device): throw APIError.registerWithClientKey
        case (.device, .device(let id)):
            guard id == device else { throw APIError.wrongDevice(device ?? "") }
        case (.device, .client):
            // The grace period: the client key still acts for a device that has no key.
            guard app.legacyDeviceAccess else { throw APIError.deviceKeyRequired }
            if try store.deviceKeyState(appID: app.id, id: device ?? "") == .keyed { throw APIError.deviceKeyRequired }
        case (.events, .device): return
        case (.events, .client):
            guard app.legacyDeviceAccess else { throw APIError.deviceKeyRequired }
        }
    }

    /// The events' devices a principal may report for: its own device with a device key,
    /// keyless devices with the client key in the grace period, any with the server key.
    func checkEventDevices(_ deviceIDs: Set<String>, _ context: Context) throws {
        switch context.principal {
        case .device(let id)?:
            if let other = deviceIDs.first(where: { $0 != id }) { throw APIError.wrongDevice(other) }
        case .client?:
            for id in deviceIDs.sorted() where try store.deviceKeyState(appID: context.appID, id: id) == .keyed {
                throw APIError(
                    403, "device_key_required", "device \(id) has a device key: send its events with that key (Authorization: Bearer hdk_…)")
            }
        case .server?, nil: return
        }
    }

    /// Binding a device to a user needs the backend's word for it: a valid user token for
    /// that user and app, unless the server key (the backend itself) asks.
    func checkUserToken(_ token: String?, userID: String, field: String, _ context: Context) throws {
        guard context.principal?.serverCaller == nil else { return }
        guard let app = context.app else { throw APIError.missingKey }
        guard let token else {
            throw APIError(
                401, "user_token_required",
                "\(field): binding a device to user \(userID) needs a user token from the app's backend (an HS256 JWT with sub = the user id, aud = \(app.id)); see docs/gateway.md#user-tokens"
            )
        }
        do {
            let verifier = try UserTokenVerifier(appID: app.id, secret: app.userTokenSecret ?? "")
            try verifier.verify(token, userID: userID, now: now())
        } catch {
            throw APIError(401, "invalid_user_token", "\(field): \(error.message); nothing was changed")
        }
    }
}

extension APIError {
    static let deviceKeyRequired = APIError(
        403, "device_key_required",
        "this endpoint needs the device's own key (the deviceKey answered at registration) or the server key; the client key only registers devices"
    )
    static let registerWithClientKey = APIError(
        403, "forbidden", "register devices with the app's client key; a device key acts only on its own device")
    static func wrongDevice(_ id: String) -> APIError {
        APIError(
            403, "wrong_device",
            "this device key is not device \(id)'s: a device key acts only for the device it was issued to; register again to get this device's key"
        )
    }
}
