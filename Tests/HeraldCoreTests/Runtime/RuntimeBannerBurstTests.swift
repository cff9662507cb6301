import Testing

@testable import HeraldCore

@Suite("Runtime: a burst of banners, and the rest gap")
@MainActor
struct RuntimeBannerBurstTests {
    @Test("a burst of 20 pushes in the foreground loses none: 9 banners, 11 to the notification list")
    func burstLosesNothing() throws {
        let h = try RuntimeHarness()
        h.ready()
        let ids = (0..<20).map { "n\($0)" }
        for id in ids { h.runtime.willPresent(push(id)) }
        h.clock.advance(by: 300)
        let shown = h.shownBanners.map(\.id)
        let listed = h.localPosts.compactMap(\.id)
        #expect(shown == Array(ids[0..<9]), "one on screen and a full line of 8 show in turn")
        #expect(listed == Array(ids[9...]), "the rest go to the notification list")
        #expect(Set(shown).isDisjoint(with: listed))
        #expect(h.kinds.filter { $0 == "banner.drop.overflow" }.count == 11)
        #expect(h.kinds.filter { $0 == "repost" }.count == 11)
    }

    @Test("the echo of a banner past the line goes to the list quietly; a waiting banner's re-post shows as before")
    func overflowEchoIsQuiet() throws {
        var configuration = RuntimeConfiguration()
        configuration.banner.capacity = 1
        let h = try RuntimeHarness(configuration)
        h.ready()
        for id in ["a", "b", "c"] { h.runtime.willPresent(push(id)) }
        h.runtime.setState(.background)
        h.runtime.setState(.active)
        #expect(h.localPosts.map(\.id) == ["c", "b"], "c overflowed; b was waiting when the app left")
        var options: [String: PresentationOptions] = [:]
        for post in h.localPosts {
            h.runtime.willPresent(.object(post.raw), source: .local) { options[post.id ?? ""] = $0 }
        }
        #expect(options == ["c": [.list, .badge], "b": .all])
        #expect(h.shownBanners.map(\.id) == ["a"])
    }

    @Test("a quiet echo keeps only the badge the policy asks for")
    func quietEchoFollowsPolicyBadge() throws {
        var configuration = RuntimeConfiguration()
        configuration.banner.capacity = 0
        configuration.policy.systemOptions = [.banner, .sound]
        let h = try RuntimeHarness(configuration)
        h.ready()
        h.runtime.willPresent(push("a"))
        h.runtime.willPresent(push("b"))
        var options: PresentationOptions?
        h.runtime.willPresent(.object(h.localPosts[0].raw), source: .local) { options = $0 }
        #expect(options == [.list])
    }

    @Test("going to the background in the rest gap posts the waiting banners and shows none in the background")
    func backgroundDuringGap() throws {
        var configuration = RuntimeConfiguration()
        configuration.banner.gap = 1
        let h = try RuntimeHarness(configuration)
        var timeline: [(Double, String)] = []
        h.runtime.onEvent = { [weak h] event in
            guard let h else { return }
            h.events.append(event)
            if case .banner(let banner) = event {
                switch banner {
                case .willShow(let item): timeline.append((h.clock.now, "show \(item.id)"))
                case .didHide(let item, _): timeline.append((h.clock.now, "hidden \(item.id)"))
                case .dropped(let item, let reason): timeline.append((h.clock.now, "dropped \(item.id) \(reason.rawValue)"))
                default: break
                }
            }
            if case .repostedAsLocal(let n) = event { timeline.append((h.clock.now, "repost \(n.id ?? "")")) }
        }
        h.ready()
        h.runtime.willPresent(push("a"))
        h.runtime.willPresent(push("b"))
        h.clock.advance(by: 5.75)  // a hid at 5.5; the gap runs to 6.5
        #expect(h.runtime.bannerQueue.phase == .resting)
        h.runtime.setState(.background)
        h.clock.advance(by: 10)
        #expect(timeline.map(\.0) == [0, 5.5, 5.75, 5.75])
        #expect(timeline.map(\.1) == ["show a", "hidden a", "dropped b removed", "repost b"])
        #expect(h.shownBanners.map(\.id) == ["a"])
        #expect(h.runtime.bannerQueue.phase == .idle)
    }
}
