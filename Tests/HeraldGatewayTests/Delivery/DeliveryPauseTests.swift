import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldGatewayAPNs

/// APNs' back-pressure reaches the scheduler: a `Retry-After` pauses the app's deliveries
/// in that environment on the injected clock, refused credentials pause them with
/// backoff, and each pause and resume is one log line, not one per notification.
@Suite("Delivery engine: pauses (Retry-After, refused credentials)")
@MainActor
struct DeliveryPauseTests {
    static let news: JSONValue = ["interests": ["news"], "notification": ["title": "x"]]

    @Test("APNs' Retry-After reaches the outcome from HeraldAPNs' error")
    func outcomeCarriesRetryAfter() {
        let error = APNSError(status: 429, reason: APNSError.Reason(text: "TooManyRequests"), retryAfter: 30)
        #expect(
            APNsPushDeliverer.outcome(.failure(error))
                == .refused(429, "TooManyRequests", retryAfter: 30))
    }

    @Test(
        "Retry-After 30: nothing more of the app goes to APNs before 30 s of virtual time; everything goes after",
        arguments: StoreKind.tested)
    func retryAfter(kind: StoreKind) async throws {
        let logger = CollectingLogger()
        let h = try EngineHarness(kind, logger: logger)
        try await h.register(0..<3)
        h.deliverer.program(StoreFixture.token(0), [.refused(429, "TooManyRequests", retryAfter: 30)])
        let first = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        #expect(h.deliverer.sent.count == 3, "one batch: the 429 and two accepted")
        let second = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        await h.advance(by: 29.9)
        #expect(h.deliverer.sent.count == 3, "neither the retry nor the new publish before 30 s")
        await h.advance(by: 0.2)
        #expect(h.deliverer.sent.count == 7)
        #expect(h.status(first)?["sent"] == 3)
        #expect(h.status(second)?["sent"] == 3)
        let pauses = logger.lines(containing: "pausing")
        #expect(pauses.count == 1)
        #expect(pauses.first?.contains("app \(h.api.appID)'s production deliveries for 30 s") == true, "\(pauses)")
        #expect(pauses.first?.contains("429 TooManyRequests with Retry-After 30 s") == true, "\(pauses)")
        #expect(logger.lines(containing: "resuming").count == 1)
    }

    @Test(
        "20 notifications refused for bad credentials: one pause line with the reason and how long, one resume line",
        arguments: StoreKind.tested)
    func credentialsLogOnce(kind: StoreKind) async throws {
        let logger = CollectingLogger()
        let h = try EngineHarness(kind, logger: logger)
        let tokens = try await h.register(0..<20)
        for token in tokens { h.deliverer.program(token, [.refused(403, "InvalidProviderToken")]) }
        let id = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        let pauses = logger.lines(containing: "pausing")
        #expect(pauses.count == 1, "\(logger.messages)")
        let line = pauses.first ?? ""
        #expect(line.contains("app \(h.api.appID)'s production deliveries for 1.0 s"), "\(line)")
        #expect(line.contains("403 InvalidProviderToken") && line.contains("herald app set-credentials"), "\(line)")
        #expect(logger.lines(containing: "resuming").isEmpty)
        await h.advance(by: 1)
        #expect(logger.lines(containing: "resuming").count == 1, "\(logger.messages)")
        #expect(logger.lines(containing: "pausing").count == 1)
        #expect(h.status(id)?["sent"] == 20)
    }

    @Test("refusals in a row pause longer each time; an accepted notification starts over", arguments: StoreKind.tested)
    func credentialsBackOff(kind: StoreKind) async throws {
        let logger = CollectingLogger()
        let h = try EngineHarness(kind, logger: logger)
        try await h.register(0..<1)
        let refused = DeliveryOutcome.refused(403, "InvalidProviderToken")
        h.deliverer.program(StoreFixture.token(0), [refused, refused, refused])
        let id = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        await h.advance(by: 1)
        await h.advance(by: 2)
        #expect(h.deliverer.sent.count == 3)
        await h.advance(by: 3.9)
        #expect(h.deliverer.sent.count == 3, "the third pause is 4 s")
        await h.advance(by: 0.1)
        #expect(h.status(id)?["sent"] == 1)
        // The 200 cleared the count: the next refusal pauses for 1 s again.
        h.deliverer.program(StoreFixture.token(0), [refused])
        _ = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        let lengths = logger.lines(containing: "pausing").map { line in
            [1, 2, 4].first { line.contains("for \($0).0 s") } ?? 0
        }
        #expect(lengths == [1, 2, 4, 1], "\(logger.messages)")
    }

    @Test("a pause holds back its environment only: sandbox devices of the app are still sent to", arguments: StoreKind.tested)
    func perEnvironment(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<1)
        let sandbox = h.api.send(
            "POST", h.api.devices, key: h.api.clientKey,
            json: ["token": .string(StoreFixture.token(1)), "environment": "sandbox", "interests": ["news"]])
        #expect(sandbox.status == 201)
        h.deliverer.program(StoreFixture.token(0), [.refused(503, "ServiceUnavailable", retryAfter: 30)])
        _ = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        _ = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        #expect(h.deliverer.accepted(token: StoreFixture.token(1)) == 2, "sandbox goes on")
        #expect(h.deliverer.accepted(token: StoreFixture.token(0)) == 1, "production waits")
        await h.advance(by: 30)
        #expect(h.deliverer.accepted(token: StoreFixture.token(0)) == 3)
    }
}
