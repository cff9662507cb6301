import HeraldShared

/// The audit entry of a request that changes something, written by the store in the
/// transaction that makes the change: the gateway makes a draft for the request and runs
/// its handler with it as `current`; the first write transaction the handler commits
/// inserts it (`StoreDatabase.auditing`), so a change is never recorded without its entry
/// or an entry without its change. A store method that makes the thing acted on (a
/// publish's id) names it with `nameTarget` before the entry goes in. A request that
/// committed no write (a repeat answered from the first) gets its entry in its own
/// transaction afterwards (`TeamStore.recordAudit`).
public final class AuditDraft: Sendable {
    public let appID: String
    public let actor: AuditActor
    public let action: String
    public let address: String?
    /// Seconds since 1970, when the request was decided.
    public let at: Double
    private struct State {
        var target: String?
        var recorded = false
    }
    private let state: Locked<State>

    public init(appID: String, actor: AuditActor, action: String, target: String?, address: String?, at: Double) {
        self.appID = appID
        self.actor = actor
        self.action = action
        self.address = address
        self.at = at
        state = Locked(State(target: target))
    }

    /// The draft of the request the current thread runs (`withValue` around the handler).
    @TaskLocal public static var current: AuditDraft?

    /// The current draft while its entry is still to be written.
    static var unrecorded: AuditDraft? {
        guard let draft = current, !draft.recorded else { return nil }
        return draft
    }

    /// Names the thing acted on, when the store makes it (a new publish's id).
    public static func nameTarget(_ target: String) {
        current?.state.withLock { $0.target = target }
    }

    public var target: String? { state.current.target }

    /// Whether its entry is committed.
    public var recorded: Bool { state.current.recorded }

    /// Called once the transaction that inserted the entry committed.
    func markRecorded() { state.withLock { $0.recorded = true } }

    /// The entry as done (`ok`) or refused.
    public func entry(_ outcome: AuditEntry.Outcome, detail: String? = nil) -> AuditEntry {
        AuditEntry(appID: appID, at: at, actor: actor, action: action, target: target, address: address, outcome: outcome, detail: detail)
    }
}
