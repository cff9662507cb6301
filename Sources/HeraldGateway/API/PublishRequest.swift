import Foundation
import HeraldFCMModel
import HeraldPayload
import HeraldShared
import HeraldStore

/// The body of POST /publishes, validated field by field into a `NewPublish`.
struct PublishRequest {
    /// How far in the past a `sendAt` may be (seconds) and still be sent at once.
    static let pastSendAtTolerance = 600.0
    static let targetLimits: [(kind: String, range: ClosedRange<Int>)] = [
        ("devices", 1...1000), ("tokens", 1...1000), ("fcmTokens", 1...1000), ("interests", 1...100), ("users", 1...1000), ("activities", 1...100),
        ("channels", 1...1),
    ]
    /// The longest a notification may wait, in APNs' store and in the gateway's schedule.
    static let maxTTL = 30.0 * 86_400
    /// `pub_` and 32 hex digits: the id the store puts into `herald.publishId`.
    static let publishIDPlaceholder = "pub_" + String(repeating: "0", count: 32)

    var publish: NewPublish
    var warnings: [String]

    /// `inboxLimit`: how many messages an inbox may hold before a publish's message skips it.
    init(_ body: JSONValue, appID: String, now: Double, inboxLimit: Int = DeviceQuota().inboxMessagesPerUser) throws {
        let reader = try JSONObjectReader(body)
        try reader.allow(Self.targetLimits.map(\.kind) + ["filter", "apns", "notification", "android", "options", "idempotencyKey", "inbox"])
        let filter = try Self.filter(reader)
        var target = try Self.target(reader, filtered: filter != nil)
        let options = try Self.options(reader, now: now, target: target)
        var payload = try Self.payload(reader)
        let forAndroid = try Self.android(reader, into: &payload)
        if options.pushType == PushType.liveActivity.rawValue {
            try Self.liveActivity(&target, &payload, timestamp: options.sendAt ?? now)
        }
        let inbox = try InboxFields.publishInbox(reader, payload: payload, options: options, target: target, now: now, limit: inboxLimit)
        if inbox != nil { InboxFields.markInboxMessage(&payload) }
        let localized = try Self.localized(reader, payload: payload, options: options)
        var checked = try Self.check(payload, options: options, forAndroid: forAndroid, now: now)
        for (tag, variant) in localized.sorted(by: { $0.key < $1.key }) {
            let field = "notification.localized.\(tag)"
            checked += try Self.check(variant, options: options, forAndroid: forAndroid, now: now, field: field).map { "\(field): \($0)" }
        }
        var idempotencyKey: String?
        if let key = try reader.string("idempotencyKey", maxLength: 255) { idempotencyKey = key }
        publish = NewPublish(
            appID: appID, target: target, payload: payload, options: options, idempotencyKey: idempotencyKey,
            fingerprint: idempotencyKey == nil ? nil : PublishFingerprint(request: reader.object), createdAt: now, filter: filter, inbox: inbox)
        publish.localized = localized
        warnings = checked
    }

    /// The target; with a filter, `interests`, `users` or none (the whole app).
    static func target(_ reader: JSONObjectReader, filtered: Bool) throws -> PublishTarget {
        let present = targetLimits.filter { reader.has($0.kind) }
        if filtered, present.isEmpty { return .app }
        if filtered, let other = present.first(where: { !["interests", "users"].contains($0.kind) }) {
            throw ValidationError(
                "filter",
                "narrows interests or users (or, alone, the whole app), not \(other.kind): leave out filter or send to interests or users"
            )
        }
        guard present.count == 1, let (kind, range) = present.first else {
            let names = targetLimits.map(\.kind).joined(separator: ", ")
            throw ValidationError(
                present.isEmpty ? "body" : present.map(\.kind).joined(separator: "+"),
                present.isEmpty ? "give exactly one target: \(names)" : "give exactly one target, not \(present.count): \(names)")
        }
        let keys =
            try reader.strings(kind, count: range) { text, field throws(ValidationError) in
                switch kind {
                case "interests": try FieldRules.interest(text, field)
                case "users": try FieldRules.userID(text, field)
                case "tokens": _ = try FieldRules.token(text, field)
                case "fcmTokens": _ = try FieldRules.fcmToken(text, field)
                default: try FieldRules.identifier(text, field)
                }
            } ?? []
        let unique = Array(NSOrderedSet(array: kind == "tokens" ? keys.map { $0.lowercased() } : keys)) as? [String] ?? keys
        return PublishTarget(kind: kind, keys: unique) ?? .devices(unique)
    }

    /// The `filter` field (`AudienceFilter(json:path:)`), refused with its position.
    static func filter(_ reader: JSONObjectReader) throws(ValidationError) -> AudienceFilter? {
        guard let value = reader.object["filter"] else { return nil }
        do { return try AudienceFilter(json: value, path: reader.field("filter")) } catch { throw ValidationError(error.field, error.message) }
    }

    private static func options(_ reader: JSONObjectReader, now: Double, target: PublishTarget) throws -> PublishOptions {
        var options = PublishOptions()
        if target.isLiveActivityOnly { options.pushType = PushType.liveActivity.rawValue }
        guard let object = try reader.objectValue("options") else { return options }
        let fields = try JSONObjectReader(.object(object), path: "options")
        try fields.allow(["pushType", "priority", "collapseId", "ttl", "sendAt", "environment", "frequencyCap"])
        if let type = try fields.string("pushType") {
            guard PushType.documented.contains(PushType(rawValue: type)) else {
                throw ValidationError(
                    "options.pushType",
                    "\"\(type)\" is not an APNs push type: \(PushType.documented.map(\.rawValue).joined(separator: ", "))")
            }
            options.pushType = type
        }
        if let priority = try fields.integer("priority") {
            guard [1, 5, 10].contains(priority) else { throw ValidationError("options.priority", "\(priority) is not 10, 5 or 1") }
            options.priority = priority
        } else if options.pushType == "background" {
            options.priority = 5
        }
        if options.pushType == "background" && options.priority == 10 {
            throw ValidationError("options.priority", "background pushes must use priority 5 (APNs refuses 10)")
        }
        if let problem = PushType(rawValue: options.pushType).priorityProblem(options.priority) {
            throw ValidationError("options.priority", problem)
        }
        if target.isLiveActivityOnly, options.pushType != PushType.liveActivity.rawValue {
            throw ValidationError(
                "options.pushType",
                "\(target.kind.first == "a" ? "an" : "a") \(target.kind) target takes Live Activity pushes only: liveactivity, not \(options.pushType)"
            )
        }
        if let collapse = try fields.string("collapseId") {
            try FieldRules.headerValue(collapse, "options.collapseId", maxBytes: 64)
            options.collapseID = collapse
        }
        if let localTime = try localTime(fields, pushType: options.pushType, target: target, now: now) {
            // Fans out when the local time comes first (UTC+14); each delivery waits for its device's.
            options.localTime = localTime
            options.sendAt = localTime.earliest > now ? localTime.earliest : nil
        } else if let sendAt = try sendAt(fields) {
            guard sendAt <= now + maxTTL else {
                // Milliseconds since 1970 (what JavaScript's Date.now() gives) read as seconds land thousands of years ahead.
                if sendAt >= 100_000_000_000, sendAt / 1000 <= now + maxTTL {
                    throw ValidationError(
                        "options.sendAt", "\(Int(sendAt)) looks like milliseconds since 1970; give seconds: \(Int(sendAt / 1000))")
                }
                throw ValidationError("options.sendAt", "is more than 30 days ahead")
            }
            // A time a little past (clocks apart, a request that took a while) is sent at once;
            // one further back is a mistake (a date computed wrong, a stored job run late).
            guard sendAt >= now - Self.pastSendAtTolerance else {
                throw ValidationError(
                    "options.sendAt",
                    "\(Int(sendAt)) is \(Self.duration(now - sendAt)) in the past; leave sendAt out to send now, or give a time ahead "
                        + "(up to \(Int(Self.pastSendAtTolerance / 60)) minutes past is sent at once)")
            }
            options.sendAt = sendAt > now ? sendAt : nil
        }
        if let ttl = try fields.number("ttl") {
            guard ttl >= 0, ttl <= maxTTL else {
                throw ValidationError("options.ttl", "\(ttl) is not 0 to \(Int(maxTTL)) seconds (30 days)")
            }
            options.expiration = (options.sendAt ?? now) + ttl
        }
        if let environment = try FieldRules.environment(try fields.string("environment"), "options.environment") {
            guard case .tokens = target else {
                throw ValidationError(
                    "options.environment", "applies to a tokens target only; registered devices have their own environment")
            }
            options.environment = environment
        }
        options.frequencyCap = try frequencyCap(fields, target: target)
        return options
    }

    /// `sendAt` as seconds since 1970, or an RFC 3339 time such as 2026-12-01T09:00:00Z.
    /// The whole text must be the time: Foundation's parser alone ignores what follows it.
    private static func sendAt(_ fields: JSONObjectReader) throws -> Double? {
        guard let value = fields.object["sendAt"] else { return nil }
        if case .string(let text) = value {
            let shape = /[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})/
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime]
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            guard (try? shape.wholeMatch(in: text)) != nil, let date = formatter.date(from: text) ?? fractional.date(from: text) else {
                throw ValidationError(
                    "options.sendAt", "\"\(text)\" is not seconds since 1970 or an RFC 3339 time such as 2026-12-01T09:00:00Z")
            }
            return date.timeIntervalSince1970
        }
        return try fields.number("sendAt")
    }

    /// The keys of `herald` a publish's `apns` payload may set (the gateway sets the others).
    static let senderHeraldKeys = ["android", "image", "link"]

    private static func payload(_ reader: JSONObjectReader) throws -> [String: JSONValue] {
        switch (try reader.objectValue("apns"), try reader.objectValue("notification")) {
        case (let apns?, nil):
            guard case .object = apns["aps"] else {
                throw ValidationError("apns.aps", "is required: the APNs payload is {\"aps\": {...}, ...}")
            }
            if let herald = apns["herald"] {
                guard case .object(let inner) = herald else { throw ValidationError("apns.herald", "expected a JSON object") }
                // The namespace is the gateway's: a sender gives only what a publish may say
                // there; the rest (publishId, inboxMessage, inbox: the sync push) devices
                // trust as the gateway's own.
                if let key = inner.keys.sorted().first(where: { !Self.senderHeraldKeys.contains($0) }) {
                    throw ValidationError(
                        "apns.herald.\(key)",
                        "is the gateway's: a payload's herald object takes only \(Self.senderHeraldKeys.joined(separator: ", ")) from a publish; leave \(key) out"
                    )
                }
            }
            return apns
        case (nil, let notification?):
            return try simple(JSONObjectReader(.object(notification), path: "notification"))
        case (nil, nil):
            throw ValidationError("body", "give the payload as \"apns\": {...} or \"notification\": {\"title\", \"body\", ...}")
        default: throw ValidationError("notification", "give either \"apns\" or \"notification\", not both")
        }
    }

    /// `{"title", "subtitle", "body", "link", "image", "data", "localized"}` as an APNs payload
    /// Herald's decoder reads (the texts by language apart: `localized(_:payload:options:)`).
    private static func simple(_ fields: JSONObjectReader) throws -> [String: JSONValue] {
        try fields.allow(["title", "subtitle", "body", "link", "image", "data", "localized"])
        var aps: [String: JSONValue] = ["alert": .object(try alert(fields))]
        var herald: [String: JSONValue] = [:]
        if let link = try fields.string("link", maxLength: 2000) {
            try FieldRules.link(link, "notification.link")
            herald["link"] = .string(link)
        }
        if let image = try fields.string("image", maxLength: 2000) {
            guard let url = URL(string: image), url.scheme == "https" || url.scheme == "http" else {
                throw ValidationError("notification.image", "\"\(image)\" is not an http(s) URL")
            }
            herald["image"] = .string(image)
            aps["mutable-content"] = 1
        }
        var payload: [String: JSONValue] = ["aps": .object(aps)]
        if !herald.isEmpty { payload["herald"] = .object(herald) }
        for (key, value) in try fields.objectValue("data") ?? [:] {
            guard key != "aps", key != "herald" else { throw ValidationError("notification.data.\(key)", "is reserved; use another key") }
            payload[key] = value
        }
        return payload
    }

    /// The publish's `android` options, checked and kept in the payload as `herald.android`
    /// (where the FCM renderer reads them at send time: the publish stores nothing else).
    /// Whether the publish has Android options, given here or in `apns.herald.android`.
    private static func android(_ reader: JSONObjectReader, into payload: inout [String: JSONValue]) throws -> Bool {
        var herald = payload["herald"]?.objectValue ?? [:]
        let given = reader.object["android"]
        if given != nil, herald["android"] != nil {
            throw ValidationError("android", "is given twice, here and in apns.herald.android; keep one")
        }
        guard let options = given ?? herald["android"] else { return false }
        let path = given == nil ? "apns.herald.android" : "android"
        do {
            _ = try FCMAndroidOptions(json: options, path: path)
        } catch {
            throw ValidationError(error.field, error.message)
        }
        herald["android"] = options
        payload["herald"] = .object(herald)
        return true
    }

    /// Size with the publish id included, and Herald's linter: errors refuse, warnings return.
    /// A publish with Android options is linted for FCM too (`fcm: data.from`); one without
    /// is not, as the gateway does not know yet whether the app has Android devices.
    /// `field` names the payload in errors: `apns`, or a variant's `notification.localized.TAG`.
    private static func check(
        _ payload: [String: JSONValue], options: PublishOptions, forAndroid: Bool, now: Double, field: String = "apns"
    ) throws -> [String] {
        let pushType = options.pushType
        var withID = payload
        var herald = withID["herald"]?.objectValue ?? [:]
        herald["publishId"] = .string(publishIDPlaceholder)
        withID["herald"] = .object(herald)
        let type = PushType(rawValue: pushType)
        let size = JSONWriter.compactByteCount(.object(withID))
        guard size <= type.maxPayloadBytes else {
            throw ValidationError(
                field, "the payload is \(size) bytes with herald.publishId; APNs allows \(type.maxPayloadBytes) for \(pushType)")
        }
        let issues = (try? PayloadLinter.standard.lint(.object(withID), pushType: type)) ?? []
        if let error = issues.first(where: { $0.severity == .error }) {
            throw ValidationError("\(field).\(error.path)", error.message)
        }
        // Measured as FCM will get it: the collapse key is the publish id when none is given,
        // and the time to live is at most the whole of it.
        let ttl = options.expiration.map { Int(($0 - (options.sendAt ?? now)).rounded(.up)) }
        let fcmOptions = FCMRenderer.Options(priority: options.priority, collapseID: options.collapseID ?? publishIDPlaceholder, ttl: ttl)
        let android = forAndroid ? FCMRenderer().lint(.object(withID), options: fcmOptions) : []
        if let error = android.first(where: { $0.severity == .error }) {
            throw ValidationError(field == "apns" ? "fcm: \(error.path)" : "\(field): fcm: \(error.path)", error.message)
        }
        return issues.map(\.description) + android.map(\.description)
    }
}

extension PublishRequest {
    /// `90 s`, `12 minutes`, `3 hours`, `2 days`: how far, for a message.
    static func duration(_ seconds: Double) -> String {
        switch seconds {
        case ..<120: "\(Int(seconds)) s"
        case ..<7200: "\(Int(seconds / 60)) minutes"
        case ..<172_800: "\(Int(seconds / 3600)) hours"
        default: "\(Int(seconds / 86_400)) days"
        }
    }
}
