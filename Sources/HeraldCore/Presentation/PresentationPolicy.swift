/// Decides how a notification is presented for the app's state; the defaults
/// reproduce the seed posts, and an app may decide per notification (`PresentationHook`).
public struct PresentationPolicy: Sendable {
    /// What a notification shows while the app is in the foreground.
    public enum Foreground: String, Sendable, Hashable {
        /// Herald's in-app banner (`BannerQueue`).
        case banner
        /// A confirm alert: "show it?", the notification only when the user says so.
        case confirm
        /// The system banner, as if the app were in the background.
        case system
        /// Nothing; the app gets the data.
        case silent
    }

    public var foreground: Foreground
    /// Re-post a remote push that arrives in the foreground as a local notification, which the system then presents.
    public var repostRemoteInForeground: Bool
    /// Options for the system presentation in the foreground (local echoes, `.system`).
    public var systemOptions: PresentationOptions

    public init(foreground: Foreground = .banner, repostRemoteInForeground: Bool = false, systemOptions: PresentationOptions = .all) {
        self.foreground = foreground
        self.repostRemoteInForeground = repostRemoteInForeground
        self.systemOptions = systemOptions
    }

    /// The default decision for `context`.
    ///
    /// - Silent pushes never show anything.
    /// - Launches and every state but active: the system shows it; a tap routes.
    /// - Active: a local notification (an echo Herald posted, or the app's own) uses the
    ///   system options (it is how a re-posted push shows); a remote one is re-posted when asked, else follows `foreground`.
    public func decide(_ context: PresentationContext) -> PresentationDecision {
        if context.source == .silent || context.notification.isSilent { return .silent }
        if context.source == .launch { return .route }
        guard context.state.isForeground else { return .system(systemOptions) }
        if context.source == .local { return .system(systemOptions) }
        if repostRemoteInForeground { return .repostAsLocal }
        switch foreground {
        case .banner: return .banner
        case .confirm: return .confirm
        case .system: return .system(systemOptions)
        case .silent: return .silent
        }
    }
}

/// An app's own decision for one notification, like OneSignal's foreground hook.
/// Call `decide` exactly once, now or later; `nil` means "use the policy".
/// The runtime waits `PresentationHookTimeout` at most, then uses the policy.
public typealias PresentationHook = @MainActor (
    _ context: PresentationContext, _ decide: @escaping @MainActor (PresentationDecision?) -> Void
) -> Void
