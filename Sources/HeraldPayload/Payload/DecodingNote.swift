import HeraldShared

/// Something the lenient decoder met and how it dealt with it.
///
/// Real senders are sloppy ("1" for 1, 0/1 for Booleans): Herald reads what it
/// can and says so here, so `herald lint` can report the same facts as problems.
public struct DecodingNote: Sendable, Hashable, CustomStringConvertible {
    /// How serious the finding is for a sender that wants its payload right.
    public enum Severity: String, Sendable, Hashable {
        /// APNs or iOS would misread or drop this.
        case error
        /// Legal, but probably not what the sender meant.
        case warning
        /// Just how the payload was read (a JSON string unwrapped, say).
        case info
    }

    /// Where, as a path from the payload root: `aps.badge`.
    public var path: String
    /// What was wrong: `expected an integer, found "3"`.
    public var problem: String
    /// What the decoder did: `read as 3`, `ignored`.
    public var outcome: String
    public var severity: Severity

    public init(path: String, problem: String, outcome: String, severity: Severity) {
        self.path = path
        self.problem = problem
        self.outcome = outcome
        self.severity = severity
    }

    public var description: String {
        "\(path): \(problem); \(outcome)"
    }
}
