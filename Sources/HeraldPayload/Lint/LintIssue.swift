import HeraldShared

/// One problem `PayloadLinter` found: `error: aps.badge: expected an integer, found "3"`.
public struct LintIssue: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        /// APNs rejects it, or iOS misreads or drops it.
        case error
        /// Legal, but probably not what the sender meant.
        case warning

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .error && rhs == .warning
        }
    }

    public var severity: Severity
    /// Where in the payload: `aps.badge`, or `payload` for the whole of it.
    public var path: String
    public var message: String

    public init(_ severity: Severity, _ path: String, _ message: String) {
        self.severity = severity
        self.path = path
        self.message = message
    }

    public var description: String { "\(severity.rawValue): \(path): \(message)" }
}
