import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// The counters behind the quotas (schema migration 4's triggers) stay equal to the rows
/// through every path that adds or removes devices and interests.
@Suite("Store quota counters")
struct StoreQuotaTests {
    static func counted(_ fixture: StoreFixture, _ app: String) throws -> (devices: Int, subscriptions: Int) {
        (
            try fixture.scalar("SELECT count(*) FROM devices WHERE app_id = ?", [.text(app)]) ?? -1,
            try fixture.scalar("SELECT count(*) FROM device_interests WHERE app_id = ?", [.text(app)]) ?? -1
        )
    }

    @Test("register, register again, set interests, delete and import keep the counts equal to the rows", arguments: StoreKind.tested)
    func exact(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store, app = fixture.appID
        func check(_ devices: Int, _ subscriptions: Int, _ step: String) throws {
            let usage = try store.usage(appID: app)
            let rows = try Self.counted(fixture, app)
            #expect(usage.devices == devices && usage.subscriptions == subscriptions, "\(step): \(usage)")
            #expect(rows.devices == devices && rows.subscriptions == subscriptions, "\(step): rows \(rows)")
        }
        let ids = try fixture.register(3, interests: ["a", "b"])
        try check(3, 6, "three devices")
        _ = try fixture.register(1, interests: ["b", "c", "d"])
        try check(3, 7, "device 0 registered again with other interests")
        #expect(try store.setInterests(appID: app, deviceID: ids[1], [], quota: .unlimited, now: 2))
        try check(3, 5, "device 1 without interests")
        #expect(try store.deleteDevice(appID: app, deviceID: ids[2], now: 1_000))
        try check(2, 3, "device 2 deleted")
        let imported = (10..<14).map { DeviceRegistration(token: StoreFixture.token($0), environment: .production, interests: ["x"]) }
        #expect(try store.importDevices(appID: app, imported, now: 3) == 4)
        try check(6, 7, "four imported")
        #expect(try store.usage(appID: "app_none") == (0, 0))
    }
}
