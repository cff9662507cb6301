import HeraldShared

/// A fact to log, in the transaction that records it: its type, when, and its `data`.
public struct NewEvent: Sendable, Hashable {
    public var type: EventType
    /// Seconds since 1970.
    public var at: Double
    /// `data` as compact JSON, written once here.
    public var json: String

    public init(_ type: EventType, at: Double, _ data: [String: JSONValue]) {
        self.init(type, at: at, json: JSONWriter.serialize(.object(data)))
    }

    /// An event whose `data` is already JSON (a delivery's, written without a dictionary:
    /// one per delivery).
    init(_ type: EventType, at: Double, json: String) {
        self.type = type
        self.at = at
        self.json = json
    }

    /// `"key":"value"` pairs as a JSON object, the values escaped (the keys are the caller's).
    static func object(_ pairs: [(String, String)]) -> String {
        var out = "{"
        for (offset, (key, value)) in pairs.enumerated() {
            if offset > 0 { out += "," }
            out += "\"" + key + "\":"
            // Ids, tokens and reasons need no escaping: written as they are, others through the writer.
            if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C }) {
                out += "\"" + value + "\""
            } else {
                out += JSONWriter.serialize(.string(value))
            }
        }
        return out + "}"
    }
}

/// One event of an app's log, as the feed and the webhooks tell it: its place (`cursor`),
/// type, time and `data` (JSON text, written once when the fact was recorded).
public struct LoggedEvent: Sendable, Hashable {
    public var cursor: EventCursor
    public var type: String
    public var at: Double
    public var data: String

    /// `evt_` and the log's sequence: the same on every repeat, in the feed and in every
    /// webhook request.
    public var id: String { Self.id(seq: cursor.seq) }

    /// The id of the event numbered `seq`.
    public static func id(seq: Int) -> String { EventCursor.idPrefix + String(seq, radix: 36) }

    /// The event as a JSON object: `{"id", "type", "timestamp", "data"}`.
    public var json: String {
        "{\"id\":\"\(id)\",\"type\":\"\(type)\",\"timestamp\":\"\(RFC3339.string(at))\",\"data\":\(data)}"
    }
}

/// A place in an app's log: after the event numbered `seq`. An app's events are numbered
/// in the order their transactions commit, so a reader never passes one that commits later.
public struct EventCursor: Sendable, Hashable, Comparable {
    public var seq: Int

    public static let start = EventCursor(seq: 0)
    static let idPrefix = "evt_"

    public init(seq: Int) {
        self.seq = seq
    }

    public static func < (a: EventCursor, b: EventCursor) -> Bool { a.seq < b.seq }

    /// As the feed hands it out: `ec1_<seq>`.
    public var text: String { "ec1_\(seq)" }

    /// A cursor the feed handed out; nil for any other text.
    public init?(text: String) {
        guard text.hasPrefix("ec1_"), let seq = Int(text.dropFirst(4)), seq >= 0 else { return nil }
        self.init(seq: seq)
    }
}
