import Testing

@testable import HeraldCore

@Suite("Router: which route wins")
struct RoutingPrecedenceTests {
    @Test("the pattern with more literal path segments wins, whatever the order")
    func literalSegments() throws {
        for routes in [
            [(pattern: "app://article/:id", target: "detail"), (pattern: "app://article/latest", target: "latest")],
            [(pattern: "app://article/latest", target: "latest"), (pattern: "app://article/:id", target: "detail")],
        ] {
            let router = try Router(routes)
            #expect(router.match("app://article/latest")?.target == "latest")
            #expect(router.match("app://article/12")?.target == "detail")
        }
    }

    @Test("literal path segments count before literal host labels")
    func segmentsBeforeHost() throws {
        let router = try Router([
            (pattern: "https://m.example.com/goods/:id", target: "m-goods"),
            (pattern: "https://*.example.com/goods/detail", target: "detail"),
        ])
        #expect(router.match("https://m.example.com/goods/detail")?.target == "detail")
        #expect(router.match("https://m.example.com/goods/5")?.target == "m-goods")
    }

    @Test("then the host with more literal labels wins")
    func hostLabels() throws {
        let router = try Router([
            (pattern: "https://*/p/:id", target: "any"),
            (pattern: "https://*.example.com/p/:id", target: "sub"),
            (pattern: "https://m.example.com/p/:id", target: "m"),
        ])
        #expect(router.match("https://m.example.com/p/1")?.target == "m")
        #expect(router.match("https://www.example.com/p/1")?.target == "sub")
        #expect(router.match("https://example.org/p/1")?.target == "any")
        #expect(router.patterns == ["https://m.example.com/p/:id", "https://*.example.com/p/:id", "https://*/p/:id"])
    }

    @Test("then typed placeholders win over untyped ones")
    func typedOverUntyped() throws {
        let router = try Router([
            (pattern: "app://user/:name", target: "name"),
            (pattern: "app://user/<int:id>", target: "id"),
            (pattern: "app://user/<uuid:uuid>", target: "uuid"),
        ])
        #expect(router.match("app://user/42")?.target == "id")
        #expect(router.match("app://user/bob")?.target == "name")
        #expect(router.match("app://user/E621E1F8-C36C-495A-93FC-0C247A3E6E5F")?.target == "uuid")
    }

    @Test("then fewer wildcards win")
    func fewerWildcards() throws {
        let router = try Router([
            (pattern: "app://a/*", target: "rest"),
            (pattern: "app://a/*/:y", target: "star-y"),
            (pattern: "app://a/:x/:y", target: "x-y"),
            (pattern: "app://a/:x", target: "x"),
        ])
        #expect(router.match("app://a/b")?.target == "x")
        #expect(router.match("app://a/b/c")?.target == "x-y")
        #expect(router.match("app://a/b/c/d")?.target == "rest")
        #expect(router.match("app://a")?.target == "rest")
    }

    @Test("a wildcard host counts as a wildcard")
    func wildcardHost() throws {
        // Both name two literal host labels; the `*` label breaks the tie.
        let router = try Router([
            (pattern: "https://*.example.com/a", target: "sub"),
            (pattern: "https://example.com/a", target: "exact"),
        ])
        #expect(router.patterns == ["https://example.com/a", "https://*.example.com/a"])
    }

    @Test("exact ties keep the registration order")
    func registrationOrder() throws {
        let first = try Router([("app://a/:x", "a-x"), ("app://:y/b", "y-b")])
        let second = try Router([(pattern: "app://:y/b", target: "y-b"), (pattern: "app://a/:x", target: "a-x")])
        #expect(first.match("app://a/b")?.target == "a-x")
        #expect(second.match("app://a/b")?.target == "y-b")

        let paths = try Router([(pattern: "app://f/<path:p>", target: "path"), (pattern: "app://f/*", target: "rest")])
        #expect(paths.match("app://f/x/y")?.target == "path")
        #expect(paths.match("app://f")?.target == "rest")
    }

    @Test("the fallback takes what no pattern matches, with the query as parameters")
    func fallback() throws {
        let router = try Router([(pattern: "app://article/<int:id>", target: "article")], fallback: "web")
        let match = try #require(router.match("https://example.com/about?title=Hi"))
        #expect(match == RouteMatch(
            target: "web", pattern: nil, parameters: ["title": "Hi"], link: "https://example.com/about?title=Hi",
            isFallback: true))
        #expect(router.match("app://article/x")?.isFallback == true)
        #expect(router.match("app://article/1")?.isFallback == false)
        #expect(try Router([(pattern: "app://a", target: "a")]).match("app://b") == nil)
        #expect(try Router<String>([], fallback: "web").match("anything")?.target == "web")
    }

    @Test("a router is Sendable and gives the same answers from many tasks")
    func concurrentMatching() async throws {
        let router = try Router([(pattern: "app://article/<int:id>", target: "article")], fallback: "web")
        let results = await withTaskGroup(of: String?.self) { group in
            for index in 0..<64 {
                group.addTask { router.match("app://article/\(index)")?.parameters["id"] }
            }
            var all: [String?] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(Set(results.compactMap { $0 }) == Set((0..<64).map(String.init)))
    }
}
