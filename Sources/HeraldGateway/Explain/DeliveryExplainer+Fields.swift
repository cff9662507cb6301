import Foundation
import HeraldAPNsModel
import HeraldShared
import HeraldStore

/// What a reached device got (or would get): through what, which text, when, under which
/// cap, by which route, exactly what was sent, each attempt and where it stands.
extension DeliveryExplainer {
    func addReached(_ explanation: inout Explanation, device: DeviceFacts?, delivery: DeliveryFacts?, now: Double) {
        let record = publish.record
        var fields: [String: JSONValue] = [:]
        if let device, case .member(let kind, let keys) = TargetMembership.of(record.target, device) {
            fields["via"] = ["kind": .string(kind), "keys": .array(keys.map(JSONValue.string)), "filter": .bool(record.filter != nil)]
        }
        let tag = delivery.map(\.variant) ?? LocalizedVariants.bestMatch(locale: device?.record.locale, among: publish.variants.keys)
        if !publish.variants.isEmpty { fields["variant"] = Self.variant(tag, locale: device?.record.locale) }
        let (dueAt, rule) = due(device, delivery)
        fields["dueAt"] = .double(dueAt)
        fields["due"] = .string(rule)
        if let cap = record.options.frequencyCap, let device {
            fields["capped"] = capped(cap, device, delivery, now: now)
        }
        let platform = delivery?.platform ?? device?.record.platform ?? .apns
        let environment = APNsEnvironment(rawValue: delivery?.environment ?? "") ?? device?.record.environment ?? .production
        fields["route"] = platform == .apns ? ["service": "apns", "environment": .string(environment.rawValue)] : ["service": .string(platform.rawValue)]
        if let token = delivery?.token ?? device?.record.token {
            let job = publish.job(
                deviceID: explanation.deviceID, token: token, environment: environment, platform: platform, variant: tag, dueAt: dueAt)
            fields["payload"] = payload(OutgoingNotification(job, bundleID: bundleID), platform: platform, sentAt: dueAt)
            if let delivery { fields["attempts"] = .array(Self.attempts(delivery, serviceID: job.apnsID, platform: platform)) }
        }
        if let delivery {
            fields["state"] = .string(delivery.state.name)
            if delivery.state == .pending { fields["nextAt"] = .double(delivery.nextAt) }
            if let reason = delivery.reason, delivery.state != .sent { fields["stateReason"] = .string(reason) }
        }
        explanation.fields.merge(fields) { _, new in new }
    }

    /// The variant's tag and the rule that chose it (`LocalizedVariants.bestMatch`).
    static func variant(_ tag: String?, locale: String?) -> JSONValue {
        let rule: String
        switch (tag, locale) {
        case (nil, nil): rule = "default: the device has no locale"
        case (nil, let locale?): rule = "default: no variant of the device's language (\(DeviceAttributes.language(of: locale)))"
        case (let tag?, let locale?) where tag == locale: rule = "exact: the device's locale"
        case (let tag?, let locale?) where tag == DeviceAttributes.language(of: locale): rule = "language: the device's language"
        case (_?, _): rule = "same language: the first variant of the device's language"
        }
        return ["tag": tag.map(JSONValue.string) ?? .null, "locale": locale.map(JSONValue.string) ?? .null, "rule": .string(rule)]
    }

    /// When the delivery is (or was) due, and the rule that set it.
    func due(_ device: DeviceFacts?, _ delivery: DeliveryFacts?) -> (Double, String) {
        let options = publish.record.options
        guard let local = options.localTime else {
            let rule = options.sendAt == nil ? "at once: the publish has no sendAt" : "the publish's sendAt"
            return (publish.dueAt, rule)
        }
        let (zone, source) = LocalSendTime.zone(device: device?.record.timeZone, app: device?.defaultTimeZone)
        let whose =
            switch source {
            case .device: "the device's time zone"
            case .app: "the app's default zone: the device has none"
            case .utc: "UTC: neither the device nor the app has a zone"
            }
        let rule = "local time \(local.time) on \(local.date) in \(zone.identifier) (\(whose))"
        return (delivery?.dueAt ?? local.instant(in: zone), rule)
    }

    /// The frequency cap, the capped publishes it counted in its window (ending at the
    /// claim, or now before one) and whether it held this one back.
    func capped(_ cap: FrequencyCap, _ device: DeviceFacts, _ delivery: DeliveryFacts?, now: Double) -> JSONValue {
        let id = publish.record.id
        let end: Double =
            if delivery?.state == .capped { delivery?.updatedAt ?? now } else { device.cappedSends.first { $0.publishID == id }?.at ?? now }
        let counted = device.cappedSends.filter { $0.publishID != id && $0.at > end - Double(cap.window) && $0.at <= end }
        let applied = delivery.map { $0.state == .capped } ?? (counted.count >= cap.max)
        return [
            "max": .int(cap.max), "window": .int(cap.window), "applied": .bool(applied), "count": .int(counted.count),
            "counted": .array(counted.map { ["publishId": .string($0.publishID), "at": .double($0.at)] }),
        ]
    }

    /// Exactly what goes to the push service: APNs' headers and body, or FCM's message
    /// (its `ttl` as of `sentAt`).
    func payload(_ notification: OutgoingNotification, platform: PushPlatform, sentAt: Double) -> JSONValue {
        guard platform == .apns else {
            do {
                return ["service": .string(platform.rawValue), "message": try notification.fcmMessage(now: sentAt).json]
            } catch {
                return ["service": .string(platform.rawValue), "error": .string("\(error)")]
            }
        }
        var headers: [String: JSONValue] = [
            "apns-push-type": .string(notification.pushType), "apns-priority": .string(String(notification.priority)),
            "apns-topic": .string(notification.topic), "apns-id": .string(notification.apnsID),
        ]
        if let collapse = notification.collapseID { headers["apns-collapse-id"] = .string(collapse) }
        if let expiration = notification.expiration { headers["apns-expiration"] = .string(String(Int(expiration))) }
        let body = (try? JSONParser().parse(notification.payload)) ?? .string(String(decoding: notification.payload, as: UTF8.self))
        return ["service": "apns", "headers": .object(headers), "body": body]
    }

    /// Each answered attempt, oldest first: the retried ones, then the last. An APNs answer's
    /// HTTP status is the one APNs gives its reason (`APNSReasonTable`), 200 when accepted;
    /// the gateway's own reasons (`Expired`, `TransportFailure`) and FCM's carry none.
    static func attempts(_ delivery: DeliveryFacts, serviceID: String, platform: PushPlatform) -> [JSONValue] {
        func status(_ reason: String?) -> JSONValue? {
            guard platform == .apns else { return nil }
            guard let reason else { return 200 }
            return APNSReasonTable.entry(text: reason).map { .int($0.status) }
        }
        var list: [JSONValue] = delivery.earlierAttempts.map {
            var attempt: [String: JSONValue] = ["at": .double($0.at), "outcome": "retry", "reason": .string($0.reason), "latency": .double($0.latency)]
            attempt["status"] = status($0.reason)
            return .object(attempt)
        }
        switch delivery.state {
        case .sent, .failed, .invalidated:
            // Finished without a try (expired while waiting, its user deleted): no attempt to show.
            guard delivery.attempts > 0 else { break }
            let sent = delivery.state == .sent
            var last: [String: JSONValue] = ["at": .double(delivery.updatedAt), "outcome": .string(delivery.state.name)]
            last["status"] = status(sent ? nil : delivery.reason)
            if let reason = delivery.reason, !sent { last["reason"] = .string(reason) }
            if let latency = delivery.latency { last["latency"] = .double(latency) }
            if sent { last["serviceId"] = .string(serviceID) }
            list.append(.object(last))
        case .inFlight:
            list.append(["at": .double(delivery.updatedAt), "outcome": .string(delivery.state.name), "inDoubt": .bool(delivery.inDoubt)])
        case .pending, .cancelled, .capped: break
        }
        return list
    }

    static func device(_ record: DeviceRecord) -> JSONValue {
        var json: [String: JSONValue] = [
            "id": .string(record.id), "platform": .string(record.platform.rawValue), "environment": .string(record.environment.rawValue),
            "token": .string(record.token), "createdAt": .double(record.createdAt),
            "interests": .array(record.interests.map(JSONValue.string)),
        ]
        json["userId"] = record.userID.map(JSONValue.string)
        json["locale"] = record.locale.map(JSONValue.string)
        json["timeZone"] = record.timeZone.map(JSONValue.string)
        json["appVersion"] = record.appVersion.map(JSONValue.string)
        if !record.tags.isEmpty { json["tags"] = .object(record.tags) }
        json["invalidatedAt"] = record.invalidatedAt.map(JSONValue.double)
        json["invalidReason"] = record.invalidReason.map(JSONValue.string)
        return .object(json)
    }

    static func receipt(_ event: DeviceEvent) -> JSONValue {
        var json: [String: JSONValue] = ["kind": .string(event.kind.rawValue), "at": .double(event.at)]
        json["actionId"] = event.actionID.map(JSONValue.string)
        json["facts"] = event.facts
        return .object(json)
    }

    static func inbox(_ entry: InboxFact?, messageID: String) -> JSONValue {
        guard let entry else { return ["messageId": .string(messageID), "kept": false] }
        return [
            "messageId": .string(messageID), "kept": true, "owner": .string(entry.owner), "read": .bool(entry.read),
            "deleted": .bool(entry.deleted),
        ]
    }
}
