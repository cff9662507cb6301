import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Store: device attributes")
struct StoreDeviceAttributeTests {
    static let attributes = DeviceAttributes(
        locale: "de-AT", timeZone: "Europe/Vienna", appVersion: "2.10.1", tags: ["plan": "pro", "score": 2.5, "beta": true])

    func register(_ fixture: StoreFixture, _ attributes: DeviceAttributes, now: Double = 10) throws -> String {
        try fixture.store.registerDevice(
            appID: fixture.appID, DeviceRegistration(token: StoreFixture.token(1), environment: .sandbox, attributes: attributes),
            quota: .unlimited, now: now
        ).id
    }

    /// The device's tag rows as `name=value`, by name.
    func tagRows(_ fixture: StoreFixture) throws -> [String?] {
        try fixture.rows(
            """
            SELECT name || '=' || coalesce(value_text, CAST(value_number AS TEXT), CASE WHEN value_bool THEN 'true' ELSE 'false' END)
            FROM device_tags ORDER BY name
            """)
    }

    @Test("a registration stores locale, time zone, app version and tags, with the language and a version key", arguments: StoreKind.tested)
    func registration(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let id = try register(fixture, Self.attributes)
        let device = try #require(try fixture.store.device(appID: fixture.appID, id: id))
        #expect(device.locale == "de-AT")
        #expect(device.timeZone == "Europe/Vienna")
        #expect(device.appVersion == "2.10.1")
        #expect(device.tags == ["plan": "pro", "score": 2.5, "beta": true])
        #expect(try fixture.rows("SELECT language FROM devices") == ["de"])
        #expect(try fixture.rows("SELECT app_version_key FROM devices") == ["000000002.000000010.000000001.000000000"])
        #expect(try tagRows(fixture) == ["beta=true", "plan=pro", "score=2.5"])
        #expect(try fixture.rows("SELECT DISTINCT app_id FROM device_tags") == [fixture.appID])
    }

    @Test("fields left out are kept, null clears one, tags are replaced as a whole", arguments: StoreKind.tested)
    func changes(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let id = try register(fixture, Self.attributes)
        #expect(try register(fixture, DeviceAttributes(), now: 20) == id)
        var device = try #require(try fixture.store.device(appID: fixture.appID, id: id))
        #expect(device.locale == "de-AT" && device.timeZone == "Europe/Vienna" && device.appVersion == "2.10.1")
        #expect(device.tags.count == 3, "a registration without attributes keeps them")
        let change = DeviceAttributes(locale: .some(nil), appVersion: "2.9", tags: ["plan": "free"])
        #expect(try fixture.store.setAttributes(appID: fixture.appID, deviceID: id, change, now: 30))
        device = try #require(try fixture.store.device(appID: fixture.appID, id: id))
        #expect(device.locale == nil)
        #expect(device.timeZone == "Europe/Vienna", "a field left out is kept")
        #expect(device.appVersion == "2.9")
        #expect(device.tags == ["plan": "free"])
        #expect(try fixture.rows("SELECT language FROM devices") == [nil])
        #expect(try fixture.rows("SELECT app_version_key FROM devices") == ["000000002.000000009.000000000.000000000"])
        #expect(try tagRows(fixture) == ["plan=free"])
        #expect(try fixture.store.setAttributes(appID: fixture.appID, deviceID: id, DeviceAttributes(tags: [:]), now: 40))
        #expect(try fixture.store.device(appID: fixture.appID, id: id)?.tags == [:])
        #expect(try tagRows(fixture) == [])
        #expect(try fixture.store.setAttributes(appID: fixture.appID, deviceID: "dev_nope", change, now: 40) == false)
    }

    @Test("deleting a device deletes its tags; an import stores attributes", arguments: StoreKind.tested)
    func deleteAndImport(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let id = try register(fixture, Self.attributes)
        #expect(try fixture.store.deleteDevice(appID: fixture.appID, deviceID: id, now: 1_000))
        #expect(try tagRows(fixture) == [])
        let registrations = (0..<3).map { n in
            DeviceRegistration(
                token: StoreFixture.token(10 + n), environment: .production,
                attributes: DeviceAttributes(locale: "fr-CA", tags: ["n": .int(n)]))
        }
        #expect(try fixture.store.importDevices(appID: fixture.appID, registrations, now: 5) == 3)
        #expect(try fixture.rows("SELECT DISTINCT language FROM devices") == ["fr"])
        #expect(try fixture.scalar("SELECT count(*) FROM device_tags WHERE name = 'n'") == 3)
    }

    @Test("versions sort as versions, the language is the primary subtag in lower case")
    func derived() {
        let keys = ["1.10", "1.9.9", "1.2", "1.2.0.1", "10"].map(DeviceAttributes.versionKey(of:))
        #expect(keys.sorted() == ["1.2", "1.2.0.1", "1.9.9", "1.10", "10"].map(DeviceAttributes.versionKey(of:)))
        #expect(DeviceAttributes.versionKey(of: "1.2") == DeviceAttributes.versionKey(of: "1.2.0"))
        #expect(DeviceAttributes.language(of: "zh-Hant-TW") == "zh")
        #expect(DeviceAttributes.language(of: "gsw") == "gsw")
    }

    @Test(
        "a filter by language, time zone, app version or tag reads an index, not every device (the plan; PostgreSQL's without sequential scans)",
        arguments: StoreKind.tested)
    func indexes(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let plans = [
            ("SELECT seq FROM devices WHERE app_id = 'a' AND language = 'de'", "devices_language"),
            ("SELECT seq FROM devices WHERE app_id = 'a' AND language = 'de' AND locale = 'de-AT'", "devices_language"),
            ("SELECT seq FROM devices WHERE app_id = 'a' AND time_zone = 'Europe/Berlin'", "devices_time_zone"),
            ("SELECT seq FROM devices WHERE app_id = 'a' AND app_version_key >= '000000002'", "devices_app_version"),
            ("SELECT device_seq FROM device_tags WHERE app_id = 'a' AND name = 'plan' AND value_text = 'pro'", "device_tags_text"),
            ("SELECT device_seq FROM device_tags WHERE app_id = 'a' AND name = 'score' AND value_number > 2", "device_tags_number"),
            ("SELECT device_seq FROM device_tags WHERE app_id = 'a' AND name = 'beta' AND value_bool = TRUE", "device_tags_bool"),
        ]
        for (query, index) in plans {
            let plan = try Self.plan(fixture.store, query)
            #expect(plan.contains(index), "\(query): \(plan)")
        }
    }

    /// The database's plan for `query`, one line; on PostgreSQL with sequential scans off,
    /// so an empty table still shows which index the query can use.
    static func plan(_ store: any GatewayStore, _ query: String) throws -> String {
        switch store {
        case let sqlite as SQLiteStore:
            return try sqlite.read { db in try db.queryOnce("EXPLAIN QUERY PLAN " + query, []) { $0.optionalString(3) } }
                .compactMap { $0 }.joined(separator: "; ")
        case let postgres as PostgresStore:
            return try postgres.write { db in
                _ = try db.execute("SET LOCAL enable_seqscan = off")
                return try db.query("EXPLAIN " + query).map { try $0.string(0) }.joined(separator: "; ")
            }
        default:
            Issue.record("unknown store \(type(of: store))")
            return ""
        }
    }
}
