import HeraldTestSupport
import Testing
@testable import HeraldHTTP

@Suite("HTTP head parser")
struct HTTPHeadParserTests {
    let parser = HTTPHeadParser(limits: HTTPHeadParser.Limits(requestLineBytes: 100, headBytes: 300, headerCount: 5))

    private func parse(_ text: String) -> HTTPHeadParser.Result { parser.parse(Array(text.utf8)) }

    private func failure(_ text: String) -> HTTPProtocolError? {
        if case .failed(let error) = parse(text) { return error }
        return nil
    }

    @Test("a complete head: method, target, version, lowercased fields, the bytes it took")
    func complete() throws {
        let text = "POST /v1/apps/a/devices?x=1 HTTP/1.1\r\nHost: h\r\nContent-Type:  application/json \r\nX-A: 1\r\nx-a: 2\r\n\r\nBODY"
        guard case .complete(let head, let consumed) = parse(text) else { Issue.record("not complete"); return }
        #expect(head.method == "POST")
        #expect(head.path == "/v1/apps/a/devices")
        #expect(head.target == "/v1/apps/a/devices?x=1")
        #expect(head.query == "x=1")
        #expect(head.minorVersion == 1)
        #expect(head.headers["content-type"] == "application/json")
        #expect(head.headers["x-a"] == "1, 2")
        #expect(consumed == text.utf8.count - 4)
    }

    @Test("a request's query: percent-decoded, + as a space, a repeated name found, none without ?")
    func query() {
        let request = HTTPRequest(method: "GET", path: "/x", query: "a=1&b=x%20y&c=d+e&flag&e=%F0%9F%94%94")
        #expect(request.queryItems == ["a": "1", "b": "x y", "c": "d e", "flag": "", "e": "🔔"])
        #expect(request.repeatedQueryName == nil)
        #expect(HTTPRequest(method: "GET", path: "/x", query: "a=1&b=2&a=3").repeatedQueryName == "a")
        #expect(HTTPRequest(method: "GET", path: "/x", query: "l%69mit=1&limit=2").repeatedQueryName == "limit", "decoded names compare")
        #expect(HTTPRequest(method: "GET", path: "/x", query: "flag&flag=").repeatedQueryName == "flag")
        #expect(HTTPRequest(method: "GET", path: "/x").queryItems.isEmpty)
        guard case .complete(let head, _) = parse("GET /healthz HTTP/1.1\r\nHost: h\r\n\r\n") else {
            Issue.record("not complete")
            return
        }
        #expect(head.query == "")
    }

    @Test("a head cut anywhere is incomplete, not an error")
    func incomplete() {
        let text = "GET /healthz HTTP/1.0\r\nHost: h\r\n\r\n"
        for cut in 0..<(text.utf8.count - 1) {
            #expect(parser.parse(Array(text.utf8.prefix(cut))) == .incomplete, "cut at \(cut)")
        }
        #expect(parser.parse(Array(text.utf8)) != .incomplete)
    }

    @Test("a request line over its limit is 414, before its end arrives")
    func longLine() {
        #expect(failure("GET /" + String(repeating: "a", count: 200))?.status == 414)
        #expect(failure("GET /" + String(repeating: "a", count: 200) + " HTTP/1.1\r\n\r\n")?.status == 414)
    }

    @Test("a head over its size or field count is 431")
    func largeHead() {
        let many = (0..<6).map { "X-\($0): v\r\n" }.joined()
        #expect(failure("GET / HTTP/1.1\r\n\(many)\r\n")?.status == 431)
        #expect(failure("GET / HTTP/1.1\r\nX: " + String(repeating: "v", count: 400))?.status == 431)
    }

    @Test(
        "malformed heads are 400 with a reason",
        arguments: [
            "GET  / HTTP/1.1\r\n\r\n", "GET /\r\n\r\n", "G(T / HTTP/1.1\r\n\r\n", "GET http://x/ HTTP/1.1\r\n\r\n",
            "GET / HTTP/1.1\r\n folded\r\n\r\n",
            "GET / HTTP/1.1\r\nNoColon\r\n\r\n", "GET / HTTP/1.1\r\nBad Name: v\r\n\r\n", "GET / HTTP/1.1\r\nX: a\u{0}b\r\n\r\n",
            "GET / HTTP/1.1\r\nX: a\nInjected: b\r\n\r\n", "GET / HTTP/1.1\r\nX: a\rb\r\n\r\n",
            "GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", "GET /\u{7F} HTTP/1.1\r\n\r\n", "GET / FTP/1.1\r\n\r\n",
        ])
    func malformed(text: String) {
        let error = failure(text)
        #expect(error?.status == 400, "\(text.debugDescription): \(String(describing: error))")
        #expect(error?.code == "bad_request")
    }

    @Test(
        "a head whose lines end with a bare LF is 400 at once, not a wait for its deadline",
        arguments: ["GET / HTTP/1.1\n", "GET / HTTP/1.1\nHost: h\n\n", "GET / HTTP/1.1\r\nHost: h\n\n", "\n"])
    func bareLineFeed(text: String) {
        let error = failure(text)
        #expect(error?.status == 400, "\(text.debugDescription): \(String(describing: error))")
        #expect(error?.message.contains("CRLF") == true)
    }

    @Test("another HTTP version is 505")
    func version() {
        #expect(failure("GET / HTTP/2.0\r\n\r\n")?.status == 505)
    }

    @Test("the same Content-Length twice is accepted")
    func repeatedLength() {
        guard case .complete(let head, _) = parse("POST / HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n") else {
            Issue.record("refused")
            return
        }
        #expect(head.headers["content-length"] == "2")
    }

    @Test("the blank-line search finds CRLFCRLF wherever it is, and nothing else")
    func blankLine() {
        var generator = SeededGenerator(seed: 7)
        let alphabet: [UInt8] = [13, 10, 65]
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0..<24, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let expected = (0..<max(0, bytes.count - 3)).first { bytes[$0..<($0 + 4)].elementsEqual([13, 10, 13, 10]) }
            #expect(HTTPHeadParser.blankLine(in: bytes, limit: 100) == expected, "\(bytes)")
        }
    }
}
