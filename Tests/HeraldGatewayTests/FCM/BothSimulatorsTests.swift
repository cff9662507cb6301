import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldAPNsSimulator
import HeraldCore
import HeraldFCMModel
import HeraldFCMSimulator
import HeraldGatewayAPNs
import HeraldGatewayFCM
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// One gateway, one publish, both push services: the API and the engine over a store, with
/// the real deliverers sending to the APNs simulator and the FCM simulator.
@Suite("A publish to iOS and Android through the APNs and FCM simulators", .serialized)
struct BothSimulatorsTests {
    @Test(
        "an interest with iOS and Android devices: each device gets the publish once, on its own service; statistics per platform; a token FCM calls UNREGISTERED is invalidated and not sent to again",
        arguments: StoreKind.tested)
    func bothServices(kind: StoreKind) async throws {
        let (apns, apnsCredentials) = try APNsPushDelivererTests.simulator()
        defer { apns.stop() }
        let fcm = try FCMSimulator.start(FCMSimulatorConfiguration())
        defer { fcm.stop() }
        let api = try APIHarness(kind)
        let store = api.fixture.store
        _ = try store.setCredentials(appID: api.appID, apnsCredentials)
        let account = try String(contentsOfFile: fcm.serviceAccountFile, encoding: .utf8)
        _ = try store.setFCMCredentials(appID: api.appID, FCMCredentials(serviceAccountJSON: account, endpoint: fcm.url, caFile: fcm.caFile))

        var iOS: [String] = []
        for n in 0..<3 {
            let token = StoreFixture.token(n)
            let answer = api.send(
                "POST", api.devices, key: api.clientKey, json: ["token": .string(token), "environment": "sandbox", "interests": ["news"]])
            #expect(answer.status == 201, "\(answer.errorMessage)")
            iOS.append(token)
        }
        let android = ["android-device-0", "android-device-1", "unregistered-android"]
        for token in android {
            let answer = api.send(
                "POST", api.devices, key: api.clientKey, json: ["token": .string(token), "platform": "fcm", "interests": ["news"]])
            #expect(answer.status == 201, "\(answer.errorMessage)")
        }
        let apnsDeliverer = APNsPushDeliverer()
        let fcmDeliverer = FCMPushDeliverer(settings: .init(connections: 1, requestTimeout: 5))
        let engine = DeliveryEngine(
            store: store, deliverer: apnsDeliverer, fcmDeliverer: fcmDeliverer, clock: LiveServerClock(), wallTime: { api.clock.now })
        let body: JSONValue = [
            "interests": ["news"],
            "notification": ["title": "Sale", "body": "Today only", "link": "https://example.com/sale", "data": ["sku": "A1"]],
        ]
        let published = api.publish(body)
        let first = try #require(published.json?["publishId"]?.stringValue, "\(published.errorMessage)")
        await engine.runUntilIdle()

        #expect(apns.accepted.map(\.token).sorted() == iOS.sorted(), "each iOS device once, through APNs")
        let delivered = fcm.accepted.compactMap { $0["token"]?.stringValue }
        #expect(delivered.sorted() == ["android-device-0", "android-device-1"], "each live Android device once, through FCM")
        let message = try #require(fcm.accepted.first)
        #expect(message["notification"] == ["title": "Sale", "body": "Today only"])
        #expect(message["data"]?["sku"] == "A1" && message["data"]?["herald.publishId"]?.stringValue == first)
        let status = try #require(api.send("GET", api.publishes + "/" + first, key: api.serverKey).json)
        #expect(status["status"] == "done" && status["targeted"] == 6 && status["sent"] == 5 && status["invalidated"] == 1)
        #expect(
            status["byPlatform"] == [
                "apns": ["targeted": 3, "sent": 3, "failed": 0, "invalidated": 0, "capped": 0],
                "fcm": ["targeted": 3, "sent": 2, "failed": 0, "invalidated": 1, "capped": 0],
            ])
        #expect(status["failures"] == ["fcm UNREGISTERED": 1])

        let second = try #require(api.publish(body).json?["publishId"]?.stringValue)
        await engine.runUntilIdle()
        let again = try #require(api.send("GET", api.publishes + "/" + second, key: api.serverKey).json)
        #expect(again["targeted"] == 5 && again["sent"] == 5, "the dead token is not sent to again: \(again)")
        #expect(fcm.statistics.rejected["UNREGISTERED"] == 1)
        await fcmDeliverer.shutdown()
    }
}
