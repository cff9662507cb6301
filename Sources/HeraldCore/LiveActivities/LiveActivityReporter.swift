/// Where an activity is in its life, as ActivityKit's `ActivityState` says it.
public enum LiveActivityPhase: String, Sendable, Hashable, CaseIterable {
    case pending, active, stale, ended, dismissed

    /// The activity is over: the gateway sends it nothing more.
    public var isOver: Bool { self == .ended || self == .dismissed }
}

/// The gateway calls a `LiveActivityReporter` makes; `GatewayClient` is one.
@MainActor
public protocol LiveActivityGateway: AnyObject {
    func setPushToStartToken(_ token: DeviceToken, activityType: String) async throws(GatewayClientError)
    func setActivityToken(_ token: DeviceToken, activityID: String, activityType: String) async throws(GatewayClientError)
    func endActivity(_ activityID: String) async throws(GatewayClientError)
}

/// What a report did.
public enum LiveActivityReport: Sendable, Equatable {
    /// The gateway was told.
    case sent
    /// Nothing to tell: the gateway already has it, or the activity is over.
    case skipped(String)
    /// The call failed; the next update of the same thing tries again.
    case failed(GatewayClientError)
}

/// Decides what ActivityKit's updates mean for the gateway, for the thin ActivityKit
/// adapter (and `herald device`): a push-to-start token per activity type and an update
/// token per activity are reported when new or rotated (not again when ActivityKit
/// repeats one), an activity's end once, and nothing about an activity after it ended (a
/// late token must not bring it back). A failed call is not remembered, so the same
/// update coming again is reported again.
@MainActor
public final class LiveActivityReporter {
    private let gateway: any LiveActivityGateway
    private let logger: any HeraldLogger
    /// The push-to-start token reported per activity type.
    public private(set) var pushToStartTokens: [String: DeviceToken] = [:]
    /// Each running activity's type and the update token reported for it.
    public private(set) var activities: [String: (type: String, token: DeviceToken)] = [:]
    /// Activities reported over: their later updates are ignored.
    public private(set) var ended: Set<String> = []

    public init(gateway: any LiveActivityGateway, logger: any HeraldLogger = SilentLogger()) {
        self.gateway = gateway
        self.logger = logger
    }

    /// `Activity<T>.pushToStartTokenUpdates` yielded `token` for `activityType`.
    @discardableResult
    public func pushToStartTokenChanged(_ token: DeviceToken, activityType: String) async -> LiveActivityReport {
        guard pushToStartTokens[activityType] != token else { return .skipped("the gateway has this push-to-start token") }
        let previous = pushToStartTokens[activityType]
        pushToStartTokens[activityType] = token
        do {
            try await gateway.setPushToStartToken(token, activityType: activityType)
            return .sent
        } catch {
            pushToStartTokens[activityType] = previous
            return failed(error, "push-to-start token for \(activityType)")
        }
    }

    /// An activity's `pushTokenUpdates` yielded `token` (its first, or a rotation).
    @discardableResult
    public func activityTokenChanged(_ token: DeviceToken, activityID: String, activityType: String) async -> LiveActivityReport {
        guard !ended.contains(activityID) else { return .skipped("activity \(activityID) is over") }
        guard activities[activityID]?.token != token else { return .skipped("the gateway has this token for \(activityID)") }
        let previous = activities[activityID]
        activities[activityID] = (activityType, token)
        do {
            try await gateway.setActivityToken(token, activityID: activityID, activityType: activityType)
            return .sent
        } catch {
            activities[activityID] = previous
            return failed(error, "token of activity \(activityID)")
        }
    }

    /// An activity's `activityStateUpdates` yielded `phase`: an end or a dismissal is
    /// reported once, for an activity the gateway knows; other phases change nothing.
    @discardableResult
    public func activityPhaseChanged(_ phase: LiveActivityPhase, activityID: String) async -> LiveActivityReport {
        guard phase.isOver else { return .skipped("activity \(activityID) is \(phase.rawValue)") }
        guard !ended.contains(activityID) else { return .skipped("activity \(activityID) is over already") }
        guard let known = activities.removeValue(forKey: activityID) else {
            ended.insert(activityID)
            return .skipped("the gateway never had a token for \(activityID)")
        }
        ended.insert(activityID)
        do {
            try await gateway.endActivity(activityID)
            return .sent
        } catch {
            ended.remove(activityID)
            activities[activityID] = known
            return failed(error, "end of activity \(activityID)")
        }
    }

    private func failed(_ error: GatewayClientError, _ what: String) -> LiveActivityReport {
        logger.log(.error, "herald: could not report the \(what) to the gateway: \(error.message)")
        return .failed(error)
    }
}
