import Foundation
import Testing

@testable import HeraldCore

/// Ports that record what the runtime asked for, and a runtime on a virtual clock.
@MainActor
final class RuntimeHarness: BannerPresenter, AlertPresenter, SystemNotifier, Navigator {
    let clock = VirtualClock()
    var runtime: HeraldRuntime!
    var events: [RuntimeEvent] = []
    var state: NavigationState
    var shownBanners: [BannerItem] = []
    var pendingAlerts: [@MainActor (Bool) -> Void] = []
    var localPosts: [PushNotification] = []
    var applied: [NavigationCommand] = []

    init(
        _ configuration: RuntimeConfiguration = RuntimeConfiguration(), tabs: [String] = ["home", "messages", "me"],
        logger: any HeraldLogger = SilentLogger(), localizer: any Localizer = DictionaryLocalizer()
    ) throws {
        state = NavigationState(tabs: tabs)
        runtime = try HeraldRuntime(
            configuration: configuration,
            ports: RuntimePorts(banner: self, alert: self, system: self, navigator: self, logger: logger, localizer: localizer),
            clock: clock)
        runtime.onEvent = { [weak self] in self?.events.append($0) }
    }

    func show(_ item: BannerItem) { shownBanners.append(item) }
    func hide(_ item: BannerItem, reason: BannerHideReason) {}
    func update(_ item: BannerItem) {}
    func confirm(_ notification: PushNotification, answer: @escaping @MainActor (Bool) -> Void) { pendingAlerts.append(answer) }
    func postLocal(_ notification: PushNotification) { localPosts.append(notification) }
    func apply(_ command: NavigationCommand) {
        applied.append(command)
        state.apply(command)
    }

    /// Records receipts, the inbox and the badge in `folder`, as an app with an App Group does.
    func recordReceipts(in folder: URL) throws -> ReceiptRecorder {
        let recorder = ReceiptRecorder(outbox: try ReceiptOutbox(directory: folder), inbox: try Inbox(directory: folder))
        runtime.receipts = recorder
        return recorder
    }

    /// A foreground, UI-ready app.
    func ready() {
        runtime.uiReady()
        runtime.setState(.active)
    }

    /// The names of what happened, for compact assertions.
    var kinds: [String] {
        events.map { event in
            switch event {
            case .received: return "received"
            case .banner(let banner):
                switch banner {
                case .willShow: return "banner.show"
                case .willHide(_, let reason): return "banner.hide.\(reason.rawValue)"
                case .dropped(_, let reason): return "banner.drop.\(reason.rawValue)"
                default: return "banner.other"
                }
            case .alertShown: return "alert"
            case .alertAnswered(_, let show): return show ? "alert.show" : "alert.cancel"
            case .systemNotification(_, _, let source): return "system.\(source.rawValue)"
            case .repostedAsLocal: return "repost"
            case .opened(_, let action, _): return action.map { "opened.\($0)" } ?? "opened"
            case .dismissed: return "dismissed"
            case .navigation(let command, _): return "nav.\(command.kind)"
            case .authRequired: return "auth"
            case .parkedRouteDropped(_, let reason): return "dropped.\(reason)"
            case .routeUnmatched: return "unmatched"
            case .launchBuffered(_, let what): return "buffered.\(what)"
            case .app(let name, _): return "app.\(name)"
            case .rejected: return "rejected"
            case .ignored: return "ignored"
            case .stateChanged: return "banner.other"
            case .receipt(let receipt): return "receipt.\(receipt.kind.rawValue)"
            case .badge(let count): return "badge.\(count)"
            }
        }.filter { $0 != "banner.other" }
    }
}

/// A payload with an id, an alert and app data.
func push(_ id: String, _ data: [String: JSONValue] = [:], title: String = "Title") -> JSONValue {
    var payload = data
    payload["aps"] = ["alert": ["title": .string(title), "body": "Body"]]
    payload["id"] = .string(id)
    return .object(payload)
}
