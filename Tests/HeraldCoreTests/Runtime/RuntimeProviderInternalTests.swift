import Testing

@testable import HeraldCore

@Suite("Runtime: provider-internal pushes")
@MainActor
struct RuntimeProviderInternalTests {
    func beams(_ id: String, ignore: JSONValue?) -> JSONValue {
        var pusher: [String: JSONValue] = ["publishId": .string(id)]
        pusher["userShouldIgnore"] = ignore
        return ["aps": ["alert": ["title": "Beams", "body": "Body"]], "data": ["pusher": .object(pusher), "order_id": "7"]]
    }

    @Test("the decoder names Beams' userShouldIgnore flag; any other value marks nothing")
    func decoding() throws {
        #expect(try PayloadDecoder.standard.decode(beams("p1", ignore: true)).providerInternal == "pusher-beams: data.pusher.userShouldIgnore")
        for value: JSONValue? in [nil, false, "true", 1] {
            #expect(try PayloadDecoder.standard.decode(beams("p1", ignore: value)).providerInternal == nil, "\(String(describing: value))")
        }
        // The flag is Beams' own: an APNs payload with the same path is the app's data.
        let plain: JSONValue = ["aps": ["alert": "Hi"], "pusher": ["userShouldIgnore": true]]
        #expect(try PayloadDecoder.standard.decode(plain).providerInternal == nil)
    }

    @Test("a Beams internal push in the foreground shows nothing, counts nothing, and says why")
    func foregroundShowsNothing() throws {
        let h = try RuntimeHarness()
        h.ready()
        var options: PresentationOptions?
        h.runtime.willPresent(beams("p1", ignore: true)) { options = $0 }
        h.clock.advance(by: 10)
        #expect(options == [])
        #expect(h.shownBanners.isEmpty)
        #expect(h.localPosts.isEmpty)
        #expect(h.kinds == ["ignored"])
        let ignored = h.events.compactMap { event -> String? in
            guard case .ignored(let notification, let reason) = event else { return nil }
            return "\(notification.id ?? "") \(reason)"
        }
        #expect(ignored == ["p1 provider-internal (pusher-beams: data.pusher.userShouldIgnore)"])
    }

    @Test("a tap, an action, a launch or a silent wake with a Beams internal push routes nothing")
    func nothingRoutes() throws {
        var configuration = RuntimeConfiguration()
        configuration.fieldRoutes = [FieldRoute(when: ["order_id": "*"], target: RouteTarget(screen: "Order"))]
        let h = try RuntimeHarness(configuration)
        h.runtime.launch(with: beams("p0", ignore: true))
        h.ready()
        h.runtime.didReceiveResponse(beams("p1", ignore: true))
        h.runtime.didReceiveResponse(beams("p2", ignore: true), action: "view")
        h.runtime.didReceiveSilent(beams("p3", ignore: true))
        #expect(h.applied.isEmpty)
        #expect(h.kinds == ["ignored", "ignored", "ignored", "ignored"])
        // The same push without the flag routes as usual.
        h.runtime.didReceiveResponse(beams("p4", ignore: false))
        #expect(h.applied.map(\.kind) == ["push"])
    }
}
