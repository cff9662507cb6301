import Foundation
import HeraldAuth
import HeraldHTTP
import HeraldShared
import HeraldStore

/// The gateway's HTTP API as a pure function of request to response: routing, keys,
/// validation, and the store. The HTTP server calls `head` on its event loops, which
/// decides there what needs no store (routing, 404 and 405, `/healthz` from the health
/// probe, `/metrics`, console files, a request without any key) and defers the rest (key
/// checks, handlers that read or write the store) to its handler threads.
public final class GatewayAPI: Sendable {
    public let store: any GatewayStore
    /// Seconds since 1970.
    let now: @Sendable () -> Double
    /// Called after a publish is committed, to wake the delivery workers.
    let onPublish: @Sendable () -> Void
    public let metrics: GatewayMetrics
    /// Largest request body accepted.
    public let maxBodyBytes: Int
    /// Requests per second per app, for the server key and for the client side.
    let rateLimiter: APIRateLimiter
    /// What one app's devices may store.
    public let quota: DeviceQuota
    /// SHA-256 of the token `/metrics` requires; `nil`: open, without per-app series.
    let metricsTokenHash: String?
    /// Where server-side failures are told, at most one line a second.
    let failureLog: ThrottledLog
    /// Cookies and proxies (`herald serve --console-secure-cookie`, `--trusted-proxy`).
    let console: ConsoleSettings
    /// Wrong server keys given at the console's sign-in, per app and client.
    let signInLimiter = ConsoleSignInLimiter()
    /// Failed sign-ins of people per client address, whatever the account: one address
    /// trying many accounts (a password spray) is slowed; the owner at another address is not.
    let addressSignInLimiter = ConsoleSignInLimiter(burst: 30, interval: 2)
    /// When scoped keys and people's sessions were last used, written at most once a minute each.
    let keyUses = LastUses()
    let sessionUses = LastUses()
    /// Password hashes computed at once (`PasswordGate`).
    let passwordGate = PasswordGate()
    /// What an unknown e-mail's password is checked against, at the configured cost, made
    /// on first use.
    private let decoy = Locked<PasswordHash?>(nil)
    var decoyHash: PasswordHash {
        decoy.withLock { decoy in
            if let decoy { return decoy }
            let made = (try? PasswordHash.make(Identifier.make(""), logN: console.passwordCost))
                ?? PasswordHash(logN: console.passwordCost, r: 8, p: 1, salt: [0], hash: [UInt8](repeating: 0, count: 32))
            decoy = made
            return made
        }
    }
    /// Audience counts: one at a time per app, a few a second.
    let audienceCounts = AudienceCountGate()
    /// The routes each app has credentials for (a registration's warning).
    let credentialRoutes = CredentialRoutes()
    /// The store's health probe, when one runs (`GatewayService` starts it); without one
    /// `/healthz` asks the store itself, on a handler thread.
    let health: StoreHealth?
    /// The event feed's long polls.
    let feedWaits: EventFeedWaits
    /// Webhook endpoints' bounds and the addresses they may reach.
    let webhooks: WebhookPolicy

    public init(
        store: any GatewayStore, metrics: GatewayMetrics = GatewayMetrics(), maxBodyBytes: Int = 1 << 20,
        rateLimits: APIRateLimits = APIRateLimits(), quota: DeviceQuota = DeviceQuota(), metricsToken: String? = nil,
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }, onPublish: @escaping @Sendable () -> Void = {},
        logger: any HeraldLogger = SilentLogger(), console: ConsoleSettings = ConsoleSettings(), health: StoreHealth? = nil,
        feedWaits: EventFeedWaits = EventFeedWaits(), webhooks: WebhookPolicy = WebhookPolicy()
    ) {
        self.webhooks = webhooks
        self.store = store
        self.feedWaits = feedWaits
        self.health = health
        self.console = console
        failureLog = ThrottledLog(logger)
        self.quota = quota
        metricsTokenHash = metricsToken.map(APIKey.hash)
        self.metrics = metrics
        self.maxBodyBytes = maxBodyBytes
        rateLimiter = APIRateLimiter(rateLimits)
        self.now = now
        self.onPublish = onPublish
    }

    /// Which keys an endpoint takes.
    enum Access: Sendable {
        /// The server key only.
        case server
        /// The client key (or the server key): registration.
        case register
        /// The device's own key for the `:device` in the path (or the server key; the
        /// client key during an app's grace period, for a device that has no key yet).
        case device
        /// Receipts: a device key for its own device, the server key for any device
        /// (the client key during the grace period, for keyless devices).
        case events
    }

    /// Who a request's key (or console session) says it is.
    enum Principal: Sendable, Hashable {
        /// The server's side of the app: a server key or a person, with their scopes.
        case server(ServerCaller)
        case client
        case device(String)

        var serverCaller: ServerCaller? {
            guard case .server(let caller) = self else { return nil }
            return caller
        }
    }

    /// Where a route's handler runs.
    enum Place: Sendable {
        /// On a handler thread: it reads or writes the store.
        case pool
        /// On the event loop, at once: it never touches the store.
        case loop
        /// On the event loop from the health probe when one runs; else on a handler thread.
        case probe
    }

    /// One route: method, path pattern, the key it needs, the handler, where it runs. A
    /// route with `access` is always decided on a handler thread (its key is looked up).
    /// Every route states its access (`nil`: no key), so a route cannot be keyless by omission.
    struct Route: Sendable {
        let method: String
        let pattern: [String]
        let name: String
        let access: Access?
        /// What a server key or a person needs to call it (`Scope`); nil for routes without
        /// a key. Device and client keys are held to `access` instead.
        let scope: Scope?
        /// The audit log's name for what a call does (`publish.create`); nil for a route
        /// that changes nothing. Calls by server keys and people are recorded (`AuditDraft`).
        var audit: String? = nil
        var place = Place.pool
        /// The largest body this route takes, when smaller than `maxBodyBytes`.
        var maxBody: Int?
        let handler: @Sendable (GatewayAPI, Context) throws -> HTTPResponse
    }

    /// What a handler gets: the request, path parameters, the app and the key's principal (when authorized).
    struct Context: Sendable {
        var request: HTTPRequest
        var parameters: [String: String]
        /// The app's keys and settings; its APNs credentials are not loaded (see `authorize`).
        var app: AppRecord?
        var principal: Principal?

        var appID: String { app?.id ?? "" }
    }

    /// Every route: the console's, then the API's.
    static let routes: [Route] = consoleRoutes + apiRoutes

    /// Decides on a request's head, before its body is read, on an event loop: the route
    /// (404 and 405 at once), the answers that need no store (health from the probe,
    /// metrics, console files, 401 for a request without any key), and otherwise a
    /// decision deferred to a handler thread: the key, the rate limit, then a body limit
    /// (0 for methods without a body) and the handler. A request refused before its body
    /// costs no body memory.
    public func head(_ request: HTTPRequest) -> HTTPHeadDecision {
        let started = DispatchTime.now().uptimeNanoseconds
        let route: Route
        let parameters: [String: String]
        switch Self.route(request) {
        case .refused(let response, let name):
            observe(response, route: name, app: nil, since: started)
            return .respond(response)
        case .found(let found, let foundParameters):
            route = found
            parameters = foundParameters
        }
        let context = Context(request: request, parameters: parameters, app: nil)
        if route.place == .loop || (route.place == .probe && health?.isProbing == true) {
            let response = run(route, context)
            observe(response, route: route.name, app: nil, since: started)
            return .respond(response)
        }
        guard let access = route.access else { return read(route, context) }
        // A request with no key at all is refused here; the key itself is looked up off the loop.
        guard Self.presentsKey(request) else {
            let response = HTTPResponse.error(.missingKey)
            observe(response, route: route.name, app: nil, since: started)
            return .respond(response)
        }
        return .defer { [self] request in
            var context = context
            do {
                let (app, principal) = try authorize(request, appID: parameters["app"] ?? "", access: access, device: parameters["device"])
                context.app = app
                context.principal = principal
                try admit(caller(principal, app: app.id, request))
                try checkScope(route, principal, app: app.id, request)
                return read(route, context)
            } catch let refusal as CallerRefusal {
                recordRefusal(refusal, route: route, context)
                let response = HTTPResponse.error(refusal.error)
                observe(response, route: route.name, app: refusal.appID, since: started)
                return .respond(response)
            } catch {
                let response = HTTPResponse.error(failure(error, route: route.name))
                observe(response, route: route.name, app: context.app?.id, since: started)
                return .respond(response)
            }
        }
    }

    /// Reads the body the route takes (none for methods without one; at most the route's
    /// own limit), then runs its handler on a handler thread. Its room in the body budget
    /// is its caller's share (`HTTPBodyBudget`): the server key's, one client address's
    /// and one app's for the other keys, the small allowance without a key.
    private func read(_ route: Route, _ context: Context) -> HTTPHeadDecision {
        let limit = route.method == "POST" || route.method == "PUT" || route.method == "PATCH" ? min(maxBodyBytes, route.maxBody ?? maxBodyBytes) : 0
        let owner =
            context.principal.map { principal in
                HTTPBodyOwner(
                    keyed: true, server: principal.serverCaller != nil, app: context.app?.id,
                    address: console.client(of: context.request)?.limitKey)
            } ?? .unkeyed
        return .read(limit: limit, owner: owner) { [self] request in
            let started = DispatchTime.now().uptimeNanoseconds
            var context = context
            context.request = request
            let response = runAudited(route, context)
            observe(response, route: route.name, app: context.app?.id, since: started)
            return response
        }
    }

    /// Answers one whole request; never throws, never crashes on input.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        answer(request, head(request))
    }

    /// What the server would do with `decision`, on this thread.
    private func answer(_ request: HTTPRequest, _ decision: HTTPHeadDecision) -> HTTPResponse {
        switch decision {
        case .defer(let decide):
            return answer(request, decide(request))
        case .respond(let response):
            return response
        case .read(let limit, _, let then):
            guard request.body.count <= limit else {
                return .error(APIError(413, "payload_too_large", "the request body is over \(limit) bytes"))
            }
            return then(request)
        }
    }

    private func observe(_ response: HTTPResponse, route: String, app: String?, since started: UInt64) {
        // A long poll is counted when it is answered (`EventFeedWaits`).
        guard response.later == nil else { return }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        metrics.observeRequest(route: route, app: app, status: response.status, seconds: seconds)
    }

    private enum Routing {
        case refused(HTTPResponse, route: String)
        case found(Route, [String: String])
    }

    /// A path's methods for `Allow`, in one order whatever the order of the route table.
    static func allowOrder(_ methods: [String]) -> [String] {
        let order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]
        return methods.sorted { (order.firstIndex(of: $0) ?? order.count, $0) < (order.firstIndex(of: $1) ?? order.count, $1) }
    }

    /// The request's route and path parameters, or its 404 or 405.
    private static func route(_ request: HTTPRequest) -> Routing {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: true).map { segment in
            segment.contains("%") ? segment.removingPercentEncoding ?? String(segment) : String(segment)
        }
        let matching =
            segments.contains { $0.unicodeScalars.contains("\0") }
            ? [] : Self.routes.compactMap { route in Self.match(route.pattern, segments).map { (route, $0) } }
        guard !matching.isEmpty else {
            return .refused(.error(.notFound("no endpoint \(request.path); see docs/openapi.yaml")), route: "unknown")
        }
        guard let (route, parameters) = matching.first(where: { $0.0.method == request.method }) else {
            let allowed = Self.allowOrder(matching.map(\.0.method)).joined(separator: ", ")
            let error = APIError(
                405, "method_not_allowed", "\(request.method) is not allowed on \(request.path); use \(allowed)",
                headers: [("Allow", allowed)])
            return .refused(.error(error), route: matching[0].0.name)
        }
        if let name = request.repeatedQueryName {
            let error = ValidationError(name, "is given more than once in the query; give each parameter once")
            return .refused(.error(.invalid(error)), route: route.name)
        }
        return .found(route, parameters)
    }

    func run(_ route: Route, _ context: Context) -> HTTPResponse {
        do {
            return try route.handler(self, context)
        } catch {
            return .error(failure(error, route: route.name))
        }
    }

    /// The answer to `error`; a server-side failure is logged with its detail (the SQL, the
    /// database's message), which the answer leaves out: a client may hold only the client key.
    func failure(_ error: any Error, route: String) -> APIError {
        let answer = Self.apiError(for: error)
        if answer.status >= 500 { failureLog.log(.error, "herald gateway: \(route): \(error)", now: now()) }
        return answer
    }

    static func apiError(for error: any Error) -> APIError {
        switch error {
        case let error as APIError: error
        case let error as ValidationError: .invalid(error)
        case let error as StoreError: apiError(error)
        default: APIError(500, "internal", "the gateway failed; its log has the details")
        }
    }

    static func apiError(_ error: StoreError) -> APIError {
        switch error.reason {
        case .notFound: return .notFound(error.message)
        case .limitExceeded: return APIError(409, "limit_exceeded", error.message)
        case .quotaExceeded: return APIError(409, "quota_exceeded", error.message)
        case .conflict: return APIError(409, "conflict", error.message)
        case .idempotencyKeyReused: return APIError(409, "idempotency_key_reused", error.message)
        case .unavailable:
            return APIError(503, "unavailable", "the database cannot be reached now; retry later", headers: [("Retry-After", "1")])
        case .timedOut:
            return APIError(
                503, "unavailable",
                "the request's work ran past the store timeout and was stopped (nothing was changed); a count or filter this costly is better narrowed",
                headers: [("Retry-After", "1")])
        case .database, .unsupportedSchema:
            return APIError(
                503, "unavailable", "the database failed; retry later (the gateway's log has the details)", headers: [("Retry-After", "1")])
        }
    }

    private static func match(_ pattern: [String], _ segments: [String]) -> [String: String]? {
        guard pattern.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (part, segment) in zip(pattern, segments) {
            if part.hasPrefix(":") {
                parameters[String(part.dropFirst())] = segment
            } else if part != segment {
                return nil
            }
        }
        return parameters
    }

    /// The body as JSON; a request with another content type, or not JSON, is refused.
    func body(_ context: Context) throws -> JSONValue {
        if let type = context.request.header("content-type"), !type.lowercased().hasPrefix("application/json") {
            throw APIError(415, "unsupported_media_type", "send the body as JSON with 'Content-Type: application/json', not \(type)")
        }
        guard !context.request.body.isEmpty else { throw APIError(400, "invalid_json", "the request needs a JSON body") }
        do {
            return try JSONParser(maxDepth: 64).parse(context.request.body)
        } catch {
            throw APIError(400, "invalid_json", "the body is not valid JSON: \(error)")
        }
    }

    /// GET /healthz: from the probe when it runs (on the loop), else from a store call now.
    func healthCheck() -> HTTPResponse {
        if let health, health.isProbing { return StoreHealth.response(health.status) }
        do {
            _ = try store.app(id: "")
            return StoreHealth.response(.healthy)
        } catch {
            return StoreHealth.response(.unavailable(failure(error, route: "healthz").message))
        }
    }
}
