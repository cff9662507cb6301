/// An app event, typed: a case of the app's own event type (an enum whose `String` raw
/// values are the rule names of `RuntimeConfiguration.events`) and the notification that
/// raised it.
///
/// ```swift
/// enum ChatEvent: String, Sendable { case chatMessage, badgeChanged, refreshLists }
/// config.events = [AppEventRule(ChatEvent.chatMessage, when: ["type": "message"])]
/// for await event in herald.appEvents(as: ChatEvent.self) {
///     switch event.kind { case .chatMessage: inbox.reload(); case .badgeChanged, .refreshLists: lists.refresh() }
/// }
/// ```
public struct AppEvent<Kind: RawRepresentable & Sendable>: Sendable where Kind.RawValue == String {
    public var kind: Kind
    public var notification: PushNotification

    public init(kind: Kind, notification: PushNotification) {
        self.kind = kind
        self.notification = notification
    }
}

extension AppEventRule {
    /// A rule named after one case of the app's event type.
    public init<Kind: RawRepresentable>(_ kind: Kind, when: [JSONPath: JSONValue]) where Kind.RawValue == String {
        self.init(name: kind.rawValue, when: when)
    }
}

extension HeraldRuntime {
    /// The app events from now on, typed: each rule that matches an arriving notification
    /// gives the case of `Kind` it is named after, in order. A rule whose name is no case of
    /// `Kind` is reported through the logger here, once, and never delivered to this stream.
    public func appEvents<Kind: RawRepresentable & Sendable>(as kind: Kind.Type = Kind.self) -> AsyncStream<AppEvent<Kind>>
    where Kind.RawValue == String {
        for name in Set(configuration.events.map(\.name)).sorted() where Kind(rawValue: name) == nil {
            ports.logger.log(.warning, "herald: app event rule \"\(name)\" is not a case of \(Kind.self); appEvents(as:) leaves it out")
        }
        let (stream, continuation) = AsyncStream<AppEvent<Kind>>.makeStream()
        listen(continuation) { event in
            guard case .app(let name, let notification) = event, let kind = Kind(rawValue: name) else { return nil }
            return AppEvent(kind: kind, notification: notification)
        }
        return stream
    }
}
