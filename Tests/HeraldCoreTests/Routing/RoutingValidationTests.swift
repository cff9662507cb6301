import Testing

@testable import HeraldCore

@Suite("Router: patterns checked when the router is built")
struct RoutingValidationTests {
    /// The error building a router from `patterns` throws, or `nil` when it builds.
    private func error(_ patterns: [String]) -> RouterError? {
        do {
            _ = try Router(patterns.map { (pattern: $0, target: 0) })
            return nil
        } catch {
            return error
        }
    }

    /// The error's text for one pattern.
    private func message(_ pattern: String) -> String? {
        error([pattern])?.description
    }

    @Test("an empty pattern")
    func empty() {
        #expect(message("") == """
            invalid route pattern "" (routes[0]): the pattern is empty; \
            write one such as "app://article/:id" or "https://example.com/goods/<int:id>"
            """)
        #expect(error(["app://a", "  "])?.reason == .empty)
        #expect(error(["app://a", "  "])?.index == 1)
    }

    @Test("a pattern without a scheme, or without // after it")
    func scheme() {
        #expect(message("article/:id") == """
            invalid route pattern "article/:id" (routes[0]): the pattern has no scheme; \
            start it with one, as in "https://example.com/..." or "app://..."
            """)
        #expect(message("app:article") == """
            invalid route pattern "app:article" (routes[0]): write "//" after "app:", as in "app://..."
            """)
    }

    @Test("a pattern with a query, a fragment or a space")
    func queryFragmentSpace() {
        #expect(message("https://m.example.com/redpacket?id=:id") == """
            invalid route pattern "https://m.example.com/redpacket?id=:id" (routes[0]): patterns match the path only; \
            remove the "?..." (a link's query items become parameters by themselves)
            """)
        #expect(message("app://a#b") == """
            invalid route pattern "app://a#b" (routes[0]): patterns match the path only; \
            remove the "#..." (a link's fragment is ignored)
            """)
        #expect(message("app://a b") == """
            invalid route pattern "app://a b" (routes[0]): the pattern contains a space or a control character; \
            percent-encode it (a space is %20)
            """)
    }

    @Test("web hosts: missing, with placeholders, empty labels, a misplaced *, a bad port, user info")
    func hosts() {
        #expect(message("https:///x") == """
            invalid route pattern "https:///x" (routes[0]): a web pattern needs a host, \
            as in "https://example.com/..."; use "*" for any host
            """)
        #expect(message("https://:tenant.example.com/x") == """
            invalid route pattern "https://:tenant.example.com/x" (routes[0]): the host ":tenant.example.com" \
            cannot hold placeholders; use "*.example.com" for any subdomain or "*" for any host
            """)
        #expect(message("https://example..com/x") == """
            invalid route pattern "https://example..com/x" (routes[0]): the host "example..com" has an empty label; \
            remove the extra "."
            """)
        #expect(message("https://m.*.com/x") == """
            invalid route pattern "https://m.*.com/x" (routes[0]): in the host "m.*.com", "*" can only be the whole \
            host or its first label, as in "*.example.com"
            """)
        #expect(message("https://example.com:http/x") == """
            invalid route pattern "https://example.com:http/x" (routes[0]): the port "http" is not a number \
            from 0 to 65535
            """)
        #expect(message("https://me@example.com/x") == """
            invalid route pattern "https://me@example.com/x" (routes[0]): remove the user info ("...@") before the host
            """)
        #expect(message("https://*.example.com:8443/x") == nil)
        #expect(message("http://[::1]:8080/x") == nil)
    }

    @Test("an unknown placeholder type")
    func unknownType() {
        #expect(message("app://a/<float:x>") == """
            invalid route pattern "app://a/<float:x>" (routes[0]): unknown placeholder type "float" in "<float:x>"; \
            use int, uuid, string or path, or ":name" for any one segment
            """)
        #expect(error(["app://a/<Int:x>"])?.reason == .unknownPlaceholderType("Int", placeholder: "<Int:x>"))
    }

    @Test("<path:> before the last segment")
    func pathNotLast() {
        #expect(message("app://files/<path:p>/edit") == """
            invalid route pattern "app://files/<path:p>/edit" (routes[0]): "<path:p>" takes the rest of the path, \
            so it must be the last segment; move it to the end, or use ":name" or "*" for one segment
            """)
        // A `*` before the last segment is a one-segment wildcard, so it is never misplaced.
        #expect(message("app://files/*/edit") == nil)
    }

    @Test("a placeholder name used twice")
    func duplicateNames() {
        #expect(message("app://a/:id/<int:id>") == """
            invalid route pattern "app://a/:id/<int:id>" (routes[0]): the placeholder name "id" is used twice; \
            give each placeholder its own name
            """)
        #expect(error(["app://:id/<path:id>"])?.reason == .duplicatePlaceholder("id"))
    }

    @Test("malformed placeholders and wildcards")
    func malformedSegments() {
        #expect(message("app://a/<int:id") == """
            invalid route pattern "app://a/<int:id" (routes[0]): "<int:id" is not a placeholder; \
            write "<type:name>" as the whole segment, or percent-encode "<" and ">" (%3C, %3E)
            """)
        #expect(message("app://a/v<int:id>") == """
            invalid route pattern "app://a/v<int:id>" (routes[0]): "v<int:id>" is not a placeholder; \
            write "<type:name>" as the whole segment, or percent-encode "<" and ">" (%3C, %3E)
            """)
        #expect(message("app://a/img*") == """
            invalid route pattern "app://a/img*" (routes[0]): "img*" mixes "*" with text; \
            "*" must be the whole segment (a literal "*" is %2A)
            """)
        #expect(message("app://a/:") == """
            invalid route pattern "app://a/:" (routes[0]): the placeholder ":" has no name; \
            write one, as in ":id" or "<int:id>"
            """)
        #expect(error(["app://a/<int:>"])?.reason == .unparsable(
            "the placeholder \"<int:>\" has no name; write one, as in \":id\" or \"<int:id>\""))
        #expect(message("app://a/:a.b") == """
            invalid route pattern "app://a/:a.b" (routes[0]): the placeholder name "a.b" in ":a.b" \
            may only hold letters, digits, "_" and "-"
            """)
        #expect(message("app://a/b:c") == nil)
    }

    @Test("two patterns of the same shape, whatever their placeholder names, case or slashes")
    func duplicatePatterns() {
        #expect(error(["app://a/:id", "app://a/:x"])?.description == """
            invalid route pattern "app://a/:x" (routes[1]): it has the same shape as "app://a/:id" (routes[0]), \
            which would always be chosen first; remove one of them or make them differ
            """)
        let sameShapes: [[String]] = [
            ["app://a/:id", "app://b", "APP://A/<string:x>"],
            ["https://Example.com/x/", "https://example.com//x"],
            ["https://*.example.com/<int:a>", "https://*.EXAMPLE.com/<int:b>"],
            ["app://f/<path:a>", "app://f/<path:b>"],
            ["app://caf%C3%A9", "app://café"],
        ]
        for patterns in sameShapes {
            let found = error(patterns)
            #expect(found?.index == patterns.count - 1, "\(patterns)")
            #expect(found?.reason == .duplicatePattern(of: patterns[0], index: 0), "\(patterns)")
        }
    }

    @Test("patterns that differ only in kind, case of a web path, or port are not duplicates")
    func distinctPatterns() {
        let distinct: [[String]] = [
            ["app://a/:id", "app://a/<int:id>", "app://a/<uuid:id>", "app://a/*"],
            ["app://a/*", "app://a/<path:p>"],
            ["https://example.com/A", "https://example.com/a"],
            ["https://example.com/x", "https://example.com:8080/x", "http://example.com/x"],
            ["https://example.com/x", "https://*.example.com/x", "https://*/x"],
        ]
        for patterns in distinct {
            #expect(error(patterns) == nil, "\(patterns)")
        }
    }

    @Test("the first bad pattern is reported")
    func firstError() {
        let found = error(["app://ok/:id", "app://a/<float:x>", ""])
        #expect(found?.index == 1)
        #expect(found?.pattern == "app://a/<float:x>")
    }
}
