import HeraldShared

/// What ActivityKit needs in a `liveactivity` push, and the Live Activity keys that
/// do nothing elsewhere.
///
/// Every push needs `timestamp` and `event`; `start` (push-to-start) needs
/// `attributes-type`, `attributes`, `content-state` and an `alert`; `update` needs
/// `content-state`; `end` may carry a final `content-state` and a `dismissal-date`.
/// `input-push-token` and `input-push-channel` belong to `start` only, one or the other.
struct LiveActivityRules {
    let aps: APS
    let pushType: PushType

    /// A timestamp above this is in milliseconds, not the seconds ActivityKit reads
    /// (10^11 seconds is the year 5138).
    static let millisecondsThreshold = 100_000_000_000

    func issues() -> [LintIssue] {
        guard pushType == .liveActivity else { return misplacedKeys() }
        let live = aps.liveActivity ?? LiveActivityContent()
        var issues: [LintIssue] = []
        func error(_ key: String, _ message: String) { issues.append(LintIssue(.error, "aps.\(key)", message)) }
        func warning(_ key: String, _ message: String) { issues.append(LintIssue(.warning, "aps.\(key)", message)) }
        typealias Key = LiveActivityContent.Key

        if let timestamp = live.timestamp {
            if timestamp > Self.millisecondsThreshold {
                error(Key.timestamp, "\(timestamp) looks like milliseconds; give Unix seconds (\(timestamp / 1000))")
            }
        } else {
            error(Key.timestamp, "a Live Activity push needs a timestamp: the Unix seconds when its content was made")
        }
        let event = live.event
        switch event {
        case nil:
            error(Key.event, "a Live Activity push needs an event: start, update or end")
        case .start?:
            if live.attributesType == nil { error(Key.attributesType, "a start event needs attributes-type: the name of the app's ActivityAttributes type") }
            if live.attributes == nil { error(Key.attributes, "a start event needs attributes: the activity's static attributes, as an object") }
            if live.contentState == nil { error(Key.contentState, "a start event needs content-state: the activity's first ContentState, as an object") }
            if aps.alert?.isEmpty ?? true { issues.append(LintIssue(.error, "aps.alert", "a start event needs an alert with a title and a body; iOS shows it when the activity starts")) }
            if live.inputPushToken && live.inputPushChannel != nil {
                error(Key.inputPushChannel, "give input-push-token or input-push-channel, not both: an activity is updated through its own token or through one channel")
            }
        case .update?:
            if live.contentState == nil { error(Key.contentState, "an update event needs content-state: the activity's new ContentState, as an object") }
        case .end?:
            break
        case let other?:
            error(Key.event, "\"\(other)\" is not start, update or end")
        }
        for (key, value) in [(Key.contentState, live.contentState), (Key.attributes, live.attributes)] {
            if let value, value.objectValue == nil {
                error(key, "expected an object (the app's Codable type, encoded), found \(value.typeDescription)")
            }
        }
        if event != .start && event != nil {
            if live.inputPushToken { error(Key.inputPushToken, "only a start event asks for an update token; remove it from \(event!) events") }
            if live.inputPushChannel != nil { error(Key.inputPushChannel, "only a start event subscribes to a channel; remove it from \(event!) events") }
            if live.attributesType != nil || live.attributes != nil {
                warning(live.attributesType != nil ? Key.attributesType : Key.attributes, "only a start event uses attributes-type and attributes; a running activity keeps its own")
            }
        }
        if let channel = live.inputPushChannel, channel.isEmpty { error(Key.inputPushChannel, "empty; give the channel id APNs returned when the channel was created") }
        if live.dismissalDate != nil && event != .end && event != nil {
            warning(Key.dismissalDate, "only an end event is dismissed; ActivityKit ignores dismissal-date on \(event!)")
        }
        if let timestamp = live.timestamp {
            if let stale = live.staleDate, stale < timestamp {
                warning(Key.staleDate, "\(stale) is before the timestamp \(timestamp); the content is shown as out of date at once")
            }
            if let dismissal = live.dismissalDate, dismissal < timestamp, event == .end {
                warning(Key.dismissalDate, "\(dismissal) is before the timestamp \(timestamp); the activity leaves the Lock Screen at once")
            }
        }
        return issues
    }

    /// Live Activity keys in a push of another type do nothing: one warning naming them.
    private func misplacedKeys() -> [LintIssue] {
        guard aps.liveActivity != nil else { return [] }
        return [
            LintIssue(
                .warning, "aps",
                "Live Activity keys, which iOS ignores in a push of type \(pushType); send it with --push-type liveactivity to <bundle id>\(PushType.liveActivity.topicSuffix)"
            )
        ]
    }
}
