/// The table of the Live Activity tokens a publish's deliveries go to, by its target kind.
enum ActivityTokenTable: String, CaseIterable {
    case pushToStart = "push_to_start_tokens"
    case activities = "activities"

    init?(targetKind kind: String) {
        if kind == "activities" {
            self = .activities
        } else if kind.hasPrefix(PublishTarget.pushToStartPrefix) {
            self = .pushToStart
        } else {
            return nil
        }
    }
}
