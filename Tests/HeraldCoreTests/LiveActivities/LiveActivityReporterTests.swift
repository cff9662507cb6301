import Foundation
import Testing
@testable import HeraldCore

/// A gateway that records the reporter's calls and fails the ones it is told to.
@MainActor
final class RecordingLiveActivityGateway: LiveActivityGateway {
    var calls: [String] = []
    var failNext = false

    private func record(_ call: String) throws(GatewayClientError) {
        calls.append(call)
        if failNext {
            failNext = false
            throw GatewayClientError(.unreachable, "offline")
        }
    }

    func setPushToStartToken(_ token: DeviceToken, activityType: String) async throws(GatewayClientError) {
        try record("push-to-start \(activityType) \(token.hex)")
    }

    func setActivityToken(_ token: DeviceToken, activityID: String, activityType: String) async throws(GatewayClientError) {
        try record("token \(activityID) \(activityType) \(token.hex)")
    }

    func endActivity(_ activityID: String) async throws(GatewayClientError) { try record("end \(activityID)") }
}

@Suite("LiveActivityReporter")
@MainActor
struct LiveActivityReporterTests {
    let gateway = RecordingLiveActivityGateway()
    var reporter: LiveActivityReporter { LiveActivityReporter(gateway: gateway) }
    static let a = DeviceToken(data: Data([0xA1])), b = DeviceToken(data: Data([0xB2]))

    @Test("tokens are reported when new or rotated, not when ActivityKit repeats them")
    func tokens() async {
        let reporter = self.reporter
        #expect(await reporter.pushToStartTokenChanged(Self.a, activityType: "Deploy") == .sent)
        #expect(await reporter.pushToStartTokenChanged(Self.a, activityType: "Deploy") != .sent)
        #expect(await reporter.pushToStartTokenChanged(Self.a, activityType: "Match") == .sent)
        #expect(await reporter.activityTokenChanged(Self.a, activityID: "act-1", activityType: "Deploy") == .sent)
        #expect(await reporter.activityTokenChanged(Self.a, activityID: "act-1", activityType: "Deploy") != .sent)
        #expect(await reporter.activityTokenChanged(Self.b, activityID: "act-1", activityType: "Deploy") == .sent)
        #expect(
            gateway.calls == [
                "push-to-start Deploy a1", "push-to-start Match a1", "token act-1 Deploy a1", "token act-1 Deploy b2",
            ])
    }

    @Test("an end is reported once; nothing about the activity after it, and nothing for one the gateway never had")
    func end() async {
        let reporter = self.reporter
        await reporter.activityTokenChanged(Self.a, activityID: "act-1", activityType: "Deploy")
        #expect(await reporter.activityPhaseChanged(.active, activityID: "act-1") != .sent)
        #expect(await reporter.activityPhaseChanged(.stale, activityID: "act-1") != .sent)
        #expect(await reporter.activityPhaseChanged(.ended, activityID: "act-1") == .sent)
        #expect(await reporter.activityPhaseChanged(.dismissed, activityID: "act-1") != .sent)
        #expect(await reporter.activityTokenChanged(Self.b, activityID: "act-1", activityType: "Deploy") != .sent)
        #expect(await reporter.activityPhaseChanged(.dismissed, activityID: "act-2") != .sent)
        #expect(await reporter.activityTokenChanged(Self.b, activityID: "act-2", activityType: "Deploy") != .sent)
        #expect(gateway.calls == ["token act-1 Deploy a1", "end act-1"])
        #expect(reporter.activities.isEmpty)
    }

    @Test("a failed call is not remembered: the same update is reported again")
    func failure() async {
        let reporter = self.reporter
        gateway.failNext = true
        #expect(
            await reporter.pushToStartTokenChanged(Self.a, activityType: "Deploy") == .failed(GatewayClientError(.unreachable, "offline")))
        #expect(await reporter.pushToStartTokenChanged(Self.a, activityType: "Deploy") == .sent)
        await reporter.activityTokenChanged(Self.a, activityID: "act-1", activityType: "Deploy")
        gateway.failNext = true
        #expect(await reporter.activityPhaseChanged(.ended, activityID: "act-1") != .sent)
        #expect(await reporter.activityPhaseChanged(.ended, activityID: "act-1") == .sent)
        #expect(gateway.calls == ["push-to-start Deploy a1", "push-to-start Deploy a1", "token act-1 Deploy a1", "end act-1", "end act-1"])
    }
}
