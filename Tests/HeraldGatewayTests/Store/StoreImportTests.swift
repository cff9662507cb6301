import Foundation
import HeraldAuth
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// `importDevices` (the operator's `herald app import-devices`): the same outcome as
/// registering each device in turn, in one transaction, on both stores (PostgreSQL puts
/// new tokens in by the thousand).
@Suite("Store: importing devices")
struct StoreImportTests {
    static func registration(_ n: Int, _ environment: APNsEnvironment = .production, interests: [String]? = ["x"], user: String? = nil)
        -> DeviceRegistration
    {
        DeviceRegistration(
            token: StoreFixture.token(n), environment: environment, interests: interests, userID: user.map { .some($0) },
            metadata: ["n": .int(n)])
    }

    @Test(
        "5,000 devices across batches, one already registered, one twice in the file: each once, the last registration wins, counts exact",
        arguments: StoreKind.tested)
    func batches(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let store = fixture.store, app = fixture.appID
        let known = try fixture.register(1, from: 7, interests: ["old"])[0]
        var file = (0..<5000).map { Self.registration($0, interests: $0 % 2 == 0 ? ["x", "y"] : ["x"], user: $0 < 3 ? "ann" : nil) }
        file.append(Self.registration(4000, .sandbox, interests: ["z"]))  // 4000 again, later in the file
        #expect(try store.importDevices(appID: app, file, now: 5) == 4999, "every token but the one registered before is new")
        // Even devices have two interests, odd ones one; 4000's last registration has one.
        #expect(try store.usage(appID: app) == (5000, 2500 * 2 + 2500 - 1))
        #expect(try fixture.scalar("SELECT count(*) FROM device_interests") == 7499)
        let again = try #require(try fixture.rows("SELECT id FROM devices WHERE token = ?", [.text(StoreFixture.token(4000))]).first ?? nil)
        let device = try #require(try store.device(appID: app, id: again))
        #expect(device.environment == .sandbox && device.interests == ["z"])
        let kept = try #require(try store.device(appID: app, id: known))
        #expect(kept.interests == ["x"] && kept.metadata["n"] == .int(7), "an import registers a known token again: its interests replaced")
        #expect(try fixture.scalar("SELECT count(*) FROM devices WHERE user_id = 'ann'") == 3)
    }

    @Test("devices are read from the source one at a time; an error from it rolls back the devices read before", arguments: StoreKind.tested)
    func sourceError(kind: StoreKind) throws {
        struct Broken: Error {}
        let fixture = try StoreFixture(kind)
        let opened = Counter()
        let source = DeviceImportSource {
            opened.add()
            var n = 0
            return {
                n += 1
                guard n <= 2500 else { throw Broken() }
                return Self.registration(n)
            }
        }
        #expect(throws: Broken.self) { try fixture.store.importDevices(appID: fixture.appID, from: source, quota: .unlimited, now: 5) }
        #expect(opened.value == 1)
        #expect(try fixture.scalar("SELECT count(*) FROM devices") == 0)
        #expect(try fixture.store.usage(appID: fixture.appID) == (0, 0))
        let whole = DeviceImportSource((0..<2500).map { Self.registration($0) })
        #expect(try fixture.store.importDevices(appID: fixture.appID, from: whole, quota: .unlimited, now: 5) == 2500)
    }

    @Test("a file that takes a user past 100 devices imports nothing", arguments: StoreKind.tested)
    func userLimit(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let file = (0..<101).map { Self.registration($0, user: "bob") }
        #expect(throws: StoreError.self) { try fixture.store.importDevices(appID: fixture.appID, file, now: 5) }
        #expect(try fixture.store.usage(appID: fixture.appID) == (0, 0))
        #expect(try fixture.scalar("SELECT count(*) FROM devices") == 0)
    }

    @Test(
        "the pages of an export: every device of the app once, in id order, with its attributes; another app's never",
        arguments: StoreKind.tested)
    func pagesAfter(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let ids = try fixture.register(7, interests: ["a", "b"])
        try fixture.store.createApp(
            AppRecord(
                id: "app_other", name: "Other", bundleID: "com.example.other", serverKeyHash: SHA256.hex("s2"),
                clientKeyHash: SHA256.hex("c2"), createdAt: 1_000))
        _ = try fixture.store.registerDevice(
            appID: "app_other", DeviceRegistration(token: StoreFixture.token(99), environment: .sandbox), quota: .unlimited, now: 1_000)
        _ = try fixture.store.setAttributes(
            appID: fixture.appID, deviceID: ids[3], DeviceAttributes(locale: "de-AT", tags: ["vip": true]), now: 1_001)
        var pages: [[DeviceRecord]] = [], after = ""
        while true {
            let page = try fixture.store.devices(appID: fixture.appID, matching: .after(after), limit: 3)
            guard let last = page.last else { break }
            pages.append(page)
            after = last.id
        }
        #expect(pages.map(\.count) == [3, 3, 1])
        let listed = pages.flatMap { $0 }
        #expect(listed.map(\.id) == ids.sorted())
        #expect(listed.allSatisfy { $0.appID == fixture.appID && $0.interests.sorted() == ["a", "b"] })
        let changed = try #require(listed.first { $0.id == ids[3] })
        #expect(changed.locale == "de-AT" && changed.tags == ["vip": true])
    }

    @Test("Android devices are imported with their platform, in a batch and registered again", arguments: StoreKind.tested)
    func android(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let file = (0..<3).map { DeviceRegistration(platform: .fcm, token: "fcm:\($0)", environment: .production, interests: ["x"]) }
        #expect(try fixture.store.importDevices(appID: fixture.appID, file + [file[0]], now: 5) == 3)
        let platforms = try fixture.rows("SELECT platform FROM devices ORDER BY token", [])
        #expect(platforms == ["fcm", "fcm", "fcm"])
    }
}

/// A count shared with a `Sendable` closure.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
