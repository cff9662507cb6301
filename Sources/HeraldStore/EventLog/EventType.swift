/// What happened, as a team's systems read it: every type Herald tells out (docs/events.md).
public enum EventType: String, Sendable, Hashable, CaseIterable {
    case publishCreated = "publish.created"
    case publishCompleted = "publish.completed"
    case publishCancelled = "publish.cancelled"
    case deliverySent = "delivery.sent"
    case deliveryFailed = "delivery.failed"
    case deliveryInvalidated = "delivery.invalidated"
    case deliveryCapped = "delivery.capped"
    case deviceRegistered = "device.registered"
    case deviceInvalidated = "device.invalidated"
    case deviceDeleted = "device.deleted"
    case receiptDelivered = "receipt.delivered"
    case receiptOpened = "receipt.opened"
    case receiptAction = "receipt.action"
    case inboxRead = "inbox.read"
    case inboxDeleted = "inbox.deleted"
    case userDeleted = "user.deleted"
    case activityStarted = "activity.started"
    case activityEnded = "activity.ended"

    /// The types a webhook batches (one per delivery or receipt: many at once).
    public var isHighVolume: Bool {
        switch self {
        case .deliverySent, .deliveryFailed, .deliveryInvalidated, .deliveryCapped,
            .receiptDelivered, .receiptOpened, .receiptAction:
            true
        default: false
        }
    }
}

/// The types an endpoint asks for: exact types, a family (`delivery.*`) or all (`*`).
public struct EventSelector: Sendable, Hashable {
    /// As given, in order, without repeats.
    public let patterns: [String]
    private let all: Bool
    private let families: Set<String>
    private let types: Set<String>

    /// Throws a message naming the first pattern that names no type or family.
    public init(_ patterns: [String]) throws(EventSelectorError) {
        guard !patterns.isEmpty else { throw EventSelectorError(pattern: nil, "name at least one event type, a family such as \"delivery.*\" or \"*\"") }
        var seen: [String] = []
        let families = Set(EventType.allCases.map { String($0.rawValue.split(separator: ".")[0]) + ".*" })
        for pattern in patterns where !seen.contains(pattern) {
            guard pattern == "*" || families.contains(pattern) || EventType(rawValue: pattern) != nil else {
                throw EventSelectorError(pattern: pattern, "\"\(pattern)\" is not an event type or family (docs/events.md lists them)")
            }
            seen.append(pattern)
        }
        self.patterns = seen
        all = seen.contains("*")
        self.families = Set(seen.filter { $0.hasSuffix(".*") }.map { String($0.dropLast(2)) })
        types = Set(seen)
    }

    /// The types it asks for as a condition on `event_log.type` (nil: every type), its
    /// values bound in `b`: exact types in one `IN`, each family by its prefix.
    func condition(_ b: inout SQLBindings) -> String? {
        guard !all else { return nil }
        var terms: [String] = []
        let exact = types.filter { !$0.hasSuffix(".*") }.sorted()
        if !exact.isEmpty { terms.append("type IN (" + exact.map { b.bind(.text($0)) }.joined(separator: ", ") + ")") }
        for family in families.sorted() { terms.append("substr(type, 1, \(family.count + 1)) = \(b.bind(.text(family + ".")))") }
        return "(" + terms.joined(separator: " OR ") + ")"
    }

    public func matches(_ type: String) -> Bool {
        if all || types.contains(type) { return true }
        guard let dot = type.firstIndex(of: ".") else { return false }
        return families.contains(String(type[..<dot]))
    }
}

public struct EventSelectorError: Error, Sendable {
    /// The pattern refused; nil when the list is empty.
    public var pattern: String?
    public var message: String

    init(pattern: String?, _ message: String) {
        self.pattern = pattern
        self.message = message
    }
}
