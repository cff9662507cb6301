import Foundation
import HeraldHTTP
import HeraldShared
import HeraldStore

extension GatewayAPI {
    /// The console's page, its assets and its session (the JSON it reads is the API's: `apiRoutes`).
    static let consoleRoutes: [Route] = [
        Route(method: "GET", pattern: ["console"], name: "console", access: nil, scope: nil, place: .loop) { api, context in
            api.consoleAsset("index.html", context.request)
        },
        Route(method: "GET", pattern: ["console", ":asset"], name: "console", access: nil, scope: nil, place: .loop) { api, context in
            api.consoleAsset(context.parameters["asset"] ?? "", context.request)
        },
        Route(method: "POST", pattern: ["v1", "console", "session"], name: "console_sign_in", access: nil, scope: nil, maxBody: signInBodyBytes) {
            try $0.signIn($1)
        },
        Route(method: "GET", pattern: ["v1", "console", "session"], name: "console_session", access: nil, scope: nil) { try $0.sessionInfo($1) },
        Route(method: "DELETE", pattern: ["v1", "console", "session"], name: "console_sign_out", access: nil, scope: nil) { try $0.signOut($1) },
        // People (`GatewayAPI+People`): invites, TOTP, sessions; each checks the person's cookie itself.
        Route(
            method: "POST", pattern: ["v1", "console", "invites", "accept"], name: "accept_invite", access: nil, scope: nil,
            maxBody: signInBodyBytes
        ) { try $0.acceptInvite($1) },
        Route(method: "POST", pattern: ["v1", "console", "totp"], name: "start_totp", access: nil, scope: nil, maxBody: 0) {
            try $0.startTOTP($1)
        },
        Route(method: "POST", pattern: ["v1", "console", "totp", "confirm"], name: "confirm_totp", access: nil, scope: nil, maxBody: 256) {
            try $0.confirmTOTP($1)
        },
        Route(method: "GET", pattern: ["v1", "console", "sessions"], name: "list_sessions", access: nil, scope: nil) { try $0.listSessions($1) },
        Route(method: "DELETE", pattern: ["v1", "console", "sessions"], name: "end_other_sessions", access: nil, scope: nil) {
            try $0.endSessions($1)
        },
        Route(method: "DELETE", pattern: ["v1", "console", "sessions", ":session"], name: "end_session", access: nil, scope: nil) {
            try $0.endSessions($1)
        },
    ]

    /// The largest sign-in body (`{"appId", "serverKey"}` is well under it): a larger
    /// declared length is answered 413 before a byte is read. Sign-in needs no key, so its
    /// bodies also share only the small allowance for requests without one.
    static let signInBodyBytes = 4096

    /// Headers on every console answer: no inline script, no framing, no sniffing, no referrer
    /// beyond the origin. Images may come from any https or http URL: the compose preview
    /// shows the image URL being typed, as iOS would fetch it (the page sends no credentials
    /// with it, and a URL can only show an image, never run a script).
    static let consoleSecurityHeaders: [(String, String)] = [
        (
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https: http:; connect-src 'self'; "
                + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        ),
        ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "same-origin"), ("X-Frame-Options", "DENY"),
        ("Cross-Origin-Opener-Policy", "same-origin"),
    ]

    /// GET /console and /console/{asset}: the files built into the binary (ConsoleAssets).
    /// A request whose If-None-Match names the current ETag gets 304, without the file.
    func consoleAsset(_ name: String, _ request: HTTPRequest) -> HTTPResponse {
        guard let asset = ConsoleAssets.files[name] else {
            var response = HTTPResponse.error(.notFound("no console file \(name)"))
            response.headers += Self.consoleSecurityHeaders
            return response
        }
        // The page is small and must change with the binary: revalidate every time.
        let etag = "\"\(ConsoleAssets.version)\""
        let headers = [("Cache-Control", "no-cache"), ("ETag", etag)] + Self.consoleSecurityHeaders
        if Self.ifNoneMatch(request.header("if-none-match"), names: etag) { return HTTPResponse(status: 304, headers: headers) }
        return HTTPResponse(status: 200, headers: [("Content-Type", asset.contentType)] + headers, body: Array(asset.text.utf8))
    }

    /// Whether an If-None-Match value (one header, or several joined by commas) names `etag`:
    /// `*`, or a list of entity tags compared weakly (`W/"v"` names `"v"`), as RFC 9110 says.
    static func ifNoneMatch(_ value: String?, names etag: String) -> Bool {
        guard let value else { return false }
        return value.split(separator: ",").contains { item in
            let tag = item.trimmingCharacters(in: .whitespaces)
            return tag == "*" || tag == etag || tag == "W/" + etag
        }
    }

    /// POST /v1/console/session: `{"appId", "serverKey"}` (one operator with the app's
    /// server key) or `{"email", "password", "totp"?}` (a person, `signInPerson`) → a session cookie.
    func signIn(_ context: Context) throws -> HTTPResponse {
        try Self.checkConsoleRequest(context.request)
        let reader = try JSONObjectReader(try body(context))
        if reader.has("email") || reader.has("password") {
            try reader.allow(["email", "password", "totp"])
            return try signInPerson(reader, context)
        }
        try reader.allow(["appId", "serverKey"])
        if console.accountsOnly {
            throw APIError(
                403, "forbidden", "this gateway signs in people only (herald serve --console-accounts-only): sign in with your e-mail and password")
        }
        let appID = try reader.string("appId", required: true, maxLength: 200) ?? ""
        let key = try reader.string("serverKey", required: true, maxLength: 200) ?? ""
        let app = try store.app(id: appID, includingCredentials: false)
        let now = now()
        let client = console.client(of: context.request)
        // Wrong keys are counted per app id and client, apart from the API's buckets (see
        // ConsoleSignInLimiter). An id no app has is counted the same way, so that the
        // answers (401, then 429) do not tell which app ids exist.
        if let wait = signInLimiter.wait(app: appID, client: client, now: now) {
            throw Self.tooManySignIns(wait, "with wrong server keys for app \(appID) from this address", every: signInLimiter.interval)
        }
        let matches = APIKey.matches(key, storedHash: app?.serverKeyHash ?? String(repeating: "0", count: 64))
        guard let app, matches else {
            signInLimiter.failed(app: appID, client: client, now: now)
            throw APIError(
                401, "unauthorized",
                "that is not the server key of app \(appID): sign in with the app id and its server key (hsk_…), as 'herald app create' printed them"
            )
        }
        let session = ConsoleSession.make(appID: app.id, expiresAt: Int(now + ConsoleSession.lifetime))
        let cookie = session.setCookie(
            session.cookieValue(serverKeyHash: app.serverKeyHash), secure: secureCookie(context.request), now: now)
        var response = HTTPResponse.json(200, Self.sessionJSON(session, app: app))
        response.headers += [("Set-Cookie", cookie), ("Cache-Control", "no-store")] + Self.consoleSecurityHeaders
        return response
    }

    /// GET /v1/console/session: who the cookie signs in, or 401.
    func sessionInfo(_ context: Context) throws -> HTTPResponse {
        if AccountCookie.sessionID(in: context.request) != nil {
            let (session, account) = try personSession(context.request)
            var response = HTTPResponse.json(200, try personJSON(account, session))
            response.headers += [("Cache-Control", "no-store")] + Self.consoleSecurityHeaders
            return response
        }
        let (session, app) = try validSession(context.request)
        var response = HTTPResponse.json(200, Self.sessionJSON(session, app: app))
        response.headers += [("Cache-Control", "no-store")] + Self.consoleSecurityHeaders
        return response
    }

    /// DELETE /v1/console/session: ends the cookie's session on every gateway, if it is one,
    /// and clears the cookie (with or without a valid session).
    func signOut(_ context: Context) throws -> HTTPResponse {
        try Self.checkConsoleRequest(context.request)
        do {
            if let id = AccountCookie.sessionID(in: context.request) {
                if let (_, account) = try store.session(id: id, now: now()) { _ = try store.endSession(accountID: account.id, id: id) }
            } else {
                let (session, _) = try validSession(context.request)
                try store.endConsoleSession(appID: session.appID, id: session.id, expiresAt: Double(session.expiresAt), now: now())
            }
        } catch let error as APIError where error.status == 401 {
            // No valid session: nothing to end. (A store failure is answered 503: the
            // session would otherwise look ended while its cookie still worked.)
        }
        return HTTPResponse(
            status: 204,
            headers: [("Set-Cookie", ConsoleSession.clearCookie(secure: secureCookie(context.request))), ("Cache-Control", "no-store")]
                + Self.consoleSecurityHeaders)
    }

    /// The session the request's cookie carries, checked against the app's key; 401 otherwise.
    func validSession(_ request: HTTPRequest, appID: String? = nil) throws -> (ConsoleSession, AppRecord) {
        guard let cookie = ConsoleSession.cookie(in: request), !console.accountsOnly else { throw APIError.noSession }
        guard let (session, mac) = ConsoleSession.claimed(by: cookie), appID == nil || session.appID == appID,
            let app = try store.app(id: session.appID, includingCredentials: false),
            session.isValid(mac: mac, serverKeyHash: app.serverKeyHash, now: now()),
            try !store.consoleSessionEnded(id: session.id)
        else { throw APIError.noSession }
        return (session, app)
    }

    /// A request a console session makes may change something only with the console's own
    /// header (a cross-site form or image cannot send one; a cross-site fetch with it needs a
    /// CORS preflight the gateway never grants) and, when the browser says where it comes
    /// from, from this gateway's own origin.
    static func checkConsoleRequest(_ request: HTTPRequest) throws {
        guard request.method != "GET" && request.method != "HEAD" else { return }
        guard request.header("x-herald-console") == "1" else {
            throw APIError(403, "csrf", "a console request that changes something needs the header 'X-Herald-Console: 1'")
        }
        if let origin = request.header("origin") {
            let host = request.header("host") ?? ""
            guard origin == "http://" + host || origin == "https://" + host else {
                throw APIError(
                    403, "csrf", "the request's Origin \(origin) is not this gateway (\(host)); the console signs in only from its own page"
                )
            }
        }
    }

    func secureCookie(_ request: HTTPRequest) -> Bool {
        console.secureCookies || request.header("x-forwarded-proto")?.lowercased() == "https"
    }

    private static func sessionJSON(_ session: ConsoleSession, app: AppRecord) -> JSONValue {
        [
            "appId": .string(app.id), "appName": .string(app.name), "expiresAt": .double(Double(session.expiresAt)),
            "scopes": .array(Scope.keyScopes.map { .string($0.rawValue) }),
        ]
    }
}

extension APIError {
    static let noSession = APIError(
        401, "unauthorized", "no console session, or it expired, was signed out, or its app's server key was rotated: sign in again at /console")
}
