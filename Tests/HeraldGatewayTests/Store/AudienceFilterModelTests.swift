import Foundation
import HeraldCore
import HeraldTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// A filtered publish reaches exactly the devices a model says match: random devices
/// (tags of the three types, locales, time zones, app versions, platforms, interests,
/// users, some invalidated), random filter trees over them, random targets (`interests`,
/// `users`, the whole app), fanned out in random page sizes; the audience count of each
/// publish, asked before it, is the number it reaches.
@Suite("Audience filters (random devices and filters against a model)")
struct AudienceFilterModelTests {
    /// What the model knows of a device.
    struct Device {
        var id = ""
        var platform: PushPlatform
        var locale: String?
        var timeZone: String?
        var appVersion: String?
        var tags: [String: JSONValue]
        var interests: [String]
        var user: String?
        var invalidated = false

        func value(_ field: AudienceFilter.Field) -> JSONValue? {
            switch field {
            case .tag(let name): tags[name]
            case .locale: locale.map(JSONValue.string)
            case .language: locale.map { .string(String($0.prefix { $0 != "-" }).lowercased()) }
            case .timeZone: timeZone.map(JSONValue.string)
            case .appVersion: appVersion.map(JSONValue.string)
            case .platform: .string(platform.rawValue)
            }
        }
    }

    /// The documented semantics, evaluated plainly: a missing field matches `ne` only.
    static func matches(_ filter: AudienceFilter, _ device: Device) -> Bool {
        switch filter {
        case .and(let filters): return filters.allSatisfy { matches($0, device) }
        case .or(let filters): return filters.contains { matches($0, device) }
        case .not(let filter): return !matches(filter, device)
        case .condition(let c):
            let value = device.value(c.field)
            let expected = c.value ?? .null
            switch c.op {
            case .exists: return value != nil
            case .eq: return value.map { same($0, expected, c.field) } ?? false
            case .ne: return !(value.map { same($0, expected, c.field) } ?? false)
            case .in: return value.map { v in (expected.arrayValue ?? []).contains { same(v, $0, c.field) } } ?? false
            case .prefix:
                guard case .string(let text)? = value, case .string(let prefix)? = c.value else { return false }
                return text.hasPrefix(prefix)
            case .lt, .lte, .gt, .gte:
                guard let value, let order = order(value, expected, c.field) else { return false }
                switch c.op {
                case .lt: return order < 0
                case .lte: return order <= 0
                case .gt: return order > 0
                default: return order >= 0
                }
            }
        }
    }

    /// Equal values of one type; app versions part by part (`1.2` is `1.2.0`).
    static func same(_ a: JSONValue, _ b: JSONValue, _ field: AudienceFilter.Field) -> Bool {
        if field == .appVersion { return order(a, b, field) == 0 }
        switch (a, b) {
        case (.string(let x), .string(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.bool, _), (_, .bool), (.string, _), (_, .string): return false
        default: return a.doubleValue == b.doubleValue
        }
    }

    /// The sign of a − b: numbers, or app versions compared as four numbers.
    static func order(_ a: JSONValue, _ b: JSONValue, _ field: AudienceFilter.Field) -> Int? {
        if field == .appVersion, case .string(let x) = a, case .string(let y) = b {
            func parts(_ v: String) -> [Int] {
                let p = v.split(separator: ".").map { Int($0) ?? 0 }; return p + Array(repeating: 0, count: 4 - p.count)
            }
            let (p, q) = (parts(x), parts(y))
            return p == q ? 0 : p.lexicographicallyPrecedes(q) ? -1 : 1
        }
        switch (a, b) {
        case (.string, _), (_, .string), (.bool, _), (_, .bool): return nil
        default: break
        }
        guard let x = a.doubleValue, let y = b.doubleValue else { return nil }
        return x == y ? 0 : x < y ? -1 : 1
    }

    static let tagNames = ["plan", "score", "beta"]
    static let texts: [JSONValue] = ["free", "pro", "pro-max", "Pro", "2"]
    static let numbers: [JSONValue] = [-1, 0, 1.5, 2, 10]
    static let versions = ["1.9", "1.10", "2", "2.0.0", "10.1.3", "1.10.0.1"]
    static let locales = ["de-AT", "de-DE", "en-US", "fr", "pt-BR"]
    static let zones = ["Europe/Vienna", "America/New_York", "Asia/Tokyo"]

    static func pick<T>(_ options: [T], _ random: inout SeededGenerator) -> T { options[Int.random(in: options.indices, using: &random)] }

    static func tagValue(_ random: inout SeededGenerator) -> JSONValue {
        switch Int.random(in: 0..<3, using: &random) {
        case 0: pick(texts, &random)
        case 1: pick(numbers, &random)
        default: .bool(Bool.random(using: &random))
        }
    }

    static func device(_ random: inout SeededGenerator) -> Device {
        func maybe<T>(_ options: [T], _ random: inout SeededGenerator) -> T? {
            Int.random(in: 0..<4, using: &random) == 0 ? nil : options.randomElement(using: &random)
        }
        var tags: [String: JSONValue] = [:]
        for name in tagNames where Bool.random(using: &random) { tags[name] = tagValue(&random) }
        return Device(
            platform: Bool.random(using: &random) ? .apns : .fcm, locale: maybe(locales, &random), timeZone: maybe(zones, &random),
            appVersion: maybe(versions, &random), tags: tags, interests: ["a", "b"].filter { _ in Bool.random(using: &random) },
            user: maybe(["u1", "u2"], &random), invalidated: Int.random(in: 0..<8, using: &random) == 0)
    }

    /// A random condition whose value fits its field and operator (the API's rules).
    static func condition(_ random: inout SeededGenerator) -> AudienceFilter.Condition {
        let fields: [AudienceFilter.Field] =
            tagNames.map(AudienceFilter.Field.tag) + [.locale, .language, .timeZone, .appVersion, .platform]
        let field = pick(fields, &random)
        func value(_ random: inout SeededGenerator) -> JSONValue {
            switch field {
            case .tag: tagValue(&random)
            case .locale: .string(pick(locales, &random))
            case .language: .string(pick(["de", "en", "fr", "pt"], &random))
            case .timeZone: .string(pick(zones, &random))
            case .appVersion: .string(pick(versions, &random))
            case .platform: .string(Bool.random(using: &random) ? "apns" : "fcm")
            }
        }
        var ops: [AudienceFilter.Operator] = [.eq, .ne, .in, .exists, .prefix]
        if case .tag = field { ops += [.lt, .lte, .gt, .gte] }
        if field == .appVersion { ops += [.lt, .lte, .gt, .gte] }
        let op = pick(ops, &random)
        switch op {
        case .exists: return .init(field: field, op: op)
        case .in: return .init(field: field, op: op, value: .array((0..<Int.random(in: 1...3, using: &random)).map { _ in value(&random) }))
        case .prefix:
            let text = pick([JSONValue.string("pro"), "de", "Europe/", "1.1", "fc", "", "P"], &random)
            return .init(field: field, op: op, value: text)
        case .lt, .lte, .gt, .gte:
            if case .tag = field { return .init(field: field, op: op, value: pick(numbers, &random)) }
            return .init(field: field, op: op, value: value(&random))
        default: return .init(field: field, op: op, value: value(&random))
        }
    }

    static func filter(_ random: inout SeededGenerator, depth: Int = 1) -> AudienceFilter {
        guard depth < 4, Int.random(in: 0..<3, using: &random) > 0 || depth == 1 else { return .condition(condition(&random)) }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: return .and((0..<Int.random(in: 1...3, using: &random)).map { _ in filter(&random, depth: depth + 1) })
        case 1: return .or((0..<Int.random(in: 1...3, using: &random)).map { _ in filter(&random, depth: depth + 1) })
        case 2: return .not(filter(&random, depth: depth + 1))
        default: return .condition(condition(&random))
        }
    }

    @Test("a filtered publish reaches exactly the matching devices", arguments: StoreKind.tested, 0..<4)
    func randomFilters(kind: StoreKind, seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed) &* 104_729 &+ 3)
        let fixture = try StoreFixture(kind)
        var devices = (0..<30).map { _ in Self.device(&random) }
        for n in devices.indices {
            let d = devices[n]
            devices[n].id = try fixture.store.registerDevice(
                appID: fixture.appID,
                DeviceRegistration(
                    platform: d.platform, token: d.platform == .apns ? StoreFixture.token(n) : "fcm-token-\(n)", environment: .production,
                    interests: d.interests, userID: d.user.map { .some($0) },
                    attributes: DeviceAttributes(locale: d.locale, timeZone: d.timeZone, appVersion: d.appVersion, tags: d.tags)),
                quota: .unlimited, now: 1_000
            ).id
            if d.invalidated { try fixture.execute("UPDATE devices SET invalidated_at = 1000 WHERE id = ?", [.text(devices[n].id)]) }
        }
        // What an explanation reads: the devices as the store keeps them.
        let records = try devices.map { try #require(try fixture.store.device(appID: fixture.appID, id: $0.id)) }
        for round in 0..<60 {
            let filter = Self.filter(&random)
            // The filter tested in memory (explanations, previews) means what the model says.
            for (d, record) in zip(devices, records) {
                #expect(filter.matches(record) == Self.matches(filter, d), "seed \(seed), round \(round): \(JSONWriter.serialize(filter.json))")
            }
            // The stored filter is the one sent: its JSON reads back the same.
            #expect(try AudienceFilter(json: filter.json) == filter)
            let target: PublishTarget = Self.pick([.app, .interests(["a", "b"]), .users(["u1"])], &random)
            let reached = devices.filter { d in
                guard !d.invalidated, Self.matches(filter, d) else { return false }
                switch target {
                case .interests(let names): return !Set(names).isDisjoint(with: d.interests)
                case .users(let users): return d.user.map(users.contains) ?? false
                default: return true
                }
            }
            // The audience count is the same condition, counted: what the publish will reach.
            let counted = try fixture.store.audience(appID: fixture.appID, target: target, filter: filter)
            #expect(counted.devices == reached.count, "seed \(seed), round \(round): audience of \(JSONWriter.serialize(filter.json))")
            #expect(counted.byPlatform.filter { $0.value > 0 } == Dictionary(grouping: reached, by: \.platform).mapValues(\.count))
            #expect(counted.byLanguage == Dictionary(grouping: reached) { $0.value(.language)?.stringValue ?? "" }.mapValues(\.count))
            let id = try fixture.store.createPublish(
                NewPublish(
                    appID: fixture.appID, target: target, payload: ["aps": ["alert": "hi"]], options: PublishOptions(), createdAt: 1_000,
                    filter: filter)
            ).id
            try fixture.fanOutAll(batch: Int.random(in: 1...40, using: &random))
            let delivered = try fixture.rows(
                "SELECT v.id FROM deliveries d JOIN devices v ON v.seq = d.device_seq WHERE d.publish_id = ?", [.text(id)])
            #expect(
                Set(delivered.compactMap { $0 }) == Set(reached.map(\.id)) && delivered.count == reached.count,
                "seed \(seed), round \(round): \(target.kind) filtered by \(JSONWriter.serialize(filter.json))")
            #expect(try fixture.store.publish(appID: fixture.appID, id: id)?.filter == filter)
        }
    }
}
