import HeraldTestSupport
import Testing

@testable import HeraldCore

/// The seeded generator the randomised routing tests draw from.
typealias RouterTestRandom = SeededGenerator

extension SeededGenerator {
    /// A string of `count` characters drawn from `alphabet`.
    mutating func string(from alphabet: [Character], count: Int) -> String {
        String((0..<count).map { _ in alphabet.randomElement(using: &self) ?? "a" })
    }
}

@Suite("Router: randomised links")
struct RoutingRandomTests {
    static let patterns = [
        "app://article/<int:id>", "app://article/:slug", "app://:section/<uuid:id>", "app://files/<path:rest>",
        "app://a/*/c", "app://*", "https://*.example.com/trace/:id", "https://m.example.com/redpacket",
        "http://localhost:8080/<path:p>", "https://*/x/*", "https://example.com/caf%C3%A9/:q",
    ]

    /// Characters that stress the parser: every delimiter, escapes, spaces, non-ASCII.
    static let alphabet: [Character] = Array(
        "abcAZ019-._~:/?#[]@!$&'()*+,;=%<> \t\n\"\\{}|^`éß红包😀\u{0}\u{7F}\u{FEFF}")
    static let fragments = [
        "app://", "https://", "http://", "HTTPS://M.EXAMPLE.COM", "//", "%", "%2F", "%F", "%zz", "%FF", "%C3%A9",
        "?", "#", "&", "=", ":8080", ":99999", "@", "[::1]", "..", "article/", "<int:x>", "*", "-",
    ]

    /// Beginnings that reach the patterns, so random tails exercise matching and not only the fallback.
    static let prefixes = [
        "app://", "app://article/", "APP://files/", "app://a/", "https://m.example.com/", "https://x.example.com/trace/",
        "http://localhost:8080/", "https://example.com/caf%C3%A9/", "https://any.org/x/",
    ]

    @Test("matching random link strings never crashes and always ends in a route or the fallback")
    func randomLinksNeverCrash() throws {
        var random = RouterTestRandom(seed: 0x5EED_0000_0000_0021)
        let routes = Self.patterns.enumerated().map { (pattern: $1, target: $0) }
        let router = try Router(routes, fallback: -1)
        let bare = try Router(routes)
        var matched = 0
        for _ in 0..<4000 {
            var link = Bool.random(using: &random) ? Self.prefixes.randomElement(using: &random) ?? "" : ""
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                if Bool.random(using: &random) {
                    link += Self.fragments.randomElement(using: &random) ?? ""
                } else {
                    link += random.string(from: Self.alphabet, count: Int.random(in: 1...6, using: &random))
                }
            }
            let match = try #require(router.match(link))
            #expect(match.link == link)
            if match.isFallback {
                #expect(match.target == -1 && match.pattern == nil)
                #expect(bare.match(link) == nil)
            } else {
                #expect(match.pattern == Self.patterns[match.target])
                #expect(bare.match(link) == match)
                matched += 1
            }
        }
        #expect(matched > 1000, "the random links should reach the patterns too, not only the fallback")
    }

    /// `text` with every byte outside the unreserved set escaped, so any text survives a link.
    private static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let isUnreserved = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x2E || byte == 0x5F || byte == 0x7E
            encoded += isUnreserved ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true)
                .leftPadded(to: 2)
        }
        return encoded
    }

    @Test("random values percent-encoded into a link come back as parameters exactly")
    func capturesRoundTrip() throws {
        var random = RouterTestRandom(seed: 42)
        let router = try Router([(pattern: "app://item/<int:id>/:name/<path:rest>", target: 0)])
        let text: [Character] = Array("ab Z9/?#&=%+:*é红😀-._~")
        for _ in 0..<1000 {
            let id = String(Int.random(in: -1_000_000...1_000_000, using: &random))
            let name = random.string(from: text, count: Int.random(in: 1...10, using: &random))
            let rest = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                random.string(from: text, count: Int.random(in: 1...6, using: &random))
            }
            let query = random.string(from: text, count: Int.random(in: 0...8, using: &random))
            let link = "app://item/\(id)/\(Self.percentEncoded(name))/"
                + rest.map(Self.percentEncoded).joined(separator: "/") + "?q=\(Self.percentEncoded(query))"
            let match = try #require(router.match(link), "\(link)")
            #expect(match.parameters == ["id": id, "name": name, "rest": rest.joined(separator: "/"), "q": query])
        }
    }
}

extension String {
    /// The string with leading zeros up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: Swift.max(0, width - count)) + self
    }
}
