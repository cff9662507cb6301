import Foundation
import HeraldFCMModel
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Store: FCM credentials")
struct StoreFCMCredentialsTests {
    @Test("set, read back with the app and in the list, replaced; an unknown app is false", arguments: StoreKind.tested)
    func roundTrip(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        #expect(try fixture.store.app(id: fixture.appID)?.fcmCredentials == nil)
        let credentials = try FCMTestAccount.credentials()
        #expect(try fixture.store.setFCMCredentials(appID: fixture.appID, credentials))
        #expect(try fixture.store.setFCMCredentials(appID: "app_nope", credentials) == false)
        let stored = try #require(try fixture.store.app(id: fixture.appID)?.fcmCredentials)
        #expect(stored == credentials)
        #expect(stored.projectID == "demo-project")
        #expect(try stored.serviceAccount().clientEmail == "herald@demo-project.iam.gserviceaccount.com")
        #expect(try fixture.store.apps().first { $0.id == fixture.appID }?.fcmCredentials == credentials)
        // Authorizing reads the keys only.
        #expect(try fixture.store.app(id: fixture.appID, includingCredentials: false)?.fcmCredentials == nil)
        let moved = try FCMTestAccount.credentials(endpoint: "https://127.0.0.1:2198")
        #expect(try fixture.store.setFCMCredentials(appID: fixture.appID, moved))
        #expect(try fixture.store.app(id: fixture.appID)?.fcmCredentials?.endpoint == "https://127.0.0.1:2198")
    }

    @Test("an app created with FCM credentials and no APNs ones keeps them", arguments: StoreKind.tested)
    func createWithFCMOnly(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let created = try AppProvisioning(store: fixture.store).create(
            name: "Android", bundleID: "com.example.android", credentials: [], fcmCredentials: try FCMTestAccount.credentials(),
            rateLimit: nil, now: 1)
        let app = try #require(try fixture.store.app(id: created.appID))
        #expect(app.credentials.isEmpty)
        #expect(app.fcmCredentials?.projectID == "demo-project")
    }

    @Test("printing credentials or an app never shows the private key")
    func redacted() throws {
        let credentials = try FCMTestAccount.credentials()
        let app = AppRecord(
            id: "app_1", name: "A", bundleID: "com.e.a", serverKeyHash: "", clientKeyHash: "", fcmCredentials: credentials, createdAt: 0)
        for text in [
            "\(credentials)", String(reflecting: credentials), "\(app)", String(reflecting: app),
            "\(Mirror(reflecting: credentials).children.map(\.value))",
        ] {
            #expect(!text.contains("PRIVATE KEY"), "\(text)")
            #expect(!text.contains("private_key"), "\(text)")
        }
        #expect("\(credentials)".contains("demo-project"))
    }
}
