import Foundation
import HeraldFCMModel
import HeraldFCMSimulator
@testable import HeraldGateway
import HeraldGatewayFCM
import HeraldShared
import Testing

@Suite("The FCM deliverer against herald fcm-sim")
struct FCMPushDelivererTests {
    /// A running simulator, a deliverer that trusts it and the service account's file, stopped after `body`.
    func withDeliverer<T>(
        timeout: Double = 5, _ body: (FCMSimulator, FCMPushDeliverer, FCMCredentials) async throws -> T
    ) async throws -> T {
        let simulator = try FCMSimulator.start(FCMSimulatorConfiguration())
        defer { simulator.stop() }
        let account = try FCMCredentials(serviceAccountJSON: String(contentsOfFile: simulator.serviceAccountFile, encoding: .utf8))
        let deliverer = FCMPushDeliverer(
            settings: .init(endpoint: simulator.url, caFile: simulator.caFile, connections: 1, requestTimeout: timeout),
            wallClock: { 1_000 })
        let result = try await body(simulator, deliverer, account)
        await deliverer.shutdown()
        return result
    }

    func notification(_ token: String, payload: String = #"{"aps": {"alert": {"title": "Hi", "body": "There"}}, "herald": {"publishId": "pub_1"}, "n": 2}"#)
        -> OutgoingNotification
    {
        OutgoingNotification(
            deviceToken: token, bundleID: "com.example", pushType: "alert", priority: 10, expiration: 1_060, collapseID: "c",
            apnsID: "id-" + token, payload: Array(payload.utf8), publishID: "pub_1")
    }

    @Test("a batch is rendered for Android and accepted, one outcome per notification in order")
    func accepted() async throws {
        try await withDeliverer { simulator, deliverer, account in
            let outcomes = await deliverer.deliver([notification("device-1"), notification("device-2")], credentials: account)
            #expect(outcomes == [.accepted(apnsID: "id-device-1"), .accepted(apnsID: "id-device-2")])
            let sent = try #require(simulator.accepted.first { $0["token"]?.stringValue == "device-1" })
            #expect(sent["notification"] == ["title": "Hi", "body": "There"])
            #expect(sent["android"]?["ttl"]?.stringValue == "60s" && sent["android"]?["priority"]?.stringValue == "HIGH")
            #expect(sent["android"]?["collapse_key"]?.stringValue == "c")
            #expect(sent["data"] == ["herald.publishId": "pub_1", "n": "2"])
        }
    }

    @Test(
        "each FCM fault maps to the engine's action",
        arguments: [
            ("unregistered-1", RefusalAction.invalidate, "UNREGISTERED"), ("mismatch-1", .invalidate, "SENDER_ID_MISMATCH"),
            ("invalid-1", .fail, "INVALID_ARGUMENT"), ("quota-1", .retry, "QUOTA_EXCEEDED"), ("unavailable-1", .retry, "UNAVAILABLE"),
            ("internal-1", .retry, "INTERNAL"),
        ])
    func faults(token: String, action: RefusalAction, reason: String) async throws {
        try await withDeliverer { simulator, deliverer, account in
            let outcomes = await deliverer.deliver([notification(token), notification("device-ok")], credentials: account)
            guard case .refusal(let refusal) = outcomes.first else {
                Issue.record("expected a refusal, got \(outcomes)")
                return
            }
            #expect(refusal.service == "fcm" && refusal.action == action && refusal.reason == reason)
            #expect(refusal.retryAfter == (reason == "QUOTA_EXCEEDED" ? 30 : nil))
            #expect(outcomes.last == .accepted(apnsID: "id-device-ok"))
            // The engine retries: the deliverer's client sends once.
            #expect(simulator.statistics.rejected[reason] == 1)
        }
    }

    @Test("refused or missing credentials pause the app; no answer is a transport failure")
    func credentialsAndTransport() async throws {
        try await withDeliverer(timeout: 0.5) { simulator, deliverer, account in
            var other = try JSONParser().parse(Array(account.serviceAccountJSON.utf8)).objectValue ?? [:]
            other["project_id"] = "someone-else"
            let foreign = try FCMCredentials(serviceAccountJSON: JSONWriter.serialize(.object(other)))
            guard case .refusal(let denied) = await deliverer.deliver([notification("device")], credentials: foreign).first else {
                Issue.record("expected a refusal")
                return
            }
            #expect(denied.action == .pauseForCredentials && denied.reason == "PERMISSION_DENIED")
            let unreadable = FCMCredentials(stored: "{}", projectID: "p", clientEmail: "e@p", endpoint: nil, caFile: nil)
            for missing in [nil, unreadable] {
                let outcomes = await deliverer.deliver([notification("device")], credentials: missing)
                #expect(outcomes.map(\.refusalAction) == [.pauseForCredentials])
            }
            let stalled = await deliverer.deliver([notification("stall-1")], credentials: account)
            guard case .transportFailure = stalled.first else {
                Issue.record("expected a transport failure, got \(stalled)")
                return
            }
            #expect(simulator.accepted.isEmpty)
        }
    }

    @Test("an app's credentials that name an endpoint and a CA are sent there, whatever the deliverer's settings")
    func credentialsEndpoint() async throws {
        let simulator = try FCMSimulator.start(FCMSimulatorConfiguration())
        defer { simulator.stop() }
        let json = try String(contentsOfFile: simulator.serviceAccountFile, encoding: .utf8)
        let deliverer = FCMPushDeliverer(settings: .init(connections: 1, requestTimeout: 5), wallClock: { 1_000 })
        let credentials = try FCMCredentials(serviceAccountJSON: json, endpoint: simulator.url, caFile: simulator.caFile)
        let outcomes = await deliverer.deliver([notification("device-1")], credentials: credentials)
        await deliverer.shutdown()
        #expect(outcomes == [.accepted(apnsID: "id-device-1")])
        #expect(simulator.accepted.map { $0["token"]?.stringValue } == ["device-1"])
    }

    @Test("a publish that cannot be rendered for Android is unsendable and not sent")
    func unsendable() async throws {
        try await withDeliverer { simulator, deliverer, account in
            let bad = notification("device", payload: #"{"aps": {"alert": "Hi"}, "from": "me"}"#)
            let outcomes = await deliverer.deliver([bad, notification("device-2")], credentials: account)
            guard case .unsendable(let detail) = outcomes.first else {
                Issue.record("expected unsendable, got \(outcomes)")
                return
            }
            #expect(detail.hasPrefix("fcm: data.from:"))
            #expect(outcomes.last == .accepted(apnsID: "id-device-2"))
            #expect(simulator.accepted.count == 1)
        }
    }
}

extension DeliveryOutcome {
    var refusalAction: RefusalAction? {
        if case .refusal(let refusal) = self { return refusal.action }
        return nil
    }
}
