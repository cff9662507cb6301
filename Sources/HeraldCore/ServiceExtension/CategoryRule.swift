/// Picks the notification's category (and so its actions and content extension)
/// from what it carries. Rules are tried in order at delivery, when the
/// attachments are known; the first that matches sets the category.
///
/// ```swift
/// CategoryRule("category2")                                      // always
/// CategoryRule("media", when: .hasAttachment(.video))
/// CategoryRule("chat", when: .field("type", equals: "message"), replacingPayload: false)
/// ```
public struct CategoryRule: Sendable, Hashable {
    /// When a rule applies.
    public enum Condition: Sendable, Hashable {
        case always
        /// The value at the path (data, raw payload, through JSON strings) equals this one.
        case field(JSONPath, equals: JSONValue)
        /// The path holds any value.
        case present(JSONPath)
        /// The payload came from this provider.
        case provider(ProviderID)
        /// An attachment of this kind (any kind for `nil`) was attached.
        case hasAttachment(AttachmentKind?)
        /// The payload named no category of its own.
        case noPayloadCategory
    }

    public var category: String
    public var condition: Condition
    /// Whether the rule may replace a category the payload sets in `aps.category`.
    public var replacingPayload: Bool

    public init(_ category: String, when condition: Condition = .always, replacingPayload: Bool = true) {
        self.category = category
        self.condition = condition
        self.replacingPayload = replacingPayload
    }

    func matches(_ notification: PushNotification, content: NotificationContent) -> Bool {
        if !replacingPayload, !(notification.aps.category ?? "").isEmpty { return false }
        switch condition {
        case .always:
            return true
        case .field(let path, let expected):
            guard let value = PayloadLookup.value(at: path, in: notification) else { return false }
            return value == expected || (value.scalarText != nil && value.scalarText == expected.scalarText)
        case .present(let path):
            return PayloadLookup.value(at: path, in: notification) != nil
        case .provider(let id):
            return notification.provider == id
        case .hasAttachment(let kind):
            return content.attachments.contains { kind == nil || $0.format.kind == kind }
        case .noPayloadCategory:
            return (notification.aps.category ?? "").isEmpty
        }
    }

    /// The category the first matching rule gives, or `nil` when none matches.
    static func category(
        from rules: [CategoryRule], notification: PushNotification, content: NotificationContent
    ) -> String? {
        rules.first { $0.matches(notification, content: content) }?.category
    }
}
