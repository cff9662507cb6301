#if canImport(UIKit)
import HeraldCore
import UIKit

/// Reports UIKit's application state changes as the runtime's `AppState`, for the
/// life of the app (Herald lives as long as the app, so the observers are never removed).
@MainActor
final class AppLifecycleObserver {
    private var observers: [any NSObjectProtocol] = []

    init(center: NotificationCenter = .default, onChange: @escaping @MainActor @Sendable (AppState) -> Void) {
        let changes: [(Notification.Name, AppState)] = [
            (UIApplication.didBecomeActiveNotification, .active),
            (UIApplication.willResignActiveNotification, .inactive),
            (UIApplication.didEnterBackgroundNotification, .background),
            (UIApplication.willEnterForegroundNotification, .inactive),
        ]
        for (name, state) in changes {
            observers.append(
                center.addObserver(forName: name, object: nil, queue: .main) { _ in
                    MainActor.assumeIsolated { onChange(state) }
                })
        }
    }
}
#endif
