import Foundation
import HeraldCore

/// The gateway's HTTP API as a pure function of request to response: routing, keys,
/// validation, and the store. The HTTP server calls `handle` on its threads.
public final class GatewayAPI: Sendable {
    public let store: any GatewayStore
    /// Seconds since 1970.
    let now: @Sendable () -> Double
    /// Called after a publish is committed, to wake the delivery workers.
    let onPublish: @Sendable () -> Void
    public let metrics: GatewayMetrics
    /// Largest request body accepted.
    public let maxBodyBytes: Int
    /// Requests per second per app and key, when limited.
    let rateLimiter: APIRateLimiter?

    public init(
        store: any GatewayStore, metrics: GatewayMetrics = GatewayMetrics(), maxBodyBytes: Int = 1 << 20, apiRateLimit: Double? = nil,
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }, onPublish: @escaping @Sendable () -> Void = {}
    ) {
        self.store = store
        self.metrics = metrics
        self.maxBodyBytes = maxBodyBytes
        rateLimiter = apiRateLimit.flatMap { $0 > 0 ? APIRateLimiter(rate: $0) : nil }
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

    /// Who a request's key says it is.
    enum Principal: Sendable, Hashable {
        case server, client
        case device(String)
    }

    /// One route: method, path pattern, the key it needs, the handler.
    struct Route: Sendable {
        var method: String
        var pattern: [String]
        var name: String
        var access: Access?
        var handler: @Sendable (GatewayAPI, Context) throws -> HTTPResponse
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

    static let routes: [Route] = [
        Route(method: "GET", pattern: ["healthz"], name: "healthz", access: nil) { api, _ in try api.health() },
        Route(method: "GET", pattern: ["metrics"], name: "metrics", access: nil) { api, _ in
            HTTPResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4")], body: Array(api.metrics.render().utf8))
        },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "devices"], name: "register_device", access: .register) {
            try $0.registerDevice($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "devices", ":device"], name: "get_device", access: .device) {
            try $0.getDevice($1)
        },
        Route(method: "DELETE", pattern: ["v1", "apps", ":app", "devices", ":device"], name: "delete_device", access: .device) {
            try $0.deleteDevice($1)
        },
        Route(method: "PUT", pattern: ["v1", "apps", ":app", "devices", ":device", "interests"], name: "set_interests", access: .device) {
            try $0.setInterests($1)
        },
        Route(method: "PUT", pattern: ["v1", "apps", ":app", "devices", ":device", "user"], name: "set_user", access: .device) {
            try $0.setUser($1)
        },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "publishes"], name: "publish", access: .server) { try $0.createPublish($1) },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "publishes", ":publish"], name: "get_publish", access: .server) {
            try $0.getPublish($1)
        },
        Route(method: "DELETE", pattern: ["v1", "apps", ":app", "publishes", ":publish"], name: "cancel_publish", access: .server) {
            try $0.cancelPublish($1)
        },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "events"], name: "events", access: .events) { try $0.recordEvents($1) },
    ]

    /// Answers one request; never throws, never crashes on input.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let started = DispatchTime.now().uptimeNanoseconds
        let (response, route, appID) = dispatch(request)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        metrics.observeRequest(route: route, app: appID, status: response.status, seconds: seconds)
        return response
    }

    private func dispatch(_ request: HTTPRequest) -> (HTTPResponse, String, String?) {
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: true).map { $0.removingPercentEncoding ?? String($0) }
        let matching = Self.routes.compactMap { route in Self.match(route.pattern, segments).map { (route, $0) } }
        guard !matching.isEmpty else {
            return (.error(.notFound("no endpoint \(request.path); see docs/openapi.yaml")), "unknown", nil)
        }
        guard let (route, parameters) = matching.first(where: { $0.0.method == request.method }) else {
            let allowed = matching.map(\.0.method).joined(separator: ", ")
            let error = APIError(
                405, "method_not_allowed", "\(request.method) is not allowed on \(request.path); use \(allowed)",
                headers: [("Allow", allowed)])
            return (.error(error), matching[0].0.name, nil)
        }
        var context = Context(request: request, parameters: parameters, app: nil)
        do {
            if let access = route.access {
                let (app, principal) = try authorize(request, appID: parameters["app"] ?? "", access: access, device: parameters["device"])
                context.app = app
                context.principal = principal
                try admit(app: app.id, key: principal == .server ? "server" : "client")
            }
            if request.bodyTooLarge || request.body.count > maxBodyBytes {
                throw APIError(413, "payload_too_large", "the request body is over \(maxBodyBytes) bytes")
            }
            return (try route.handler(self, context), route.name, context.app?.id)
        } catch let error as APIError {
            return (.error(error), route.name, context.app?.id)
        } catch let error as ValidationError {
            return (.error(.invalid(error)), route.name, context.app?.id)
        } catch let error as StoreError {
            return (.error(Self.apiError(error)), route.name, context.app?.id)
        } catch {
            return (.error(APIError(500, "internal", "\(error)")), route.name, context.app?.id)
        }
    }

    static func apiError(_ error: StoreError) -> APIError {
        switch error.reason {
        case .notFound: return .notFound(error.message)
        case .limitExceeded: return APIError(409, "limit_exceeded", error.message)
        case .conflict: return APIError(409, "conflict", error.message)
        case .idempotencyKeyReused: return APIError(409, "idempotency_key_reused", error.message)
        case .database, .unsupportedSchema:
            return APIError(503, "unavailable", "the store failed: \(error.message); retry later", headers: [("Retry-After", "1")])
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

    /// Refuses the request with 429 and Retry-After when the app's key is over its rate.
    private func admit(app: String, key: String) throws {
        guard let rateLimiter, let wait = rateLimiter.admit("\(app):\(key)", now: now()) else { return }
        let seconds = max(1, Int(wait.rounded(.up)))
        throw APIError(
            429, "rate_limited",
            "more than \(rateLimiter.rate == rateLimiter.rate.rounded() ? String(Int(rateLimiter.rate)) : String(rateLimiter.rate)) requests per second with this app's \(key) key; retry after \(seconds) s",
            headers: [("Retry-After", String(seconds))])
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

    private func health() throws -> HTTPResponse {
        _ = try store.app(id: "")
        return .json(200, ["status": "ok"])
    }
}
