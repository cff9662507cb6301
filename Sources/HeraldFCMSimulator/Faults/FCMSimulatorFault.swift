import HeraldShared

/// A way the FCM simulator misbehaves, chosen by a flag (`--fault`) for the next requests.
///
/// A registration token's prefix chooses one for that token alone, with no flag:
/// `unregistered-…` (404 UNREGISTERED), `mismatch-…` (403 SENDER_ID_MISMATCH),
/// `quota-…` (429 QUOTA_EXCEEDED with Retry-After), `unavailable-…` (503 UNAVAILABLE),
/// `internal-…` (500 INTERNAL), `invalid-…` (400 INVALID_ARGUMENT), `stall-…` (no answer).
public enum FCMSimulatorFault: Sendable, Hashable {
    /// The next `times` sends answer 503 UNAVAILABLE.
    case unavailable(times: Int)
    /// The next `times` sends answer 429 QUOTA_EXCEEDED with `Retry-After: retryAfter`.
    case quota(times: Int, retryAfter: Int)
    /// The next `times` sends get no answer, and their connection goes silent.
    case stall(times: Int)
    /// The token endpoint answers 503 until the fault is cleared.
    case tokenEndpointDown

    /// Reads `unavailable[:N]`, `quota[:N[:SECONDS]]`, `stall[:N]` or `token-down` (the `--fault` flag).
    public init(parsing text: String) throws(FCMSimulatorError) {
        let parts = text.split(separator: ":").map(String.init)
        func number(_ index: Int, _ fallback: Int) throws(FCMSimulatorError) -> Int {
            guard index < parts.count else { return fallback }
            guard let value = Int(parts[index]), value > 0 else {
                throw FCMSimulatorError("--fault", "\"\(parts[index])\" in \"\(text)\" is not a positive whole number")
            }
            return value
        }
        switch parts.first ?? "" {
        case "unavailable" where parts.count <= 2: self = .unavailable(times: try number(1, 1))
        case "quota" where parts.count <= 3: self = .quota(times: try number(1, 1), retryAfter: try number(2, 30))
        case "stall" where parts.count <= 2: self = .stall(times: try number(1, 1))
        case "token-down" where parts.count == 1: self = .tokenEndpointDown
        default:
            throw FCMSimulatorError("--fault", "\"\(text)\" is not unavailable[:N], quota[:N[:SECONDS]], stall[:N] or token-down")
        }
    }
}

/// The FCM simulator cannot start or was given a bad setting: the flag or part at fault
/// (`--fault`, `--tls-dir`, `--record`), and why.
public typealias FCMSimulatorError = FieldError<FCMSimulatorDomain>

/// The domain of `FCMSimulatorError`: the FCM simulator's settings.
public enum FCMSimulatorDomain {}
