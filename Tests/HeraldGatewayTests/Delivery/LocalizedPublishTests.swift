import Foundation
import HeraldCore
import HeraldTestSupport
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Delivery engine: texts by language")
@MainActor
struct LocalizedPublishTests {
    /// The titles of a publish's texts, by variant tag (the default as `default`).
    static let titles = ["default": "Hello", "de": "Hallo", "de-AT": "Servus", "pt-BR": "Olá", "pt-PT": "Viva"]
    static let notification: JSONValue = [
        "title": "Hello", "body": "Welcome",
        "localized": ["de": ["title": "Hallo", "body": "Willkommen"], "DE-at": ["title": "Servus"], "pt-br": ["title": "Olá"], "pt-PT": ["title": "Viva"]],
    ]
    /// Devices by platform and locale, and the variant each one gets.
    static let devices: [(PushPlatform, String?, expected: String)] = [
        (.apns, "de-AT", "de-AT"), (.apns, "de", "de"), (.apns, "de-CH", "de"), (.apns, "pt-BR", "pt-BR"), (.apns, "pt", "pt-BR"),
        (.apns, "fr", "default"), (.apns, nil, "default"), (.fcm, "de-CH", "de"), (.fcm, "fr-FR", "default"), (.fcm, "de-AT", "de-AT"),
        (.fcm, "pt-PT", "pt-PT"), (.fcm, "pt-AO", "pt-BR"),
    ]

    /// Registers `devices` in "news"; their ids, in order.
    static func register(_ h: EngineHarness) throws -> [String] {
        try devices.enumerated().map { n, device in
            try h.store.registerDevice(
                appID: h.api.appID,
                DeviceRegistration(
                    platform: device.0, token: device.0 == .apns ? StoreFixture.token(n) : APIFCMDeviceTests.token + "\(n)",
                    environment: .production, interests: ["news"], attributes: DeviceAttributes(locale: device.1.map { String?.some($0) })),
                quota: .unlimited, now: 1_000
            ).id
        }
    }

    /// The title each token was sent (APNs' from its payload, FCM's as FCM renders it),
    /// after checking that the payload holds no other variant's text.
    static func sentTitles(_ h: EngineHarness) throws -> [String: String] {
        var titles: [String: String] = [:]
        for notification in h.deliverer.sent + h.deliverer.fcmSent {
            let payload = try JSONParser().parse(notification.payload)
            let title = try #require(payload["aps"]?["alert"]?["title"]?.stringValue)
            let text = String(decoding: notification.payload, as: UTF8.self)
            for other in Self.titles.values where other != title {
                #expect(!text.contains("\"\(other)\""), "\(notification.deviceToken) got \(title) and also \(other)")
            }
            #expect(!text.contains("localized"))
            #expect(payload["herald"]?["publishId"]?.stringValue == notification.publishID)
            if h.deliverer.fcmSent.contains(notification) {
                #expect(try notification.fcmMessage(now: h.now).notification?.title == title, "FCM renders the chosen text")
            }
            titles[notification.deviceToken] = title
        }
        return titles
    }

    @Test(
        "each device gets its locale's text (exact, then language, then the default) on APNs and FCM, by interest and by device id; counted by language",
        arguments: StoreKind.tested, [false, true])
    func chosen(kind: StoreKind, byID: Bool) async throws {
        let h = try EngineHarness(kind, fcm: true)
        let ids = try Self.register(h)
        let target: JSONValue = byID ? ["devices": .array(ids.map(JSONValue.string))] : ["interests": ["news"]]
        var body = target.objectValue ?? [:]
        body["notification"] = Self.notification
        let id = try h.publish(.object(body))
        await h.engine.runUntilIdle()
        let titles = try Self.sentTitles(h)
        #expect(titles.count == Self.devices.count)
        for (n, device) in Self.devices.enumerated() {
            let token = device.0 == .apns ? StoreFixture.token(n) : APIFCMDeviceTests.token + "\(n)"
            #expect(titles[token] == Self.titles[device.expected], "\(device.0) \(device.1 ?? "no locale")")
        }
        let variants = try h.api.fixture.rows(
            "SELECT coalesce(variant, 'default') FROM deliveries WHERE publish_id = ? ORDER BY device_seq", [.text(id)])
        #expect(variants == Self.devices.map { Optional($0.expected) }, "the store's choice")
        #expect(
            Self.devices.map { LocalizedVariants.bestMatch(locale: $0.1, among: ["de", "de-AT", "pt-BR", "pt-PT"]) ?? "default" }
                == Self.devices.map(\.expected), "LocalizedVariants.bestMatch chooses as the store does")
        let status = try #require(h.status(id))
        #expect(status["sent"] == 12)
        #expect(
            status["byLanguage"] == [
                "de-AT": ["targeted": 2, "sent": 2, "failed": 0, "invalidated": 0, "capped": 0],
                "de": ["targeted": 3, "sent": 3, "failed": 0, "invalidated": 0, "capped": 0],
                "pt-BR": ["targeted": 3, "sent": 3, "failed": 0, "invalidated": 0, "capped": 0],
                "pt-PT": ["targeted": 1, "sent": 1, "failed": 0, "invalidated": 0, "capped": 0],
                "default": ["targeted": 3, "sent": 3, "failed": 0, "invalidated": 0, "capped": 0],
            ])
    }

    @Test("a publish without texts by language has no byLanguage, and every device gets the one text", arguments: StoreKind.tested)
    func unlocalized(kind: StoreKind) async throws {
        let h = try EngineHarness(kind)
        _ = try Self.register(h)
        let id = try h.publish(["interests": ["news"], "notification": ["title": "Hello"]])
        await h.engine.runUntilIdle()
        #expect(Set(try Self.sentTitles(h).values) == ["Hello"])
        #expect(h.status(id)?["byLanguage"] == nil)
    }

    @Test("bestMatch: exact tag, then the bare language, then the first variant of the language, else none")
    func bestMatch() {
        let tags = ["pt-BR", "pt-PT", "zh-Hant", "en"]
        #expect(LocalizedVariants.bestMatch(locale: "pt-PT", among: tags) == "pt-PT")
        #expect(LocalizedVariants.bestMatch(locale: "pt", among: tags) == "pt-BR", "the first in byte order")
        #expect(LocalizedVariants.bestMatch(locale: "pt-AO", among: tags + ["pt"]) == "pt")
        #expect(LocalizedVariants.bestMatch(locale: "zh-Hant-TW", among: tags) == "zh-Hant")
        #expect(LocalizedVariants.bestMatch(locale: "en-GB", among: tags) == "en")
        #expect(LocalizedVariants.bestMatch(locale: "fr", among: tags) == nil)
        #expect(LocalizedVariants.bestMatch(locale: nil, among: tags) == nil)
    }

    /// 51 languages, `aaa` to `aby`: one too many.
    nonisolated static let tooMany: JSONValue = {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        var variants: [String: JSONValue] = [:]
        for n in 0..<51 { variants["a" + String(letters[n / 26]) + String(letters[n % 26])] = ["title": "x"] }
        return .object(variants)
    }()
    nonisolated static let tooLong: JSONValue = [
        "de": ["title": .string(String(repeating: "t", count: 1000)), "body": .string(String(repeating: "b", count: 4000))]
    ]
    nonisolated static let bad: [(JSONValue, String)] = [
        (["de_AT": ["title": "x"]], "notification.localized.de_AT: \"de_AT\" is not a BCP 47 language tag"),
        (["de": ["titel": "x"]], "notification.localized.de"),
        (["de": [:]], "notification.localized.de: give a title or a body"),
        (["DE": ["title": "a"], "de": ["title": "b"]], "notification.localized.de: is de once normalised"),
        ("de", "notification.localized: expected a JSON object"),
        (tooLong, "notification.localized.de: the payload is"),
        (tooMany, "notification.localized: has 51 languages; a publish has at most 50"),
    ]

    @Test("bad texts by language are refused with their position", arguments: StoreKind.tested, bad)
    func refused(kind: StoreKind, example: (localized: JSONValue, message: String)) throws {
        let h = try APIHarness(kind)
        let answer = h.publish(["interests": ["news"], "notification": ["title": "Hello", "localized": example.localized]])
        #expect(answer.status == 400)
        #expect(answer.errorMessage.hasPrefix(example.message), "\(answer.errorMessage)")
        #expect(try h.fixture.scalar("SELECT count(*) FROM publishes") == 0)
    }

    @Test("a variant's lint warning comes back named by the variant, and the publish is kept", arguments: StoreKind.tested)
    func variantWarning(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let long = String(repeating: "w", count: 3900)
        _ = h.register(0, interests: ["news"])
        let answer = h.publish(["interests": ["news"], "notification": ["title": "Hello", "localized": ["de": ["body": .string(long)]]]])
        #expect(answer.status == 202)
        let warnings = answer.json?["warnings"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(warnings.count == 1 && warnings[0].hasPrefix("notification.localized.de: warning: payload: "), "\(warnings)")
        #expect(try h.fixture.scalar("SELECT count(*) FROM publish_variants") == 1)
    }

    @Test("texts by language are for alert pushes: a channel's broadcast or a background push is refused", arguments: StoreKind.tested)
    func alertsOnly(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let notification: JSONValue = ["title": "Hello", "localized": ["de": ["title": "Hallo"]]]
        let channel = h.publish(["channels": ["ch_x"], "notification": notification])
        #expect(channel.errorMessage.hasPrefix("notification.localized: applies to alert pushes only, not liveactivity"))
        let background = h.publish(["interests": ["news"], "options": ["pushType": "background"], "notification": notification])
        #expect(background.errorMessage.hasPrefix("notification.localized: applies to alert pushes only, not background"))
    }
}
