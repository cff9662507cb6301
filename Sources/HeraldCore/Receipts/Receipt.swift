/// A fact about one notification that goes back to the server: delivered, opened,
/// dismissed, an action, shown in the foreground, how it was presented, where a tap led;
/// with what the device knows of it (`ReceiptFacts`).
public struct Receipt: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case delivered, opened, dismissed, action
        case shownInForeground = "shown-in-foreground"
        /// How it was presented while the app ran (`ReceiptFacts.presented`), or that it was not.
        case presented
        /// Where a tap or an action led (`ReceiptFacts.routed`).
        case routed
    }

    /// Which process wrote it; the app and its Service Extension share the outbox.
    public enum Origin: String, Sendable, Hashable {
        case app, serviceExtension = "extension"
    }

    /// Unique per receipt (not per notification).
    public var id: String
    public var kind: Kind
    public var notificationID: String
    public var provider: ProviderID
    /// Seconds since 1970.
    public var at: Double
    public var state: AppState
    public var actionID: String?
    public var text: String?
    public var origin: Origin
    public var facts: ReceiptFacts?

    public init(
        id: String, kind: Kind, notificationID: String, provider: ProviderID, at: Double, state: AppState,
        actionID: String? = nil, text: String? = nil, origin: Origin = .app, facts: ReceiptFacts? = nil
    ) {
        self.facts = facts
        self.id = id
        self.kind = kind
        self.notificationID = notificationID
        self.provider = provider
        self.at = at
        self.state = state
        self.actionID = actionID
        self.text = text
        self.origin = origin
    }

    /// What makes two receipts the same fact: a push and its local echo, the same id
    /// twice, or the app and its extension both reporting delivery count once.
    public var dedupeKey: String {
        kind == .action ? "action|\(notificationID)|\(actionID ?? "")" : "\(kind.rawValue)|\(notificationID)"
    }

    var json: JSONValue {
        var object: [String: JSONValue] = [
            "type": "receipt", "id": .string(id), "kind": .string(kind.rawValue), "notification": .string(notificationID),
            "provider": .string(provider.rawValue), "at": .double(at), "state": .string(state.rawValue),
            "origin": .string(origin.rawValue),
        ]
        if let actionID { object["action"] = .string(actionID) }
        if let text { object["text"] = .string(text) }
        if let facts { object["facts"] = facts.json }
        return .object(object)
    }

    init?(json: JSONValue) {
        guard json["type"] == "receipt", let id = json["id"]?.stringValue,
            let kind = json["kind"]?.stringValue.flatMap(Kind.init(rawValue:)),
            let notification = json["notification"]?.stringValue, let at = json["at"]?.doubleValue
        else { return nil }
        self.init(
            id: id, kind: kind, notificationID: notification,
            provider: ProviderID(rawValue: json["provider"]?.stringValue ?? "apns"), at: at,
            state: json["state"]?.stringValue.flatMap(AppState.init(rawValue:)) ?? .notRunning,
            actionID: json["action"]?.stringValue, text: json["text"]?.stringValue,
            origin: json["origin"]?.stringValue.flatMap(Origin.init(rawValue:)) ?? .app, facts: ReceiptFacts(json: json["facts"]))
    }
}
