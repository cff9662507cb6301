import Foundation
import HeraldAPNsModel
import HeraldAuth
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Store: apps and devices")
struct StoreDeviceTests {
    @Test("an app is stored with its key hashes and credentials, and read back", arguments: StoreKind.tested)
    func apps(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let credentials = APNSCredentials(
            environment: .sandbox,
            method: .token(keyID: "ABCDE12345", teamID: "TEAM123456", privateKeyPEM: "-----BEGIN PRIVATE KEY-----\nx\n"),
            endpoint: "https://127.0.0.1:2197", caFile: "/tmp/ca.pem")
        #expect(try fixture.store.setCredentials(appID: fixture.appID, credentials))
        #expect(try fixture.store.setCredentials(appID: "app_nope", credentials) == false)
        let app = try #require(try fixture.store.app(id: fixture.appID))
        #expect(app.bundleID == "com.example.test")
        #expect(app.credentials(for: .sandbox) == credentials)
        #expect(app.credentials(for: .production) == nil)
        #expect(try fixture.store.updateKeys(appID: fixture.appID, server: "abc", client: nil, userTokenSecret: nil))
        let updated = try #require(try fixture.store.app(id: fixture.appID))
        #expect(updated.serverKeyHash == "abc")
        #expect(updated.clientKeyHash == SHA256.hex("client"))
        #expect(try fixture.store.apps().map(\.id) == [fixture.appID])
    }

    @Test("the same token registers once: the second time updates the same device", arguments: StoreKind.tested)
    func sameToken(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let token = StoreFixture.token(1)
        let first = try fixture.store.registerDevice(
            appID: fixture.appID,
            DeviceRegistration(token: token, environment: .sandbox, interests: ["a", "b"], userID: "u1", metadata: ["v": 1]),
            quota: .unlimited, now: 10)
        #expect(first.created)
        let second = try fixture.store.registerDevice(
            appID: fixture.appID, DeviceRegistration(token: token, environment: .production), quota: .unlimited, now: 20)
        #expect(second.created == false)
        #expect(second.id == first.id)
        let device = try #require(try fixture.store.device(appID: fixture.appID, id: first.id))
        #expect(device.environment == .production)
        #expect(device.interests == ["a", "b"], "omitted interests are kept")
        #expect(device.userID == "u1", "an omitted user is kept")
        #expect(device.metadata == ["v": 1])
        #expect(device.tokenRegisteredAt == 20)
        #expect(try fixture.store.device(appID: "other", id: first.id) == nil, "another app cannot see it")
    }

    @Test("interests and user can be replaced and cleared; delete removes the device", arguments: StoreKind.tested)
    func updates(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let id = try fixture.register(1)[0]
        #expect(try fixture.store.setInterests(appID: fixture.appID, deviceID: id, ["x", "y", "x"], quota: .unlimited, now: 5))
        #expect(try fixture.store.device(appID: fixture.appID, id: id)?.interests == ["x", "y"])
        #expect(try fixture.store.setUser(appID: fixture.appID, deviceID: id, "alice", now: 5))
        #expect(try fixture.store.device(appID: fixture.appID, id: id)?.userID == "alice")
        #expect(try fixture.store.setUser(appID: fixture.appID, deviceID: id, nil, now: 5))
        #expect(try fixture.store.device(appID: fixture.appID, id: id)?.userID == nil)
        #expect(try fixture.store.setInterests(appID: fixture.appID, deviceID: "dev_nope", [], quota: .unlimited, now: 5) == false)
        #expect(try fixture.store.deleteDevice(appID: fixture.appID, deviceID: id, now: 1_000))
        #expect(try fixture.store.device(appID: fixture.appID, id: id) == nil)
        #expect(try fixture.store.deleteDevice(appID: fixture.appID, deviceID: id, now: 1_000) == false)
    }

    @Test("a user has at most 100 devices; the 101st is refused with a clear error", arguments: StoreKind.tested)
    func userLimit(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(100, user: "bob")
        #expect {
            try fixture.register(1, from: 100, user: "bob")
        } throws: { error in
            (error as? StoreError)?.reason == .limitExceeded && "\(error)".contains("100 devices")
        }
        let other = try fixture.register(1, from: 200)[0]
        #expect(throws: StoreError.self) { try fixture.store.setUser(appID: fixture.appID, deviceID: other, "bob", now: 1) }
        // Re-registering one of bob's own devices is not a new device.
        _ = try fixture.register(1, from: 0, user: "bob")
    }
}
