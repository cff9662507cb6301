import Testing

@testable import HeraldCore

@Suite("Router: pattern syntax")
struct RoutingSyntaxTests {
    /// The parameters of the route `link` matched, or `nil` when no pattern (and no fallback) matched.
    private func parameters(_ pattern: String, _ link: String) throws -> [String: String]? {
        try Router([(pattern: pattern, target: "t")]).match(link)?.parameters
    }

    @Test(":name and <string:name> capture one segment as text")
    func stringPlaceholders() throws {
        #expect(try parameters("app://article/:id", "app://article/abc-7") == ["id": "abc-7"])
        #expect(try parameters("app://article/<string:id>", "app://article/abc-7") == ["id": "abc-7"])
        #expect(try parameters("app://article/:id", "app://article") == nil)
        #expect(try parameters("app://article/:id", "app://article/a/b") == nil)
    }

    @Test("<int:name> takes only ASCII digits with an optional leading minus")
    func intPlaceholder() throws {
        let pattern = "app://order/<int:id>"
        #expect(try parameters(pattern, "app://order/42") == ["id": "42"])
        #expect(try parameters(pattern, "app://order/-7") == ["id": "-7"])
        #expect(try parameters(pattern, "app://order/007") == ["id": "007"])
        for bad in ["4a", "-", "+5", "1.5", "--1", "\u{0663}", "1-2"] {
            #expect(try parameters(pattern, "app://order/\(bad)") == nil, "\(bad)")
        }
    }

    @Test("<uuid:name> takes a UUID in either case and nothing else")
    func uuidPlaceholder() throws {
        let pattern = "app://device/<uuid:id>"
        let upper = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        #expect(try parameters(pattern, "app://device/\(upper)") == ["id": upper])
        #expect(try parameters(pattern, "app://device/\(upper.lowercased())") == ["id": upper.lowercased()])
        #expect(try parameters(pattern, "app://device/E621E1F8C36C495A93FC0C247A3E6E5F") == nil)
        #expect(try parameters(pattern, "app://device/E621E1F8-C36C-495A-93FC-0C247A3E6E5") == nil)
        #expect(try parameters(pattern, "app://device/G621E1F8-C36C-495A-93FC-0C247A3E6E5F") == nil)
    }

    @Test("<path:name> captures the rest of the path, one or more segments")
    func pathPlaceholder() throws {
        let pattern = "app://files/<path:rest>"
        #expect(try parameters(pattern, "app://files/a/b/c.txt") == ["rest": "a/b/c.txt"])
        #expect(try parameters(pattern, "app://files/a") == ["rest": "a"])
        #expect(try parameters(pattern, "app://files") == nil)
        #expect(try parameters(pattern, "app://files//a//b/") == ["rest": "a/b"])
    }

    @Test("* matches one segment in the middle and the rest at the end, capturing nothing")
    func wildcards() throws {
        #expect(try parameters("app://a/*/c", "app://a/x/c") == [:])
        #expect(try parameters("app://a/*/c", "app://a/c") == nil)
        #expect(try parameters("app://a/*/c", "app://a/x/y/c") == nil)
        #expect(try parameters("app://a/*", "app://a") == [:])
        #expect(try parameters("app://a/*", "app://a/x") == [:])
        #expect(try parameters("app://a/*", "app://a/x/y/z") == [:])
        #expect(try parameters("app://*", "app://anything/at/all") == [:])
        #expect(try parameters("app://a/*", "other://a/x") == nil)
    }

    @Test("a custom scheme's host is its first segment: caseless, and may be a placeholder")
    func customSchemeHost() throws {
        #expect(try parameters("app://article/:id", "APP://Article/7") == ["id": "7"])
        #expect(try parameters("App://ARTICLE/:id", "app://article/7") == ["id": "7"])
        #expect(try parameters("app://article/:id", "app:///article/7") == ["id": "7"])
        #expect(try parameters("app://article/:id", "app:article/7") == ["id": "7"])
        #expect(try parameters("app://:section/:id", "app://Projects/9") == ["section": "Projects", "id": "9"])
        #expect(try parameters("app://", "app://") == [:])
        #expect(try parameters("app://", "app:///?tab=2") == ["tab": "2"])
        #expect(try parameters("app://", "app://home") == nil)
    }

    @Test("path segments compare case-sensitively; scheme and web host do not")
    func caseRules() throws {
        #expect(try parameters("app://article/Detail", "app://article/detail") == nil)
        #expect(try parameters("https://Shop.Example.com/Goods", "HTTPS://shop.example.COM/Goods") == [:])
        #expect(try parameters("https://shop.example.com/Goods", "https://shop.example.com/goods") == nil)
        #expect(try parameters("https://example.com/x", "http://example.com/x") == nil)
    }

    @Test("*.example.com takes one or more subdomain labels but not the bare domain")
    func subdomainHosts() throws {
        let pattern = "https://*.example.com/trace/:id"
        #expect(try parameters(pattern, "https://m.example.com/trace/9") == ["id": "9"])
        #expect(try parameters(pattern, "https://a.b.Example.com/trace/9") == ["id": "9"])
        #expect(try parameters(pattern, "https://example.com/trace/9") == nil)
        #expect(try parameters(pattern, "https://badexample.com/trace/9") == nil)
        #expect(try parameters(pattern, "https://m.example.com.evil.org/trace/9") == nil)
        #expect(try parameters(pattern, "https://.example.com/trace/9") == nil)
        #expect(try parameters("https://*/x", "https://anywhere.org/x") == [:])
        #expect(try parameters("https://*/x", "https:///x") == nil)
    }

    @Test("ports are ignored unless the pattern names one; a missing port is the scheme's default")
    func ports() throws {
        #expect(try parameters("https://example.com/x", "https://example.com:8443/x") == [:])
        #expect(try parameters("http://localhost:8080/x", "http://localhost:8080/x") == [:])
        #expect(try parameters("http://localhost:8080/x", "http://localhost/x") == nil)
        #expect(try parameters("http://localhost:8080/x", "http://localhost:9090/x") == nil)
        #expect(try parameters("https://example.com:443/x", "https://example.com/x") == [:])
        #expect(try parameters("https://example.com/x", "https://user:pw@example.com/x") == [:])
    }

    @Test("trailing slashes and empty segments are ignored on both sides")
    func emptySegments() throws {
        #expect(try parameters("app://a//b/", "app://a/b") == [:])
        #expect(try parameters("app://a/b", "app://a//b/") == [:])
        #expect(try parameters("https://example.com/a/b/", "https://example.com//a/b//") == [:])
        #expect(try parameters("https://example.com/", "https://example.com") == [:])
    }

    @Test("segments are percent-decoded one by one before matching and capturing")
    func percentDecoding() throws {
        #expect(try parameters("app://search/:q", "app://search/caf%C3%A9%20au%20lait") == ["q": "café au lait"])
        #expect(try parameters("app://files/:name", "app://files/a%2Fb") == ["name": "a/b"])
        #expect(try parameters("app://order/<int:id>", "app://order/%34%32") == ["id": "42"])
        #expect(try parameters("app://caf%C3%A9/:id", "app://café/1") == ["id": "1"])
        #expect(try parameters("app://%2A/:id", "app://*/1") == ["id": "1"])
        #expect(try parameters("app://search/:q", "app://search/100%zz") == ["q": "100%zz"])
        #expect(try parameters("app://search/:q", "app://search/%FF%41") == ["q": "%FF%41"])
        #expect(try parameters("app://search/:q", "app://search/50%") == ["q": "50%"])
    }

    @Test("query items join the parameters, decoded; a path capture wins over the same name")
    func queryMerge() throws {
        let pattern = "app://article/:id"
        #expect(try parameters(pattern, "app://article/7?from=push&id=99") == ["id": "7", "from": "push"])
        #expect(try parameters(pattern, "app://article/7?title=%E7%BA%A2%E5%8C%85&q=a+b") == [
            "id": "7", "title": "红包", "q": "a+b",
        ])
        #expect(try parameters(pattern, "app://article/7?tag=a&tag=b&flag&=x&&") == ["id": "7", "tag": "a", "flag": ""])
        #expect(try parameters(pattern, "app://article/7?next=app://x?y=1") == ["id": "7", "next": "app://x?y=1"])
    }

    @Test("the fragment is ignored, even when it holds a ? or a /")
    func fragment() throws {
        #expect(try parameters("app://article/:id", "app://article/7#comments") == ["id": "7"])
        #expect(try parameters("app://article/:id", "app://article/7?x=1#frag?y=2/z") == ["id": "7", "x": "1"])
    }

    @Test("the match reports the link as given and the pattern as registered")
    func matchFields() throws {
        let router = try Router([(pattern: "APP://Article/:id", target: 1)])
        let match = try #require(router.match("  app://article/7  "))
        #expect(match == RouteMatch(
            target: 1, pattern: "APP://Article/:id", parameters: ["id": "7"], link: "  app://article/7  ", isFallback: false))
    }

    @Test("links that are not URLs match nothing")
    func notURLs() throws {
        let router = try Router([(pattern: "app://*", target: 1), (pattern: "https://*/*", target: 2)])
        for link in ["", "   ", "article/7", "/article/7", "://x", "7", "https:example.com/x", "https://"] {
            #expect(router.match(link) == nil, "\(link)")
        }
    }
}
