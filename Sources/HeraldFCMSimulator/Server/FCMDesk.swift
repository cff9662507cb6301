import Foundation
import HeraldAPNsSimulator
import HeraldFCMModel
import HeraldShared

/// The FCM simulator's answers: the token endpoint (`POST /token`) and the send endpoint
/// (`POST /v1/projects/{project}/messages:send`), with their checks, faults and record.
/// Called on the server thread; faults, counters and tokens are locked, as tests read them.
final class FCMDesk: Sendable {
    static let tokenPath = "/token"

    private let assertions: AssertionChecker
    private let projectID: String
    private let tokenLifetime: Double
    private let now: @Sendable () -> Double
    private let recorder: NotificationRecorder
    private let state: Locked<State>

    struct State {
        /// Issued access tokens and when they expire (Unix seconds).
        var tokens: [String: Double] = [:]
        var faults: [FCMSimulatorFault] = []
        var accepted: [JSONValue] = []
        var statistics = FCMSimulatorStatistics()
    }

    init(assertions: AssertionChecker, configuration: FCMSimulatorConfiguration, recorder: NotificationRecorder) {
        self.assertions = assertions
        projectID = configuration.projectID
        tokenLifetime = configuration.tokenLifetime
        now = configuration.now
        self.recorder = recorder
        state = Locked(State(faults: configuration.faults))
    }

    func add(_ fault: FCMSimulatorFault) { state.withLock { $0.faults.append(fault) } }
    func clearFaults() { state.withLock { $0.faults.removeAll() } }
    /// Forgets every issued access token: the next send with one gets 401 UNAUTHENTICATED.
    func revokeTokens() { state.withLock { $0.tokens.removeAll() } }
    var accepted: [JSONValue] { state.withLock { $0.accepted } }
    var statistics: FCMSimulatorStatistics { state.withLock { $0.statistics } }

    /// The answer to `request`; every request on this server is FCM's.
    func answer(_ request: SimulatorRequest) -> SimulatorVerdict {
        let verdict = route(request)
        if case .answer(let status, _, let body?) = verdict, status != 200, request.path != Self.tokenPath {
            let code = FCMError(status: status, body: body).code.text
            state.withLock { $0.statistics.rejected[code, default: 0] += 1 }
        }
        return verdict
    }

    private func route(_ request: SimulatorRequest) -> SimulatorVerdict {
        guard request.method == "POST" else { return error(405, "INVALID_ARGUMENT", "only POST is served here", nil) }
        let path = request.path ?? ""
        if path == Self.tokenPath { return token(request) }
        let prefix = "/v1/projects/"
        guard path.hasPrefix(prefix), path.hasSuffix("/messages:send") else {
            return error(404, "NOT_FOUND", "no such method: \(path)", nil)
        }
        let project = String(path.dropFirst(prefix.count).dropLast("/messages:send".count))
        return send(request, project: project)
    }

    private func token(_ request: SimulatorRequest) -> SimulatorVerdict {
        let down = state.withLock { state -> Bool in
            state.statistics.tokenRequests += 1
            return state.faults.contains(.tokenEndpointDown)
        }
        if down { return json(503, ["error": "temporarily_unavailable", "error_description": "the token endpoint is down (fault)"]) }
        guard request.contentType?.hasPrefix("application/x-www-form-urlencoded") == true else {
            return json(400, ["error": "invalid_request", "error_description": "the body must be application/x-www-form-urlencoded"])
        }
        if let (code, description) = assertions.check(request.body, now: now()) {
            state.withLock { $0.statistics.tokensRefused += 1 }
            return json(400, ["error": .string(code), "error_description": .string(description)])
        }
        let value = "sim." + UUID().uuidString.lowercased()
        let expiry = now() + tokenLifetime
        state.withLock {
            $0.tokens = $0.tokens.filter { $0.value > expiry - tokenLifetime }
            $0.tokens[value] = expiry
            $0.statistics.tokensIssued += 1
        }
        return json(200, ["access_token": .string(value), "expires_in": .int(Int(tokenLifetime)), "token_type": "Bearer"])
    }

    private func send(_ request: SimulatorRequest, project: String) -> SimulatorVerdict {
        let bearer = request.authorization.flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        let time = now()
        let valid = bearer.map { token in state.withLock { ($0.tokens[token] ?? 0) > time } } ?? false
        guard valid else {
            return error(401, "UNAUTHENTICATED", "Request had invalid authentication credentials. Expected OAuth 2 access token.", nil)
        }
        guard project == projectID else {
            return error(403, "PERMISSION_DENIED", "Permission 'cloudmessaging.messages.create' denied on project \(project)", nil)
        }
        guard !request.bodyTooLarge else { return error(400, "INVALID_ARGUMENT", "Message is too big", "INVALID_ARGUMENT") }
        let message: [String: JSONValue]
        switch MessageChecker.check(request.body) {
        case .failure(let refusal): return error(400, "INVALID_ARGUMENT", refusal.message, "INVALID_ARGUMENT")
        case .success(let checked): message = checked
        }
        if let verdict = fault(for: message["token"]?.stringValue ?? "") { return verdict }
        let name = "projects/\(projectID)/messages/\(UUID().uuidString.lowercased())"
        let line = JSONWriter.serialize(["name": .string(name), "received": .double(time), "message": .object(message)])
        guard recorder.record(line: line) else { return error(500, "INTERNAL", "the record file could not take the message", "INTERNAL") }
        state.withLock {
            $0.statistics.accepted += 1
            if $0.accepted.count < 100_000 { $0.accepted.append(.object(message)) }
        }
        return json(200, ["name": .string(name)])
    }

    /// The fault a token's prefix or a flag chooses for this send, if any.
    private func fault(for token: String) -> SimulatorVerdict? {
        let prefixes: [(String, () -> SimulatorVerdict)] = [
            ("unregistered-", { self.error(404, "NOT_FOUND", "Requested entity was not found.", "UNREGISTERED") }),
            ("mismatch-", { self.error(403, "PERMISSION_DENIED", "SenderId mismatch", "SENDER_ID_MISMATCH") }),
            ("quota-", { self.error(429, "RESOURCE_EXHAUSTED", "Quota exceeded.", "QUOTA_EXCEEDED", retryAfter: 30) }),
            ("unavailable-", { self.error(503, "UNAVAILABLE", "The service is currently unavailable.", "UNAVAILABLE") }),
            ("internal-", { self.error(500, "INTERNAL", "Internal error encountered.", "INTERNAL") }),
            (
                "invalid-",
                { self.error(400, "INVALID_ARGUMENT", "The registration token is not a valid FCM registration token", "INVALID_ARGUMENT") }
            ),
            ("stall-", { .stall }),
        ]
        if let (_, verdict) = prefixes.first(where: { token.hasPrefix($0.0) }) { return verdict() }
        return state.withLock { state -> SimulatorVerdict? in
            guard let index = state.faults.firstIndex(where: { $0 != .tokenEndpointDown }) else { return nil }
            let verdict: SimulatorVerdict
            let left: FCMSimulatorFault?
            switch state.faults[index] {
            case .unavailable(let times):
                verdict = error(503, "UNAVAILABLE", "The service is currently unavailable.", "UNAVAILABLE")
                left = times > 1 ? .unavailable(times: times - 1) : nil
            case .quota(let times, let seconds):
                verdict = error(429, "RESOURCE_EXHAUSTED", "Quota exceeded.", "QUOTA_EXCEEDED", retryAfter: seconds)
                left = times > 1 ? .quota(times: times - 1, retryAfter: seconds) : nil
            case .stall(let times):
                verdict = .stall
                left = times > 1 ? .stall(times: times - 1) : nil
            case .tokenEndpointDown:
                return nil
            }
            if let left { state.faults[index] = left } else { state.faults.remove(at: index) }
            return verdict
        }
    }

    private func error(_ status: Int, _ rpc: String, _ message: String, _ code: String?, retryAfter: Int? = nil) -> SimulatorVerdict {
        let headers =
            retryAfter.map { [("retry-after", String($0)), ("content-type", "application/json")] } ?? [("content-type", "application/json")]
        return .answer(
            status: status, headers: headers, body: FCMError.body(status: status, rpcStatus: rpc, message: message, errorCode: code))
    }

    private func json(_ status: Int, _ object: [String: JSONValue]) -> SimulatorVerdict {
        .answer(status: status, headers: [("content-type", "application/json")], body: Array(JSONWriter.serialize(.object(object)).utf8))
    }
}

/// What an FCM simulator did since it started.
public struct FCMSimulatorStatistics: Sendable, Hashable {
    public var tokenRequests = 0
    public var tokensIssued = 0
    public var tokensRefused = 0
    /// Messages accepted (200) and refused, by error code.
    public var accepted = 0
    public var rejected: [String: Int] = [:]
    /// Connections accepted, and the most streams open at once on one of them.
    public var connections = 0
    public var peakConcurrentStreams = 0

    public init() {}
}
