import Foundation
import HeraldAuth
import HeraldHTTP
import HeraldShared
import HeraldStore

/// People in Herald Console: sign-in by e-mail and password (and a TOTP code), invites
/// accepted, TOTP turned on, sessions listed and ended (docs/console.md, "People").
extension GatewayAPI {
    /// POST /v1/console/session `{"email", "password", "totp"?}`: a person's session cookie.
    func signInPerson(_ reader: JSONObjectReader, _ context: Context) throws -> HTTPResponse {
        let email = EmailAddress.normalized(try reader.string("email", required: true, maxLength: 254) ?? "") ?? ""
        let password = try reader.string("password", required: true, maxLength: PasswordPolicy.maxLength) ?? ""
        let code = try reader.string("totp", maxLength: 10)
        let now = now()
        let client = console.client(of: context.request)
        let bucket = "account\u{0}" + email
        try checkSignInPace(bucket, client, now)
        let account = try store.account(email: email)
        // An unknown e-mail costs the same hash as a known one, so the time says nothing.
        let stored = account.flatMap { PasswordHash(encoded: $0.passwordHash) } ?? decoyHash
        guard let matches = passwordGate.run({ stored.matches(password) }) else { throw Self.passwordsBusy }
        guard let account, matches else {
            failedSignIn(bucket, client, now)
            throw APIError(401, "unauthorized", "wrong e-mail or password: sign in with the e-mail your invite named and the password you set")
        }
        if account.totpEnabled {
            guard let code, !code.isEmpty else {
                throw APIError(401, "totp_required", "this account signs in with a code from its authenticator app: give it as totp")
            }
            let totp = TOTP(secret: Base32.decode(account.totpSecret ?? "") ?? [])
            guard let step = totp.step(matching: code, at: now) else {
                failedSignIn(bucket, client, now)
                throw APIError(401, "unauthorized", "totp: that code is not the authenticator's now; give the code it shows")
            }
            guard try store.useTOTPStep(accountID: account.id, step: Int(step)) else {
                failedSignIn(bucket, client, now)
                throw APIError(401, "unauthorized", "totp: that code was used already; wait for the next one")
            }
        }
        return try startSession(account, context, now: now, status: 200)
    }

    /// Refuses (429) a sign-in that failed too often lately: for this account from this
    /// address, or from this address whatever the account.
    private func checkSignInPace(_ bucket: String, _ client: IPAddress?, _ now: Double) throws {
        if let wait = signInLimiter.wait(app: bucket, client: client, now: now) {
            throw Self.tooManySignIns(wait, "for this account from this address", every: signInLimiter.interval)
        }
        if let wait = addressSignInLimiter.wait(app: "people", client: client, now: now) {
            throw Self.tooManySignIns(wait, "from this address, whatever the account", every: addressSignInLimiter.interval)
        }
    }

    /// 429 with Retry-After for a sign-in refused `wait` seconds more.
    static func tooManySignIns(_ wait: Double, _ scope: String, every interval: Double) -> APIError {
        let seconds = max(1, Int(wait.rounded(.up)))
        return APIError(
            429, "rate_limited", "too many failed sign-ins \(scope): one more try every \(Int(interval)) s; retry after \(seconds) s",
            headers: [("Retry-After", String(seconds))])
    }

    /// Counts a failed sign-in for the account from this address, and for the address.
    private func failedSignIn(_ bucket: String, _ client: IPAddress?, _ now: Double) {
        signInLimiter.failed(app: bucket, client: client, now: now)
        addressSignInLimiter.failed(app: "people", client: client, now: now)
    }

    /// Makes a session for `account` and answers with its cookie.
    func startSession(_ account: AccountRecord, _ context: Context, now: Double, status: Int) throws -> HTTPResponse {
        let (token, value) = AccountCookie.make()
        let session = AccountSession(
            id: SHA256.hex(token), accountID: account.id, createdAt: now, expiresAt: now + AccountCookie.lifetime, lastSeenAt: now,
            address: console.client(of: context.request)?.description, userAgent: context.request.header("user-agent").map { String($0.prefix(200)) })
        try store.createSession(session)
        var response = HTTPResponse.json(status, try personJSON(account, session))
        let cookie = AccountCookie.setCookie(value, expiresAt: session.expiresAt, secure: secureCookie(context.request), now: now)
        response.headers += [("Set-Cookie", cookie), ("Cache-Control", "no-store")] + Self.consoleSecurityHeaders
        return response
    }

    /// The person the request's cookie signs in; 401 otherwise. Their last activity is
    /// written at most once a minute.
    func personSession(_ request: HTTPRequest) throws -> (AccountSession, AccountRecord) {
        guard let id = AccountCookie.sessionID(in: request), let (session, account) = try store.session(id: id, now: now()) else {
            throw APIError.noSession
        }
        let now = now()
        sessionUses.used(session.id, now: now) { try? store.touchSession(id: session.id, at: now) }
        return (session, account)
    }

    /// Who the session is and the apps they may open, with their role and scopes in each.
    func personJSON(_ account: AccountRecord, _ session: AccountSession) throws -> JSONValue {
        var apps: [JSONValue] = []
        for (appID, roleName) in try store.memberships(accountID: account.id) {
            guard let role = Role(rawValue: roleName), let app = try store.app(id: appID, includingCredentials: false) else { continue }
            apps.append([
                "appId": .string(appID), "appName": .string(app.name), "role": .string(role.rawValue),
                "scopes": .array(role.scopes.sorted().map { .string($0.rawValue) }),
            ])
        }
        return [
            "email": .string(account.email), "apps": .array(apps), "expiresAt": .double(session.expiresAt),
            "totpEnabled": .bool(account.totpEnabled),
        ]
    }

    /// POST /v1/console/invites/accept `{"invite", "password"}`: sets the password of a new
    /// account (or checks an existing account's), gives it the invite's role, signs it in.
    func acceptInvite(_ context: Context) throws -> HTTPResponse {
        try Self.checkConsoleRequest(context.request)
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["invite", "password"])
        let token = try reader.string("invite", required: true, maxLength: 100) ?? ""
        let password = try reader.string("password", required: true, maxLength: 1000) ?? ""
        let now = now()
        guard token.hasPrefix("hin_"), let invite = try store.invite(tokenHash: SHA256.hex(token)) else {
            throw ValidationError("invite", "is no invite: use the whole hin_… token the invite gave, or ask an owner for a new one")
        }
        if invite.usedAt != nil { throw ValidationError("invite", "was used already: sign in, or ask an owner for a new one") }
        if invite.expiresAt <= now { throw ValidationError("invite", "expired (invites last 72 hours): ask an owner for a new one") }
        let existing = try store.account(email: invite.email)
        var newHash = ""
        if let existing {
            // An account of another app: its password signs it in (paced as a sign-in is); an
            // invite sets no other.
            let bucket = "account\u{0}" + existing.email, client = console.client(of: context.request)
            try checkSignInPace(bucket, client, now)
            let stored = PasswordHash(encoded: existing.passwordHash) ?? decoyHash
            guard let matches = passwordGate.run({ stored.matches(password) }) else { throw Self.passwordsBusy }
            guard matches else {
                failedSignIn(bucket, client, now)
                throw ValidationError("password", "is not the password of \(invite.email), which has an account already: give that password")
            }
        } else {
            if let problem = PasswordPolicy.problem(password, email: invite.email) { throw ValidationError("password", problem) }
            guard let made = try passwordGate.run({ try PasswordHash.make(password, logN: console.passwordCost) }) else { throw Self.passwordsBusy }
            newHash = made.encoded
        }
        let account = try store.acceptInvite(
            tokenHash: invite.tokenHash,
            newAccount: AccountRecord(id: Identifier.make("acct_", bytes: 12), email: invite.email, passwordHash: newHash, createdAt: now),
            now: now)
        return try startSession(account, context, now: now, status: 201)
    }

    /// POST /v1/console/totp: a new secret for the signed-in person, pending until a code confirms it.
    func startTOTP(_ context: Context) throws -> HTTPResponse {
        try Self.checkConsoleRequest(context.request)
        let (_, account) = try personSession(context.request)
        let secret = try TOTP.newSecret()
        guard try store.setPendingTOTP(accountID: account.id, secret: Base32.encode(secret), now: now()) else {
            throw APIError(409, "conflict", "TOTP is on for this account already; an owner can reset it")
        }
        let uri = TOTP(secret: secret).uri(issuer: "Herald", account: account.email)
        var response = HTTPResponse.json(200, ["secret": .string(Base32.encode(secret)), "uri": .string(uri)])
        response.headers += [("Cache-Control", "no-store")]
        return response
    }

    /// POST /v1/console/totp/confirm `{"code"}`: turns TOTP on once a code of the pending secret is right.
    func confirmTOTP(_ context: Context) throws -> HTTPResponse {
        try Self.checkConsoleRequest(context.request)
        let (_, account) = try personSession(context.request)
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["code"])
        let code = try reader.string("code", required: true, maxLength: 10) ?? ""
        guard !account.totpEnabled else { throw APIError(409, "conflict", "TOTP is on for this account already") }
        guard let secret = account.totpSecret.flatMap(Base32.decode) else {
            throw APIError(409, "conflict", "no TOTP secret is pending: POST /v1/console/totp first")
        }
        guard let step = TOTP(secret: secret).step(matching: code, at: now()) else {
            throw ValidationError("code", "is not the authenticator's code now: add the secret to the app and give the code it shows")
        }
        try store.enableTOTP(accountID: account.id, step: Int(step), now: now())
        return .json(200, ["totpEnabled": true])
    }

    /// GET /v1/console/sessions: the signed-in person's sessions, newest first.
    func listSessions(_ context: Context) throws -> HTTPResponse {
        let (current, account) = try personSession(context.request)
        let sessions = try store.sessions(accountID: account.id, now: now())
        return .json(
            200,
            [
                "sessions": .array(
                    sessions.map { session in
                        [
                            "id": .string(String(session.id.prefix(16))), "createdAt": .double(session.createdAt),
                            "lastSeenAt": .double(session.lastSeenAt), "expiresAt": .double(session.expiresAt),
                            "address": session.address.map(JSONValue.string) ?? .null,
                            "userAgent": session.userAgent.map(JSONValue.string) ?? .null, "current": .bool(session.id == current.id),
                        ]
                    })
            ])
    }

    /// DELETE /v1/console/sessions[/{session}]: ends one session (by the id the list shows)
    /// or every other one; on every gateway from their next request.
    func endSessions(_ context: Context) throws -> HTTPResponse {
        try Self.checkConsoleRequest(context.request)
        let (current, account) = try personSession(context.request)
        guard let shown = context.parameters["session"] else {
            let ended = try store.endSessions(accountID: account.id, except: current.id)
            return .json(200, ["ended": .int(ended)])
        }
        let sessions = try store.sessions(accountID: account.id, now: now())
        guard shown.count == 16, let session = sessions.first(where: { $0.id.hasPrefix(shown) }),
            try store.endSession(accountID: account.id, id: session.id)
        else { throw APIError.notFound("you have no session \(shown.prefix(20)): GET /v1/console/sessions lists them") }
        return HTTPResponse(status: 204)
    }

    static let passwordsBusy = APIError(
        503, "busy", "the gateway is checking as many passwords as it may at once; retry in a moment", headers: [("Retry-After", "1")])
}
