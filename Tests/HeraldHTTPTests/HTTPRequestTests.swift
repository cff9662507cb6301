import Testing
@testable import HeraldHTTP

@Suite("HTTP request: the values handlers read")
struct HTTPRequestTests {
    @Test(
        "a bearer token: the scheme in any case, spaces and tabs around the credentials dropped, nil for another scheme or none",
        arguments: [
            ("Bearer abc", "abc"), ("bearer abc", "abc"), ("BEARER \t abc \t", "abc"), ("Bearer ", ""), ("Bearer a b", "a b"),
            ("Basic eDp5", nil), ("Bearerabc", nil), ("Bear", nil), ("", nil), ("Bearér abc", nil),
        ] as [(String, String?)])
    func bearerToken(header: String, token: String?) {
        #expect(HTTPRequest(method: "GET", path: "/", headers: ["Authorization": header]).bearerToken == token)
    }

    @Test("no Authorization header: no bearer token")
    func noHeader() {
        #expect(HTTPRequest(method: "GET", path: "/").bearerToken == nil)
    }
}
