import Foundation
import HeraldAPNsModel
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Console: a publish's deliveries and receipts over time")
struct PublishTimelineTests {
    @Test("the bucket width is the narrowest that fits the span; there is always one bucket")
    func widths() {
        func shape(_ span: Double, _ buckets: Int) -> (Double, Int) {
            let timeline = PublishTimeline(publishID: "p", start: 100, end: 100 + span, maxBuckets: buckets)
            return (timeline.bucketSeconds, timeline.bucketCount)
        }
        #expect(shape(0, 60) == (1, 1))
        #expect(shape(50, 10) == (5, 10))
        #expect(shape(51, 10) == (10, 6))
        #expect(shape(3 * 86_400, 60) == (7200, 36))
        #expect(shape(365 * 86_400, 10) == (37 * 86_400, 10), "past a day, whole days")
        #expect(shape(10, 0) == (10, 1), "asking for no bucket gets one")
    }

    @Test("history seconds fall in their buckets from the whole second of the start; outside the span, at the ends")
    func fromHistory() {
        let history = [
            PublishTimeline.Entry(second: 1000, series: .sent, count: 3),
            PublishTimeline.Entry(second: 1004, series: .sent, count: 2),
            PublishTimeline.Entry(second: 1005, series: .failed, count: 1),
            PublishTimeline.Entry(second: 900, series: .delivered, count: 4),
            PublishTimeline.Entry(second: 5000, series: .opened, count: 1),
            PublishTimeline.Entry(second: 1009, series: .opened, count: 2),
        ]
        let timeline = PublishTimeline(publishID: "p", startedAt: 1000.7, history: history, now: 1010.2, maxBuckets: 6)
        #expect(timeline.start == 1000, "the second the publish started in")
        #expect(timeline.bucketSeconds == 2, "10.2 s (to now, before the last entry's second) in at most 6 buckets")
        #expect(timeline.bucketCount == 6)
        #expect(timeline.counts[.sent] == [3, 0, 2, 0, 0, 0])
        #expect(timeline.counts[.failed] == [0, 0, 1, 0, 0, 0])
        #expect(timeline.counts[.delivered] == [4, 0, 0, 0, 0, 0], "before the start: the first bucket")
        #expect(timeline.counts[.opened] == [0, 0, 0, 0, 2, 1], "after now: the last")
        let done = PublishTimeline(publishID: "p", startedAt: 1000.7, history: Array(history.prefix(3)), now: 99_999, maxBuckets: 60)
        #expect(done.bucketCount == 6, "a finished publish ends with its last second of activity")
        let empty = PublishTimeline(publishID: "p", startedAt: 1000.7, history: [], now: 99_999, maxBuckets: 60)
        #expect(empty.bucketCount == 1)
    }

    @MainActor
    @Test(
        "outcomes by when they were counted, receipts by their time (from when sent to now), the same totals as the publish",
        arguments: StoreKind.tested)
    func timeline(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        try await h.register(0..<4)
        h.deliverer.program(StoreFixture.token(1), [.refused(413, "PayloadTooLarge")])
        h.deliverer.program(StoreFixture.token(2), [.refused(410, "Unregistered", timestamp: h.now + 5)])
        h.deliverer.program(StoreFixture.token(3), [.transportFailure("connection reset")])
        let t0 = h.now
        let id = try h.publish(["interests": ["news"], "notification": ["title": "Over time"]])
        await h.engine.runUntilIdle()
        await h.advance(by: 30)
        let a = h.api
        #expect(h.status(id)?["sent"] == 2, "token 3 sent on its retry, 30 s later")
        let device0 = try #require(try h.device(token: 0)?.id)
        let device3 = try #require(try h.device(token: 3)?.id)
        func receipt(_ device: String, _ event: String, _ at: Double) -> JSONValue {
            ["publishId": .string(id), "deviceId": .string(device), "event": .string(event), "at": .double(at)]
        }
        // Device 3's clock is behind (its receipt predates its delivery, sent at t0 + 30), then ahead.
        let events: JSONValue = [
            "events": [
                receipt(device0, "delivered", t0 + 2), receipt(device3, "delivered", t0 - 100), receipt(device3, "opened", t0 + 40),
                receipt(device3, "dismissed", t0 + 3),
            ]
        ]
        #expect(a.send("POST", "/v1/apps/\(a.appID)/events", key: a.serverKey, json: events).json?["accepted"] == 4)
        a.clock.now += 20
        let far: JSONValue = ["events": [receipt(device0, "opened", t0 + 1_000_000)]]
        #expect(a.send("POST", "/v1/apps/\(a.appID)/events", key: a.serverKey, json: far).json?["accepted"] == 1)

        let answer = a.send("GET", a.publishes + "/\(id)/timeline?buckets=10", key: a.serverKey)
        #expect(answer.status == 200)
        let body = try #require(answer.json)
        #expect(body["start"]?.doubleValue == t0)
        #expect(body["bucketSeconds"]?.doubleValue == 5, "50 s to now in at most 10 buckets")
        let series = body["series"]
        let zeros = Array(repeating: 0, count: 10)
        func row(_ set: [Int: Int]) -> JSONValue { .array(zeros.indices.map { .int(set[$0] ?? 0) }) }
        #expect(series?["sent"] == row([0: 1, 6: 1]))
        #expect(series?["failed"] == row([0: 1]))
        #expect(series?["invalidated"] == row([0: 1]))
        #expect(series?["delivered"] == row([0: 1, 6: 1]), "a receipt from before its delivery was sent counts when it was sent")
        #expect(series?["opened"] == row([6: 1, 9: 1]), "one from after the gateway's now counts at its now")
        let totals = try #require(h.status(id))
        for name in PublishTimeline.Series.allCases.map(\.rawValue) {
            let sum = series?[name]?.arrayValue?.compactMap(\.intValue).reduce(0, +)
            #expect(totals[name]?.intValue == sum, "\(name): the buckets add up to the publish's count")
        }
        let fine = a.send("GET", a.publishes + "/\(id)/timeline", key: a.serverKey).json
        #expect(fine?["bucketSeconds"]?.doubleValue == 1)
        #expect(fine?["series"]?["sent"]?.arrayValue?.count == 50)

        #expect(a.send("GET", a.publishes + "/\(id)/timeline?buckets=0", key: a.serverKey).status == 400)
        #expect(a.send("GET", a.publishes + "/\(id)/timeline?buckets=501", key: a.serverKey).status == 400)
        #expect(a.send("GET", a.publishes + "/pub_nope/timeline", key: a.serverKey).status == 404)
        #expect(a.send("GET", a.publishes + "/\(id)/timeline", key: a.clientKey).status == 403)
        #expect(a.send("GET", "/v1/apps/app_other/publishes/\(id)/timeline", key: a.otherServerKey).status == 404)

        // Retention removes the per-device rows; the history stays.
        while try h.store.pruneFinished(before: a.clock.now + 1, limit: 1000).more {}
        #expect(try h.api.fixture.scalar("SELECT count(*) FROM deliveries") == 0)
        let pruned = a.send("GET", a.publishes + "/\(id)/timeline?buckets=10", key: a.serverKey).json
        #expect(pruned?["series"] == series)
    }

    @Test("a scheduled publish's timeline starts at its send time", arguments: StoreKind.tested)
    func scheduled(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        _ = h.register(1)
        let sendAt = h.clock.now + 3600
        let id = try #require(
            h.publish(["interests": ["news"], "notification": ["title": "Later"], "options": ["sendAt": .double(sendAt)]]).json?["publishId"]?.stringValue)
        let body = h.send("GET", h.publishes + "/\(id)/timeline", key: h.serverKey).json
        #expect(body?["start"]?.doubleValue == sendAt)
        #expect(body?["series"]?["sent"] == [0], "nothing yet: one empty bucket")
    }
}
