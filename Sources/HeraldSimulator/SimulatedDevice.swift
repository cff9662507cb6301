import HeraldCore

/// The platform around the runtime, simulated: the banner view, the alert, the
/// notification centre and the navigation stack, each recording what it was told.
@MainActor
final class SimulatedDevice: BannerPresenter, AlertPresenter, SystemNotifier, Navigator {
    var state: NavigationState
    /// Notifications in the notification centre, oldest first.
    var delivered: [JSONValue] = []
    /// The answer the confirm alert on screen is waiting for.
    var pendingAlert: (@MainActor (Bool) -> Void)?
    /// Called when a local notification is posted: the system delivers it at once.
    var onLocalPost: (@MainActor (PushNotification) -> Void)?
    private(set) var bannerOnScreen: BannerItem?

    init(tabs: [String]) {
        state = NavigationState(tabs: tabs)
    }

    func show(_ item: BannerItem) { bannerOnScreen = item }
    func hide(_ item: BannerItem, reason: BannerHideReason) { bannerOnScreen = nil }
    func update(_ item: BannerItem) { bannerOnScreen = item }

    func confirm(_ notification: PushNotification, answer: @escaping @MainActor (Bool) -> Void) {
        pendingAlert = answer
    }

    func postLocal(_ notification: PushNotification) {
        onLocalPost?(notification)
    }

    func apply(_ command: NavigationCommand) {
        state.apply(command)
    }

    /// Takes a delivered notification out of the centre: the newest, or the one with `id`.
    func takeDelivered(id: String?, decoder: PayloadDecoder) -> JSONValue? {
        let index: Int?
        if let id {
            index = delivered.lastIndex { (try? decoder.decode($0))?.id == id }
        } else {
            index = delivered.indices.last
        }
        return index.map { delivered.remove(at: $0) }
    }
}
