import HeraldShared

/// The events this process has committed to the log, by app, since it started: what
/// `/metrics` shows as `herald_events_written_total`. Counted when a transaction that
/// logged them commits (one rolled back, or a group commit's body rolled back, counts
/// nothing).
public enum EventLogCounter {
    private static let written = Locked<[String: Int]>([:])

    static func add(_ events: [(appID: String, count: Int)]) {
        guard !events.isEmpty else { return }
        written.withLock { written in
            for (app, count) in events { written[app, default: 0] += count }
        }
    }

    /// Each app's events committed so far.
    public static func totals() -> [String: Int] { written.withLock { $0 } }
}
