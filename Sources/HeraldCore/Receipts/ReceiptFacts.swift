import Foundation

/// What the device knows of how a notification went on it, sent with its receipt so the
/// gateway's explanation reaches the screen: how it was presented (or why not), what the
/// Service Extension kept, and where a tap led. Each part is optional and bounded as the
/// gateway checks it (`ReceiptFactRules`); none is ever required.
public struct ReceiptFacts: Sendable, Hashable {
    /// How a notification received while the app ran was presented.
    public struct Presented: Sendable, Hashable {
        /// `banner` (Herald's in-app banner), `alert` (a confirm alert), `system` (the
        /// system's banner and list), `coalesced` (it replaced the banner on screen),
        /// `suppressed` (not shown).
        public var how: String
        public var why: String?

        public init(how: String, why: String? = nil) {
            self.how = how
            self.why = why
        }
    }

    /// What the Service Extension did: attachments kept, each one skipped with its reason,
    /// and whether a deadline delivered it before everything finished.
    public struct Extension: Sendable, Hashable {
        public var kept: Int
        public var skipped: [Skipped]
        /// `completed`, `deadline`, `expired` or `undecodable` (`DeliveryTrigger`).
        public var trigger: String

        public struct Skipped: Sendable, Hashable {
            public var source: String
            public var reason: String
        }

        public init(kept: Int, skipped: [Skipped], trigger: String) {
            self.kept = kept
            self.skipped = skipped
            self.trigger = trigger
        }
    }

    /// Where a tap or an action led: the route opened, or that none matched and why.
    public struct Routed: Sendable, Hashable {
        public var route: String?
        public var matched: Bool
        public var why: String?

        public init(route: String?, matched: Bool, why: String? = nil) {
            self.route = route
            self.matched = matched
            self.why = why
        }
    }

    public var presented: Presented?
    public var `extension`: Extension?
    public var routed: Routed?

    public init(presented: Presented? = nil, extension: Extension? = nil, routed: Routed? = nil) {
        self.presented = presented
        self.extension = `extension`
        self.routed = routed
    }

    /// The JSON the outbox keeps and the gateway takes, within the bounds.
    public var json: JSONValue {
        var object: [String: JSONValue] = [:]
        if let presented {
            var part: [String: JSONValue] = ["how": .string(Self.bounded(presented.how))]
            part["why"] = presented.why.map { .string(Self.bounded($0)) }
            object["presented"] = .object(part)
        }
        if let done = `extension` {
            object["extension"] = [
                "kept": .int(min(max(done.kept, 0), ReceiptFactRules.maxKept)), "trigger": .string(Self.bounded(done.trigger)),
                "skipped": .array(done.skipped.prefix(ReceiptFactRules.maxSkipped).map {
                    ["source": .string(Self.bounded($0.source)), "reason": .string(Self.bounded($0.reason))]
                }),
            ]
        }
        if let routed {
            var part: [String: JSONValue] = ["matched": .bool(routed.matched)]
            part["route"] = routed.route.map { .string(Self.bounded($0)) }
            part["why"] = routed.why.map { .string(Self.bounded($0)) }
            object["routed"] = .object(part)
        }
        return .object(object)
    }

    /// The facts of stored JSON; parts that do not parse are left out.
    public init?(json: JSONValue?) {
        guard let json, case .object = json else { return nil }
        if let how = json["presented"]?["how"]?.stringValue {
            presented = Presented(how: how, why: json["presented"]?["why"]?.stringValue)
        }
        if let done = json["extension"], let trigger = done["trigger"]?.stringValue {
            let skipped = (done["skipped"]?.arrayValue ?? []).compactMap { item -> Extension.Skipped? in
                guard let source = item["source"]?.stringValue, let reason = item["reason"]?.stringValue else { return nil }
                return Extension.Skipped(source: source, reason: reason)
            }
            `extension` = Extension(kept: done["kept"]?.intValue ?? 0, skipped: skipped, trigger: trigger)
        }
        if let matched = json["routed"]?["matched"]?.boolValue {
            routed = Routed(route: json["routed"]?["route"]?.stringValue, matched: matched, why: json["routed"]?["why"]?.stringValue)
        }
        if presented == nil && `extension` == nil && routed == nil { return nil }
    }

    /// At most `ReceiptFactRules.maxText` Unicode scalars (what the gateway counts), never
    /// empty (which it refuses).
    static func bounded(_ text: String) -> String {
        guard !text.isEmpty else { return "-" }
        let scalars = text.unicodeScalars
        guard scalars.count > ReceiptFactRules.maxText else { return text }
        var kept = String.UnicodeScalarView(scalars.prefix(ReceiptFactRules.maxText - 1))
        kept.append("…")
        return String(kept)
    }
}
