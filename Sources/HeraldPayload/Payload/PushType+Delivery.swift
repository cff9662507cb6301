import HeraldShared

/// What each push type allows in the request's headers: priorities and topic.
extension PushType {
    /// The `apns-priority` values APNs accepts for this type: 10 (immediate), 5
    /// (power-considerate) and 1 (low), but not 10 for a background push, and only 10
    /// or 5 for a Live Activity.
    public var allowedPriorities: [Int] {
        switch self {
        case .background: return [5, 1]
        case .liveActivity: return [10, 5]
        default: return [10, 5, 1]
        }
    }

    /// The priority APNs uses when the request gives none.
    public var defaultPriority: Int { self == .background ? 5 : 10 }

    /// Why `priority` cannot go with this type, or `nil` when it can.
    public func priorityProblem(_ priority: Int) -> String? {
        let allowed = allowedPriorities
        guard !allowed.contains(priority) else { return nil }
        let list = allowed.map(String.init).joined(separator: " or ")
        if ![10, 5, 1].contains(priority) { return "\(priority) is not an APNs priority; use 10 (immediate), 5 (power-considerate) or 1 (low)" }
        return "a \(self) push must be sent with priority \(list); APNs rejects \(priority) for it"
    }

    /// Why `topic` cannot carry this type, or `nil` when it can: a type with a suffix
    /// needs it after the bundle id; a type without one takes no other type's suffix.
    public func topicProblem(_ topic: String) -> String? {
        let suffix = topicSuffix
        if !suffix.isEmpty {
            guard topic.hasSuffix(suffix), topic.count > suffix.count else {
                return "\"\(topic)\" does not end with \(suffix); a \(self) push goes to <bundle id>\(suffix)"
            }
            return nil
        }
        for other in PushType.documented where !other.topicSuffix.isEmpty && topic.hasSuffix(other.topicSuffix) {
            return "\"\(topic)\" ends with \(other.topicSuffix), the suffix of \(other) pushes; a \(self) push goes to the plain bundle id"
        }
        return nil
    }
}
