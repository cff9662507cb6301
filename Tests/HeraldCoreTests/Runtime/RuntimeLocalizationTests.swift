import Testing

@testable import HeraldCore

@Suite("Runtime: localized alerts")
@MainActor
struct RuntimeLocalizationTests {
    static let strings = DictionaryLocalizer(["NEW_MESSAGE_TITLE": "%@", "NEW_MESSAGE": "%1$@ sent you %2$@"])

    static func keysOnly(_ id: String) -> JSONValue {
        ["id": .string(id), "aps": ["alert": [
            "title-loc-key": "NEW_MESSAGE_TITLE", "title-loc-args": ["Ana"],
            "loc-key": "NEW_MESSAGE", "loc-args": ["Ana", "a photo"],
        ]]]
    }

    @Test("a push with only loc keys shows its resolved title and body in the banner")
    func bannerShowsResolvedText() throws {
        let h = try RuntimeHarness(localizer: Self.strings)
        h.ready()
        h.runtime.willPresent(Self.keysOnly("m1"))
        let shown = try #require(h.shownBanners.first)
        #expect(shown.notification.content == AlertContent(title: "Ana", body: "Ana sent you a photo"))
        #expect(h.kinds == ["received", "banner.show"])
    }

    @Test("the confirm alert and a re-post carry the resolved text too")
    func alertAndRepost() throws {
        var config = RuntimeConfiguration()
        config.policy = PresentationPolicy(foreground: .confirm)
        let h = try RuntimeHarness(config, localizer: Self.strings)
        h.ready()
        h.runtime.willPresent(Self.keysOnly("m1"))
        let alerted = h.events.compactMap { event -> PushNotification? in
            if case .alertShown(let n) = event { return n }
            return nil
        }
        #expect(alerted.map(\.content.body) == ["Ana sent you a photo"])

        var repost = RuntimeConfiguration()
        repost.policy = PresentationPolicy(repostRemoteInForeground: true)
        let r = try RuntimeHarness(repost, localizer: Self.strings)
        r.ready()
        r.runtime.willPresent(Self.keysOnly("m2"))
        #expect(r.localPosts.map(\.content.title) == ["Ana"])
    }

    @Test("without the key in the app's strings the banner shows the key, as iOS does; literal text is untouched")
    func missingKeyAndLiteral() throws {
        let h = try RuntimeHarness(localizer: DictionaryLocalizer())
        h.ready()
        h.runtime.willPresent(Self.keysOnly("m1"))
        h.runtime.dismissBanner()
        h.clock.advance(by: 10)
        h.runtime.willPresent(push("m2", title: "Literal"))
        #expect(h.shownBanners.map(\.notification.content.title) == ["NEW_MESSAGE_TITLE", "Literal"])
        #expect(h.shownBanners.map(\.notification.content.body) == ["NEW_MESSAGE", "Body"])
    }
}
