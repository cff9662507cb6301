import HeraldShared

/// The `aps` dictionary of an APNs payload, every key Apple documents, typed.
public struct APS: Sendable, Hashable {
    public var alert: Alert?
    public var badge: Int?
    public var sound: Sound?
    public var threadID: String?
    public var category: String?
    public var contentAvailable: Bool
    public var mutableContent: Bool
    public var targetContentID: String?
    public var interruptionLevel: InterruptionLevel?
    public var relevanceScore: Double?
    public var filterCriteria: String?
    /// The Live Activity keys, when any is present.
    public var liveActivity: LiveActivityContent?
    /// Keys inside `aps` that Apple does not define (APNs ignores them; some senders put data there).
    public var unknown: [String: JSONValue]

    public init(
        alert: Alert? = nil, badge: Int? = nil, sound: Sound? = nil, threadID: String? = nil,
        category: String? = nil, contentAvailable: Bool = false, mutableContent: Bool = false,
        targetContentID: String? = nil, interruptionLevel: InterruptionLevel? = nil,
        relevanceScore: Double? = nil, filterCriteria: String? = nil,
        liveActivity: LiveActivityContent? = nil, unknown: [String: JSONValue] = [:]
    ) {
        self.alert = alert
        self.badge = badge
        self.sound = sound
        self.threadID = threadID
        self.category = category
        self.contentAvailable = contentAvailable
        self.mutableContent = mutableContent
        self.targetContentID = targetContentID
        self.interruptionLevel = interruptionLevel
        self.relevanceScore = relevanceScore
        self.filterCriteria = filterCriteria
        self.liveActivity = liveActivity
        self.unknown = unknown
    }

    /// Wire names of every key Apple defines for `aps`, in one place.
    enum Key {
        static let alert = "alert", badge = "badge", sound = "sound", threadID = "thread-id"
        static let category = "category", contentAvailable = "content-available"
        static let mutableContent = "mutable-content", targetContentID = "target-content-id"
        static let interruptionLevel = "interruption-level", relevanceScore = "relevance-score"
        static let filterCriteria = "filter-criteria"
        static let liveActivity = LiveActivityContent.Key.all
        static let all: Set<String> = Set(
            [
                alert, badge, sound, threadID, category, contentAvailable, mutableContent, targetContentID,
                interruptionLevel, relevanceScore, filterCriteria,
            ] + liveActivity)
    }
}

/// The `aps.alert` value: a plain string is the body.
public struct Alert: Sendable, Hashable {
    public var title: String?
    public var subtitle: String?
    public var body: String?
    public var launchImage: String?
    public var titleLocKey: String?
    public var titleLocArgs: [String]?
    public var subtitleLocKey: String?
    public var subtitleLocArgs: [String]?
    public var locKey: String?
    public var locArgs: [String]?
    /// Other keys: deprecated ones (`action-loc-key`, `summary-arg`) and the sender's own
    /// (seed 001 keeps `order_id` here); reachable by path too.
    public var unknown: [String: JSONValue]

    public init(
        title: String? = nil, subtitle: String? = nil, body: String? = nil, launchImage: String? = nil,
        titleLocKey: String? = nil, titleLocArgs: [String]? = nil, subtitleLocKey: String? = nil,
        subtitleLocArgs: [String]? = nil, locKey: String? = nil, locArgs: [String]? = nil,
        unknown: [String: JSONValue] = [:]
    ) {
        self.title = title
        self.subtitle = subtitle
        self.body = body
        self.launchImage = launchImage
        self.titleLocKey = titleLocKey
        self.titleLocArgs = titleLocArgs
        self.subtitleLocKey = subtitleLocKey
        self.subtitleLocArgs = subtitleLocArgs
        self.locKey = locKey
        self.locArgs = locArgs
        self.unknown = unknown
    }

    /// Whether the alert shows anything: text or a localization key.
    public var isEmpty: Bool {
        [title, subtitle, body, titleLocKey, subtitleLocKey, locKey].allSatisfy { ($0 ?? "").isEmpty }
    }

    enum Key {
        static let title = "title", subtitle = "subtitle", body = "body", launchImage = "launch-image"
        static let titleLocKey = "title-loc-key", titleLocArgs = "title-loc-args"
        static let subtitleLocKey = "subtitle-loc-key", subtitleLocArgs = "subtitle-loc-args"
        static let locKey = "loc-key", locArgs = "loc-args"
    }
}

/// `aps.sound`: a file name, or the critical-alert dictionary.
public struct Sound: Sendable, Hashable {
    /// The sound file name; `default` is the system sound.
    public var name: String
    public var isCritical: Bool
    /// Critical volume, 0 to 1.
    public var volume: Double?

    public init(name: String, isCritical: Bool = false, volume: Double? = nil) {
        self.name = name
        self.isCritical = isCritical
        self.volume = volume
    }
}

/// `aps.interruption-level`, an open set: values Apple adds later are kept.
public struct InterruptionLevel: RawRepresentable, Sendable, Hashable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let passive = InterruptionLevel(rawValue: "passive")
    public static let active = InterruptionLevel(rawValue: "active")
    public static let timeSensitive = InterruptionLevel(rawValue: "time-sensitive")
    public static let critical = InterruptionLevel(rawValue: "critical")

    /// The values Apple documents.
    public static let documented: [InterruptionLevel] = [.passive, .active, .timeSensitive, .critical]
}
