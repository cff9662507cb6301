import Foundation
import HeraldCore
import HeraldSimulator
import Testing

/// Examples/HeraldDemo's routing rules (App/DemoConfiguration.swift), replayed on Linux
/// with the demo's own payloads (Examples/HeraldDemo/Payloads), so the example app's
/// README describes what the runtime really does.
@Suite("HeraldDemo scenario")
@MainActor
struct DemoScenarioTests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/HeraldDemo/demo-scenario.json")

    func timeline() throws -> Timeline {
        try Timeline(Scenario(json: JSONParser().parse(Data(contentsOf: Self.file))))
    }

    @Test("a cold-start pushextr builds the home stack; the order banners then refresh it in place")
    func ordersRefresh() throws {
        let timeline = try timeline()
        let orders = timeline.named("navigation").filter { $0.fields["screen"] == "Order" }
        #expect(orders.map { $0.fields["kind"]?.stringValue } == ["stack", "refresh", "refresh"])
        #expect(orders.map(\.params) == [["id": "42"], ["id": "7"], ["id": "8"]])
    }

    @Test("an unknown link opens the web page titled with the push's title")
    func webFallback() throws {
        let web = try timeline().named("navigation", ["id": "demo-web-1"])
        #expect(web.map(\.fields) == [[
            "id": "demo-web-1", "kind": "openWeb", "url": "https://example.org/sale?from=push", "title": "Weekend sale",
        ]])
    }

    @Test("the profit link waits for login, then selects the me tab and pushes Profit")
    func profitWaitsForLogin() throws {
        let timeline = try timeline()
        let waiting = try #require(timeline.index("auth.required", ["id": "demo-profit-1", "screen": "Profit"]))
        let pushed = try #require(timeline.index("navigation", ["id": "demo-profit-1", "kind": "push", "screen": "Profit"]))
        #expect(waiting < pushed)
        #expect(timeline.named("navigation", ["id": "demo-profit-1"]).compactMap { $0.fields["kind"]?.stringValue } == ["selectTab", "push"])
    }

    @Test("a message tapped from the background selects the inbox")
    func messageSelectsInbox() throws {
        let message = try timeline().named("navigation", ["id": "demo-message-1"])
        #expect(message.map(\.fields) == [["id": "demo-message-1", "kind": "selectTab", "tab": "inbox"]])
    }
}
