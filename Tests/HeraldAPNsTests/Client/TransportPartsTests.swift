import Testing

@testable import HeraldAPNs
@testable import HeraldH2Client

/// The transport's pure parts: reading an origin and a route from a URL, the request queue, the header block.
@Suite("transport parts: origins, routes, the queue, header blocks")
struct TransportPartsTests {
    @Test("origins: host, port (443 by default), authority, IPv6 literals; paths keep their query")
    func origins() throws {
        let apple = try #require(H2Origin.split("https://api.push.apple.com/3/device/abc"))
        #expect(apple.origin.host == "api.push.apple.com" && apple.origin.port == 443 && apple.origin.authority == "api.push.apple.com")
        #expect(apple.path == "/3/device/abc" && !apple.origin.isAddress)
        let local = try #require(H2Origin.split("https://127.0.0.1:2197/1/apps/x/channels?x=1"))
        #expect(local.origin.port == 2197 && local.origin.prefix == "https://127.0.0.1:2197" && local.path == "/1/apps/x/channels?x=1")
        #expect(local.origin.isAddress)
        let v6 = try #require(H2Origin.split("https://[::1]:8443"))
        #expect(
            v6.origin.host == "::1" && v6.origin.port == 8443 && v6.origin.authority == "[::1]:8443" && v6.path == "/"
                && v6.origin.isAddress)
        for bad in ["http://a/b", "https://", "https://a:0/", "https://a:x/", "https://[::1/", "https://[::1]x/", "https://a:70000/"] {
            #expect(H2Origin.split(bad) == nil, "\(bad)")
        }
    }

    @Test("routes: an endpoint URL's origin and its own path, put before each request's path")
    func routes() throws {
        let apple = try #require(H2Route(url: "https://api.push.apple.com"))
        #expect(apple.origin.authority == "api.push.apple.com" && apple.basePath == "" && apple.path("/3/device/ab") == "/3/device/ab")
        let proxied = try #require(H2Route(url: "https://127.0.0.1:8443/apns"))
        #expect(proxied.origin.port == 8443 && proxied.path("/3/device/ab") == "/apns/3/device/ab")
        #expect(H2Route(url: "http://api.push.apple.com") == nil)
    }

    @Test("the queue is first in, first out; requests taken back go first, in their order")
    func queue() {
        var queue = H2Queue()
        func pending(_ n: Int) -> H2Pending {
            H2Pending(job: TransportJob(request: H2Request(path: "/\(n)", fields: [], body: [])) { _ in }, deadline: Double(n))
        }
        for n in 0..<2000 { queue.append(pending(n)) }
        var taken: [String] = []
        for _ in 0..<1500 { taken.append(queue.popFirst()?.path ?? "-") }
        #expect(taken == (0..<1500).map { "/\($0)" })
        queue.prepend(pending(1499))
        queue.prepend(pending(1498))
        #expect(queue.count == 502 && queue.first?.path == "/1498")
        var rest: [String] = []
        while let next = queue.popFirst() { rest.append(next.path) }
        #expect(rest == (1498..<2000).map { "/\($0)" })
        #expect(queue.isEmpty && queue.popFirst() == nil)
        queue.prepend(pending(7))
        #expect(queue.popFirst()?.path == "/7")
    }

    @Test("header fields: names lowercased, values trimmed, empty values, empty names and connection headers left out, in order")
    func headerBlock() {
        var block = H2HeaderBlock()
        block.add(":method", "POST")
        for (name, value) in [
            ("APNS-Topic", "  com.example.app\t"), ("apns-priority", "10"), ("apns-collapse-id", "   "), ("Connection", "close"),
            ("host", "x"), ("", "no name"), ("apns-id", " a:b: c "),
        ] {
            block.addField(name, value)
        }
        let pairs = block.fields.map { field in
            (
                String(decoding: block.bytes[field.name..<field.name + field.nameLength], as: UTF8.self),
                String(decoding: block.bytes[field.value..<field.value + field.valueLength], as: UTF8.self)
            )
        }
        #expect(pairs.map(\.0) == [":method", "apns-topic", "apns-priority", "apns-id"])
        #expect(pairs.map(\.1) == ["POST", "com.example.app", "10", "a:b: c"])
    }
}
