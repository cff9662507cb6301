#if canImport(UIKit) && canImport(ActivityKit)
import ActivityKit
import Foundation
import HeraldCore

/// Reports one `ActivityAttributes` type's Live Activity tokens to the gateway: the
/// push-to-start token (iOS 17.2 and later), each activity's update token as it arrives
/// and rotates, and each activity's end. One ActivityKit stream, one core call: what to
/// report is `LiveActivityReporter`'s decision.
///
///     let observer = LiveActivityObserver<DeployAttributes>(reporter: LiveActivityReporter(gateway: gatewayClient))
///     observer.start()
@available(iOS 16.1, *)
@MainActor
public final class LiveActivityObserver<Attributes: ActivityAttributes> {
    public let reporter: LiveActivityReporter
    /// `attributes-type` in a push: the type's name.
    public let activityType: String
    private var tasks: [Task<Void, Never>] = []
    private var observed: Set<String> = []

    public init(reporter: LiveActivityReporter, activityType: String = String(describing: Attributes.self)) {
        self.reporter = reporter
        self.activityType = activityType
    }

    /// Starts observing: activities already running, those that start later (in the app or
    /// by push-to-start) and the push-to-start token.
    public func start() {
        for activity in Activity<Attributes>.activities { observe(activity) }
        tasks.append(
            Task { [weak self] in
                for await activity in Activity<Attributes>.activityUpdates { self?.observe(activity) }
            })
        if #available(iOS 17.2, *) {
            let type = activityType
            let reporter = reporter
            tasks.append(
                Task {
                    for await data in Activity<Attributes>.pushToStartTokenUpdates {
                        await reporter.pushToStartTokenChanged(DeviceToken(data: data), activityType: type)
                    }
                })
        }
    }

    /// Stops observing (the reporter keeps what it reported).
    public func stop() {
        tasks.forEach { $0.cancel() }
        tasks = []
        observed = []
    }

    private func observe(_ activity: Activity<Attributes>) {
        guard observed.insert(activity.id).inserted else { return }
        let id = activity.id, type = activityType, reporter = reporter
        let tokens = activity.pushTokenUpdates, states = activity.activityStateUpdates
        tasks.append(
            Task {
                for await data in tokens {
                    await reporter.activityTokenChanged(DeviceToken(data: data), activityID: id, activityType: type)
                }
            })
        tasks.append(
            Task {
                for await state in states {
                    await reporter.activityPhaseChanged(Self.phase(state), activityID: id)
                }
            })
    }

    /// `stale` is iOS 16.2 and `pending` iOS 26: the SDK rejects either in a pattern the
    /// package's iOS 15 (this type's 16.1) cannot prove available, so each is compared
    /// behind its own check, and `pending` only where the SDK has it (Xcode 26, Swift 6.2);
    /// a state a later SDK adds reads as active.
    static func phase(_ state: ActivityState) -> LiveActivityPhase {
        switch state {
        case .active: return .active
        case .ended: return .ended
        case .dismissed: return .dismissed
        default: break
        }
        if #available(iOS 16.2, *), state == .stale { return .stale }
        #if compiler(>=6.2)
            if #available(iOS 26.0, *), state == .pending { return .pending }
        #endif
        return .active
    }
}
#endif
