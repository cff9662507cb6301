/// Where the app is in its life, as the runtime needs to know it.
public enum AppState: String, Sendable, Hashable, CaseIterable {
    /// Not running, or launching and not yet active.
    case notRunning
    /// In the foreground and receiving events.
    case active
    /// In the foreground but not receiving events (a call, Control Center, the app switcher).
    case inactive
    /// In the background.
    case background

    /// Whether the user is looking at the app.
    public var isForeground: Bool { self == .active }
}

/// How a notification reached the app.
public enum NotificationSource: String, Sendable, Hashable {
    /// A push from APNs.
    case remote
    /// A local notification the app (or Herald, re-posting a push) scheduled.
    case local
    /// A push with content-available and nothing to show.
    case silent
    /// The notification whose tap launched the app.
    case launch
    /// A message over the provider's own connection, not APNs (`HeraldRuntime.receive(passThrough:)`).
    case passThrough
}
