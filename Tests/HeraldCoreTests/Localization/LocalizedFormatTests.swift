import Testing

@testable import HeraldCore

@Suite("Localization: format and keys")
struct LocalizedFormatTests {
    @Test("%@ takes the arguments in turn", arguments: [
        ("%@ wrote: %@", ["Ana", "Hi"], "Ana wrote: Hi"),
        ("No specifier", ["unused"], "No specifier"),
        ("%@%@", ["a", "b"], "ab"),
    ])
    func sequential(_ format: String, _ arguments: [String], _ expected: String) {
        #expect(LocalizedFormat.fill(format, with: arguments) == expected)
    }

    @Test("%1$@, %2$@ … take the argument at their position, in any order and more than once")
    func positional() {
        #expect(LocalizedFormat.fill("%2$@ von %1$@", with: ["Ana", "Nachricht"]) == "Nachricht von Ana")
        #expect(LocalizedFormat.fill("%1$@ and %1$@ again", with: ["x"]) == "x and x again")
        #expect(LocalizedFormat.fill("%10$@", with: (1...10).map(String.init)) == "10")
    }

    @Test("%% is one percent sign and takes no argument")
    func percent() {
        #expect(LocalizedFormat.fill("%@ is 50%% off", with: ["Tea"]) == "Tea is 50% off")
        #expect(LocalizedFormat.fill("100%%%@", with: ["!"]) == "100%!")
    }

    @Test("a specifier without its argument, and any other % sequence, is left as written")
    func missing() {
        #expect(LocalizedFormat.fill("%@ and %@", with: ["one"]) == "one and %@")
        #expect(LocalizedFormat.fill("%2$@ of %1$@", with: ["one"]) == "%2$@ of one")
        #expect(LocalizedFormat.fill("%d items, 5% off, %0$@, ends in %", with: ["x"]) == "%d items, 5% off, %0$@, ends in %")
    }

    @Test("arguments are inserted as text: a % inside one is not read again")
    func argumentsAreText() {
        #expect(LocalizedFormat.fill("%@ %@", with: ["%@", "b"]) == "%@ b")
    }

    @Test("each loc key replaces its literal field, filled from its own args; a field without a key keeps its text")
    func localizedNotification() throws {
        let localizer = DictionaryLocalizer(["t": "Order %@", "b": "%2$@ ships to %1$@"])
        let payload: JSONValue = ["aps": ["alert": [
            "title": "ignored", "title-loc-key": "t", "title-loc-args": ["7"], "subtitle": "Kept",
            "body": "ignored", "loc-key": "b", "loc-args": ["Lisbon", "Tea"],
        ]]]
        let content = try PayloadDecoder.standard.decode(payload).localized(by: localizer).content
        #expect(content == AlertContent(title: "Order 7", subtitle: "Kept", body: "Tea ships to Lisbon"))
    }

    @Test("a key the strings table does not have shows as the key itself, as iOS shows it")
    func unknownKey() throws {
        let payload: JSONValue = ["aps": ["alert": ["loc-key": "MISSING_KEY", "loc-args": ["a"]]]]
        let content = try PayloadDecoder.standard.decode(payload).localized(by: DictionaryLocalizer()).content
        #expect(content == AlertContent(body: "MISSING_KEY"))
    }

    @Test("an alert with only loc keys is not silent")
    func notSilent() throws {
        let n = try PayloadDecoder.standard.decode(["aps": ["alert": ["loc-key": "k"], "content-available": 1]])
        #expect(!n.isSilent)
    }
}
