import HeraldShared

/// The Live Activity keys of `aps` (ActivityKit push notifications).
///
/// `alert` and `relevance-score` are read into `APS` like any other push; these are
/// the keys only a `liveactivity` push uses.
public struct LiveActivityContent: Sendable, Hashable {
    /// `timestamp`: when the content was made, in Unix seconds; ActivityKit drops a
    /// push older than the content it shows.
    public var timestamp: Int?
    public var event: LiveActivityEvent?
    /// `content-state`: the activity's `ContentState`, as the app's `Codable` type encodes it.
    public var contentState: JSONValue?
    /// `stale-date`: Unix seconds after which the system shows the content as out of date.
    public var staleDate: Int?
    /// `dismissal-date`: Unix seconds at which an ended activity leaves the Lock Screen.
    public var dismissalDate: Int?
    /// `attributes-type`: the name of the app's `ActivityAttributes` type (push-to-start).
    public var attributesType: String?
    /// `attributes`: the activity's static attributes (push-to-start).
    public var attributes: JSONValue?
    /// `input-push-token: 1`: a started activity asks for its own update token.
    public var inputPushToken: Bool
    /// `input-push-channel`: a started activity subscribes to this broadcast channel.
    public var inputPushChannel: String?

    public init(
        timestamp: Int? = nil, event: LiveActivityEvent? = nil, contentState: JSONValue? = nil, staleDate: Int? = nil,
        dismissalDate: Int? = nil, attributesType: String? = nil, attributes: JSONValue? = nil, inputPushToken: Bool = false,
        inputPushChannel: String? = nil
    ) {
        self.timestamp = timestamp
        self.event = event
        self.contentState = contentState
        self.staleDate = staleDate
        self.dismissalDate = dismissalDate
        self.attributesType = attributesType
        self.attributes = attributes
        self.inputPushToken = inputPushToken
        self.inputPushChannel = inputPushChannel
    }

    /// Wire names of the Live Activity keys, in one place.
    enum Key {
        static let timestamp = "timestamp", event = "event", contentState = "content-state", staleDate = "stale-date"
        static let dismissalDate = "dismissal-date", attributesType = "attributes-type", attributes = "attributes"
        static let inputPushToken = "input-push-token", inputPushChannel = "input-push-channel"
        static let all = [
            timestamp, event, contentState, staleDate, dismissalDate, attributesType, attributes, inputPushToken, inputPushChannel,
        ]
    }
}

/// `aps.event` of a Live Activity push, an open set: a value Apple adds later is kept.
public struct LiveActivityEvent: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// Starts an activity on a device (push-to-start, iOS 17.2 and later).
    public static let start = LiveActivityEvent(rawValue: "start")
    /// Replaces the content of a running activity.
    public static let update = LiveActivityEvent(rawValue: "update")
    /// Ends an activity; it stays on the Lock Screen until its dismissal date.
    public static let end = LiveActivityEvent(rawValue: "end")

    /// The events Apple documents.
    public static let documented: [LiveActivityEvent] = [.start, .update, .end]
}

extension LiveActivityContent {
    /// Whether `text` can name an `ActivityAttributes` type, as `attributes-type` gives it:
    /// 1 to 200 of A-Z a-z 0-9 _ and `.` (a module-qualified name), not starting with a
    /// digit or a dot. The gateway and `herald device` take activity types by this rule.
    public static func isActivityTypeName(_ text: String) -> Bool {
        let allowed = { (byte: UInt8) in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
                || byte == 0x2E
        }
        guard (1...200).contains(text.utf8.count), text.utf8.allSatisfy(allowed), let first = text.utf8.first else { return false }
        return !(0x30...0x39).contains(first) && first != 0x2E
    }
}
