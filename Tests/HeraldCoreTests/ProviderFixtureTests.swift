import Testing

@testable import HeraldCore

@Suite("Provider fixtures")
struct ProviderFixtureTests {
    static let fixtures = Fixture.all(in: "Providers")

    @Test("the corpus covers every provider with a cited source")
    func coverage() {
        let providers = Set(Self.fixtures.compactMap { $0.expect["provider"]?.stringValue })
        let expected: Set<String> = [
            "apns", "pusher-beams", "getui", "jpush", "umeng", "fcm", "onesignal", "airship", "braze", "iterable", "herald",
        ]
        #expect(providers == expected)
        for fixture in Self.fixtures {
            #expect(!(fixture.source ?? "").isEmpty, "\(fixture.name) cites no source")
        }
    }

    @Test("decodes the provider, id, alert, link, attachments and data", arguments: fixtures)
    func decodes(fixture: Fixture) throws {
        let notification = try PayloadDecoder().decode(fixture.payload)
        let expect = fixture.expect
        #expect(notification.provider.rawValue == expect["provider"]?.stringValue)
        if let id = expect["id"] { #expect(notification.id.map(JSONValue.string) ?? .null == id) }
        if let link = expect["link"] { #expect(notification.link.map(JSONValue.string) ?? .null == link) }
        if let alert = expect["alert"] {
            #expect(notification.content.title.map(JSONValue.string) ?? .null == alert["title"] ?? .null)
            #expect(notification.content.subtitle.map(JSONValue.string) ?? .null == alert["subtitle"] ?? .null)
            #expect(notification.content.body.map(JSONValue.string) ?? .null == alert["body"] ?? .null)
        }
        if let attachments = expect["attachments"]?.arrayValue {
            #expect(notification.attachments.map(\.url) == attachments.compactMap(\.stringValue))
        }
        if let data = expect["data"] {
            #expect(JSONValue.object(notification.data) == data)
        }
    }

    @Test("a forced provider overrides recognition")
    func forcedProvider() throws {
        let payload: JSONValue = ["aps": ["alert": "hi"], "d": "uu123", "p": 0, "custom": ["i": "os-1"]]
        #expect(try PayloadDecoder().decode(payload).provider == .oneSignal)
        let umeng = try PayloadDecoder(options: .forcing(.umeng)).decode(payload)
        #expect(umeng.provider == .umeng)
        #expect(umeng.id == "uu123")
        #expect(throws: PayloadDecodingError.self) { try PayloadDecoder(options: .forcing(ProviderID(rawValue: "nope"))).decode(payload) }
    }

    @Test("an app adds its own provider")
    func customProvider() throws {
        var options = PayloadDecoderOptions()
        options.providers.append(ProviderSpec(id: ProviderID(rawValue: "acme"), markers: [.init("acme_id", weight: 30)], idPaths: ["acme_id"], reservedKeys: ["acme_id"]))
        let notification = try PayloadDecoder(options: options).decode(["aps": [:], "acme_id": "A1", "x": 1] as JSONValue)
        #expect(notification.provider.rawValue == "acme")
        #expect(notification.id == "A1")
        #expect(notification.data == ["x": 1])
    }
}
