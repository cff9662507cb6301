import Testing

@testable import HeraldCore

/// The app's own events, as post 003 names them (Examples/Scenarios/003-umeng-type-routing-refresh.json).
enum ChatEvent: String, Sendable {
    case chatMessage, badgeChanged, refreshLists
}

@Suite("Runtime: typed app events")
@MainActor
struct RuntimeAppEventTests {
    func configuration() -> RuntimeConfiguration {
        var config = RuntimeConfiguration()
        config.events = [
            AppEventRule(ChatEvent.chatMessage, when: ["type": "message"]),
            AppEventRule(ChatEvent.badgeChanged, when: ["type": "message"]),
            AppEventRule(ChatEvent.refreshLists, when: ["type": "follow"]),
            AppEventRule(name: "somethingElse", when: ["type": "follow"]),
        ]
        return config
    }

    @Test("the app receives its own enum from the stream, in order, with the notification")
    func typedStream() async throws {
        let logger = CollectingLogger()
        let h = try RuntimeHarness(configuration(), logger: logger)
        h.ready()
        let stream = h.runtime.appEvents(as: ChatEvent.self)
        h.runtime.willPresent(push("m1", ["type": "message"]))
        h.runtime.didReceiveSilent(push("f1", ["type": "follow"]))
        h.runtime.willPresent(push("a1", ["type": "article"]))
        var iterator = stream.makeAsyncIterator()
        var received: [String] = []
        for _ in 0..<3 {
            let event = try #require(await iterator.next())
            received.append("\(event.kind.rawValue) \(event.notification.id ?? "")")
        }
        #expect(received == ["chatMessage m1", "badgeChanged m1", "refreshLists f1"])
        #expect(h.kinds.filter { $0.hasPrefix("app.") } == ["app.chatMessage", "app.badgeChanged", "app.refreshLists", "app.somethingElse"])
    }

    @Test("a rule whose name is not a case of the type is reported once, when the app asks for the stream")
    func unknownNameReported() throws {
        let logger = CollectingLogger()
        let h = try RuntimeHarness(configuration(), logger: logger)
        _ = h.runtime.appEvents(as: ChatEvent.self)
        #expect(logger.lines == [
            #"warning: herald: app event rule "somethingElse" is not a case of ChatEvent; appEvents(as:) leaves it out"#
        ])
    }
}
