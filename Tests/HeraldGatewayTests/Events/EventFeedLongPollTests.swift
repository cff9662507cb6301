import Foundation
import HeraldHTTP
import HeraldShared
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("The event feed's long polls", .serialized)
@MainActor
struct EventFeedLongPollTests {
    static func register(_ fixture: GatewayServiceFixture, _ n: Int) throws {
        _ = try fixture.service.store.registerDevice(
            appID: fixture.appID, DeviceRegistration(token: StoreFixture.token(n), environment: .production), quota: .unlimited,
            now: Date().timeIntervalSince1970)
    }

    @Test("a waiting request holds no handler thread: with 2 threads, 4 parked polls leave room, and each is answered by the next event")
    func parked() throws {
        var http = HTTPServer.Configuration()
        http.handlerThreads = 2
        http.handlerTimeoutSeconds = 2
        let fixture = try GatewayServiceFixture(http: http)
        defer { fixture.stop() }
        try Self.register(fixture, 0)
        let feed = "/v1/apps/\(fixture.appID)/event-feed"
        let port = fixture.port, key = fixture.serverKey
        let start = try RawHTTPClient.json(port: port, "GET", feed, key: key).json
        let cursor = try #require(start?["cursor"]?.stringValue)
        let answers = Locked<[(Double, JSONValue?)]>([])
        let began = Date()
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            Thread {
                let response = try? RawHTTPClient.json(port: port, "GET", feed + "?after=\(cursor)&wait=20", key: key)
                answers.withLock { $0.append((Date().timeIntervalSince(began), response?.json)) }
                group.leave()
            }.start()
        }
        let deadline = Date().addingTimeInterval(5)
        while fixture.service.api.feedWaits.waiting < 4, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(fixture.service.api.feedWaits.waiting == 4)
        // Past the handler timeout (2 s) the polls still wait, and other requests are answered.
        Thread.sleep(forTimeInterval: 2.5)
        let other = try RawHTTPClient.json(port: fixture.port, "GET", "/v1/apps/\(fixture.appID)/webhooks", key: fixture.serverKey)
        #expect(other.status == 200)
        #expect(answers.withLock { $0.isEmpty })
        try Self.register(fixture, 1)
        #expect(group.wait(timeout: .now() + 5) == .success)
        for (seconds, json) in answers.withLock({ $0 }) {
            #expect(seconds < 4.5, "answered at \(seconds) s")
            #expect(json?["events"]?.arrayValue?.map { $0["type"] } == [.string("device.registered")])
        }
    }

    @Test("a poll with nothing to tell ends at its wait with no events and the same cursor; past the room a poll is answered at once")
    func expiry() throws {
        let fixture = try GatewayServiceFixture()
        defer { fixture.stop() }
        let feed = "/v1/apps/\(fixture.appID)/event-feed"
        let port = fixture.port, key = fixture.serverKey
        let began = Date()
        let empty = try RawHTTPClient.json(port: fixture.port, "GET", feed + "?after=ec1_0&wait=1", key: fixture.serverKey)
        #expect(Date().timeIntervalSince(began) >= 0.9)
        #expect(empty.json?["events"] == .array([]))
        #expect(empty.json?["cursor"] == "ec1_0")
        let group = DispatchGroup()
        for _ in 0..<fixture.service.api.feedWaits.perApp {
            group.enter()
            Thread {
                _ = try? RawHTTPClient.json(port: port, "GET", feed + "?wait=2", key: key)
                group.leave()
            }.start()
        }
        let deadline = Date().addingTimeInterval(5)
        while fixture.service.api.feedWaits.waiting < fixture.service.api.feedWaits.perApp, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let quick = Date()
        let extra = try RawHTTPClient.json(port: fixture.port, "GET", feed + "?wait=2", key: fixture.serverKey)
        #expect(extra.status == 200 && Date().timeIntervalSince(quick) < 1, "the app's room is full: answered at once")
        _ = group.wait(timeout: .now() + 5)
    }
}
