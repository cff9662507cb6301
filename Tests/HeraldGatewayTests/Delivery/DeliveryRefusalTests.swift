import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway

/// Another push service's refusal (`DeliveryOutcome.refusal`): the engine acts on its
/// action as it does on APNs' classes, and names the service in reasons and log lines.
@Suite("Delivery engine: another service's refusals")
@MainActor
struct DeliveryRefusalTests {
    static let news: JSONValue = ["interests": ["news"], "notification": ["title": "x"]]

    static func fcm(_ status: Int, _ reason: String, _ action: RefusalAction, retryAfter: Double? = nil) -> DeliveryOutcome {
        .refusal(DeliveryRefusal(service: "fcm", status: status, reason: reason, action: action, retryAfter: retryAfter))
    }

    @Test("Retry-After pauses the app with the service named; the retry then goes through", arguments: StoreKind.tested)
    func retryAfter(kind: StoreKind) async throws {
        let logger = CollectingLogger()
        let h = try EngineHarness(kind, logger: logger)
        try await h.register(0..<2)
        h.deliverer.program(StoreFixture.token(0), [Self.fcm(429, "QUOTA_EXCEEDED", .retry, retryAfter: 30)])
        let id = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        await h.advance(by: 29.9)
        #expect(h.deliverer.sent.count == 2, "no retry before 30 s")
        await h.advance(by: 0.2)
        #expect(h.status(id)?["sent"] == 2)
        let pauses = logger.lines(containing: "pausing")
        #expect(pauses.count == 1 && pauses.first?.contains("fcm answered 429 QUOTA_EXCEEDED with Retry-After 30 s") == true, "\(pauses)")
    }

    @Test("a dead token invalidates the device and a bad message fails, with the service's reason, never retried", arguments: StoreKind.tested)
    func failures(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<3)
        h.deliverer.program(StoreFixture.token(0), [Self.fcm(404, "UNREGISTERED", .invalidate)])
        h.deliverer.program(StoreFixture.token(1), [Self.fcm(400, "INVALID_ARGUMENT", .fail)])
        let id = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        await h.advance(by: 60)
        #expect(h.deliverer.sent.count == 3, "neither is sent again")
        #expect(
            h.status(id)?["sent"] == 1 && h.status(id)?["failed"] == 1 && h.status(id)?["invalidated"] == 1, "\(String(describing: h.status(id)))")
        let reasons = h.status(id)?["failures"]?.objectValue?.keys.sorted() ?? []
        #expect(reasons == ["fcm INVALID_ARGUMENT", "fcm UNREGISTERED"], "\(String(describing: h.status(id)))")
        #expect(try h.device(token: 0)?.invalidReason == "fcm UNREGISTERED", "the store's rule is the same for every service")
        #expect(try h.device(token: 1)?.invalidatedAt == nil)
    }

    @Test("refused credentials pause the app with the service's advice", arguments: StoreKind.tested)
    func credentials(kind: StoreKind) async throws {
        let logger = CollectingLogger()
        let h = try EngineHarness(kind, logger: logger)
        try await h.register(0..<1)
        h.deliverer.program(StoreFixture.token(0), [Self.fcm(403, "PERMISSION_DENIED", .pauseForCredentials)])
        let id = try h.publish(Self.news)
        await h.engine.runUntilIdle()
        let line = logger.lines(containing: "pausing").first ?? ""
        #expect(line.contains("fcm answered 403 PERMISSION_DENIED") && line.contains("Fix: APNs refused the app's production credentials"), "\(line)")
        await h.advance(by: 1)
        #expect(h.status(id)?["sent"] == 1)
    }
}
