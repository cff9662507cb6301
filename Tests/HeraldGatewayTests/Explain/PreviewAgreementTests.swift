import Foundation
import HeraldShared
import HeraldTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// A preview before a publish says what the explanation says after it, for every device
/// whose state did not change in between: random devices (platforms, locales, zones,
/// versions, tags, interests, users, some dead), random targets and filters, texts by
/// language, local times and caps. And a preview writes nothing and sends nothing.
@Suite("Explain: a preview agrees with the explanation after sending")
struct PreviewAgreementTests {
    typealias Model = AudienceFilterModelTests

    /// The fields both documents carry for a device, with the publish's own id (in the
    /// payload, the collapse id and the apns-id) made the preview's placeholder.
    static func comparable(_ json: JSONValue, publishID: String) -> String {
        var object = json.objectValue ?? [:]
        for key in ["attempts", "state", "receipts", "publishId", "publishStatus", "inbox", "nextAt", "stateReason"] { object[key] = nil }
        if var capped = object["capped"]?.objectValue {
            capped["applied"] = nil  // before: would it; after: did it (compared apart)
            object["capped"] = .object(capped)
        }
        if var payload = object["payload"]?.objectValue, var headers = payload["headers"]?.objectValue {
            headers["apns-id"] = nil
            payload["headers"] = .object(headers)
            object["payload"] = .object(payload)
        }
        return JSONWriter.serialize(.object(object)).replacingOccurrences(of: publishID, with: PublishRequest.publishIDPlaceholder)
    }

    static func body(_ random: inout SeededGenerator, devices: [String], now: Double) -> JSONValue {
        var body: [String: JSONValue] = [:]
        let filter = Bool.random(using: &random) ? Model.filter(&random) : nil
        switch Int.random(in: 0..<(filter == nil ? 4 : 3), using: &random) {
        case 0: body["interests"] = .array(["a", "b"].filter { _ in Bool.random(using: &random) }.map(JSONValue.string).nonEmpty(or: "a"))
        case 1: body["users"] = ["u1"]
        case 2: if filter == nil { body["interests"] = ["b"] }  // with a filter: the whole app
        default: body["devices"] = .array(devices.filter { _ in Bool.random(using: &random) }.map(JSONValue.string).nonEmpty(or: .string(devices[0])))
        }
        if let filter { body["filter"] = filter.json }
        var notification: [String: JSONValue] = ["title": "Hello", "body": "World"]
        if Bool.random(using: &random) {
            notification["localized"] = ["de-DE": ["title": "Hallo"], "pt": ["title": "Olá"], "en-US": ["title": "Hi"]]
        }
        body["notification"] = .object(notification)
        var options: [String: JSONValue] = [:]
        if Bool.random(using: &random) { options["frequencyCap"] = ["max": 1, "window": 3600] }
        if Bool.random(using: &random) { options["ttl"] = 600 }
        if Int.random(in: 0..<3, using: &random) == 0 {
            // A local time that has come in the earliest zones: the publish fans out now and
            // each delivery waits for its device's own instant.
            options["sendAt"] = ["localTime": "20:00", "date": "2027-01-15"]
        }
        if !options.isEmpty { body["options"] = .object(options) }
        return .object(body)
    }

    @Test("preview, publish, deliver, explain: the same answer for every device", arguments: StoreKind.tested, 0..<4)
    func agreement(kind: StoreKind, seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 7919 &+ 11)
        let x = try ExplainHarness(kind)
        _ = try x.store.setDefaultTimeZone(appID: x.appID, "Europe/Berlin")
        var ids: [String] = []
        for n in 0..<24 {
            let d = Model.device(&random)
            let id = try x.device(
                n, platform: d.platform, interests: d.interests, user: d.user, locale: d.locale, timeZone: d.timeZone,
                appVersion: d.appVersion, tags: d.tags)
            if d.invalidated { try x.h.fixture.execute("UPDATE devices SET invalidated_at = 1000, invalid_reason = 'Unregistered' WHERE id = ?", [.text(id)]) }
            ids.append(id)
        }
        // Some devices already got a capped publish: a cap counts it.
        _ = try x.publish(["devices": .array(ids.prefix(8).map(JSONValue.string)), "notification": ["title": "before"], "options": ["frequencyCap": ["max": 5, "window": 3600]]])
        try x.deliver()
        x.now += 1
        for round in 0..<6 {
            let body = Self.body(&random, devices: ids, now: x.now)
            let previews = try x.preview(body, devices: ids)
            #expect(previews.count == ids.count)
            let publish = try x.publish(body)
            // Everything due at once: a local time's deliveries wait for their instant, which
            // the explanation reads from the delivery and the preview computes.
            while try x.store.fanOutStep(limit: 7, now: x.now) != nil {}
            let jobs = try x.store.claimDeliveries(appID: x.appID, now: x.now, limit: 1000)
            try x.store.completeDeliveries(jobs.map { DeliveryResult(seq: $0.seq, outcome: .sent(apnsID: nil)) }, now: x.now)
            var counted: [String: Int] = [:]
            for id in ids {
                let after = try x.explain(publish, id)
                let before = try #require(previews[id])
                #expect(
                    Self.comparable(before, publishID: publish) == Self.comparable(after, publishID: publish),
                    "seed \(seed), round \(round), \(JSONWriter.serialize(body))\nbefore: \(Self.comparable(before, publishID: publish).prefix(600))\nafter: \(Self.comparable(after, publishID: publish).prefix(600))")
                if after["state"] == "capped" || (after["state"] == nil && after["reached"] == true) {
                    #expect(before["capped"]?["applied"] == after["capped"]?["applied"], "seed \(seed), round \(round), device \(id)")
                }
                if let state = after["state"]?.stringValue { counted[state, default: 0] += 1 }
            }
            // What the explanations say matches what the statistics counted.
            let record = try #require(try x.store.publish(appID: x.appID, id: publish))
            let local = record.options.localTime != nil
            #expect(counted["sent", default: 0] == record.counts.sent, "seed \(seed), round \(round)")
            #expect(counted["capped", default: 0] == record.counts.capped, "seed \(seed), round \(round)")
            #expect(counted.values.reduce(0, +) == record.counts.targeted, "seed \(seed), round \(round)")
            if !local { #expect(counted["pending", default: 0] == 0) }
            x.now += 1
        }
    }

    @Test("a preview stores, counts and sends nothing; 100 devices at most; unknown devices 404", arguments: StoreKind.tested)
    func writesNothing(kind: StoreKind) throws {
        let x = try ExplainHarness(kind)
        let ids = try (0..<5).map { try x.device($0, user: $0 < 2 ? "eve" : nil) }
        let tables: [String] =
            kind == .sqlite
            ? try x.h.fixture.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").compactMap { $0 }
            : try x.h.fixture.rows("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename").compactMap { $0 }
        #expect(tables.contains("deliveries") && tables.contains("capped_sends") && tables.contains("audit_log"))
        func counts() throws -> [Int] { try tables.map { try x.h.fixture.scalar("SELECT count(*) FROM \($0)") ?? -1 } }
        let before = try counts()
        let body: JSONValue = ["interests": ["news"], "notification": ["title": "x"], "inbox": true, "options": ["frequencyCap": ["max": 1, "window": 60]]]
        let byUser = x.previewResponse(body, users: ["eve"])
        #expect(byUser.status == 200)
        #expect(byUser.json?["devices"]?.arrayValue?.compactMap { $0["deviceId"]?.stringValue }.sorted() == Array(ids.prefix(2)).sorted())
        #expect(try x.preview(body, devices: ids).count == 5)
        #expect(try counts() == before)
        #expect(x.h.published.count == 0)
        #expect(try x.store.nextDueTime() == nil)
        // Bad input: too many, unknown, both or neither, a bad publish.
        let many = x.previewResponse(body, devices: (0..<101).map { "dev_\($0)" })
        #expect(many.status == 400)
        #expect(many.errorMessage == "devices: has 101 entries; give 1 to 100")
        #expect(x.previewResponse(body, devices: ["dev_unknown"]).status == 404)
        #expect(x.previewResponse(body, devices: ids, users: ["eve"]).errorMessage.hasPrefix("body: give devices"))
        #expect(x.previewResponse(["notification": ["title": "x"]], devices: ids).errorMessage.hasPrefix("publish.body: give exactly one target"))
        // The publish's lint warnings come with the preview, as the publish would answer them.
        let lint = x.previewResponse(["interests": ["news"], "apns": ["aps": ["alert": "x"], "n": 3], "android": [:]], devices: ids)
        #expect(lint.status == 200)
        #expect(lint.json?["lint"]?.arrayValue?.compactMap(\.stringValue).contains { $0.hasPrefix("warning: fcm: data.n:") } == true)
    }
}

extension Array where Element == JSONValue {
    fileprivate func nonEmpty(or fallback: JSONValue) -> [JSONValue] { isEmpty ? [fallback] : self }
}
