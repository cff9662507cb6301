/// A gateway call failed: no answer, or an HTTP error with the gateway's code and message.
public typealias GatewayClientError = ReasonError<GatewayClientFailure>

/// Why: the reasons of a `GatewayClientError`.
public enum GatewayClientFailure: Sendable, Hashable {
    /// No answer (offline, timeout, connection refused): worth retrying.
    case unreachable
    /// The gateway answered with an error status.
    case http(status: Int, code: String)
    /// The device is not registered yet (call `register` first).
    case notRegistered
    /// The gateway's answer was not what the API documents.
    case unexpectedResponse
    /// The device's id and key could not be kept (keychain or file).
    case storage
}

extension ReasonError where Reason == GatewayClientFailure {
    /// Whether trying again later may succeed (no answer, 408, 429, 5xx).
    public var isRetryable: Bool {
        switch reason {
        case .unreachable: return true
        case .http(let status, _): return status == 408 || status == 429 || status >= 500
        case .notRegistered, .unexpectedResponse, .storage: return false
        }
    }

    /// The gateway does not know this device or its key: registering again fixes it.
    var meansUnknownDevice: Bool {
        guard case .http(let status, let code) = reason else { return false }
        return (status == 401 && code == "unauthorized") || status == 404 || (status == 403 && (code == "wrong_device" || code == "device_key_required"))
    }
}
