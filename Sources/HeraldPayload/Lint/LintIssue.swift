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
    /// The push service it is about (`apns`, `fcm`) when a check covers more than one; `nil` for APNs' own linter.
    public var platform: String?

    public init(_ severity: Severity, _ path: String, _ message: String, platform: String? = nil) {
        self.severity = severity
        self.path = path
        self.message = message
        self.platform = platform
    }

    /// `error: aps.badge: ...`, or `error: fcm: data.from: ...` with a platform.
    public var description: String { "\(severity.rawValue): \(platform.map { $0 + ": " } ?? "")\(path): \(message)" }
}
