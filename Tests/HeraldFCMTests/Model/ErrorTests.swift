import Foundation
import HeraldFCMModel
import HeraldShared
import Testing

@Suite("FCM errors and their classes")
struct ErrorTests {
    @Test(
        "each documented answer maps to its class",
        arguments: [
            (404, "NOT_FOUND", "UNREGISTERED", FCMErrorClass.invalidToken),
            (403, "PERMISSION_DENIED", "SENDER_ID_MISMATCH", .invalidToken),
            (400, "INVALID_ARGUMENT", "INVALID_ARGUMENT", .unsendable),
            (429, "RESOURCE_EXHAUSTED", "QUOTA_EXCEEDED", .retryAfter),
            (503, "UNAVAILABLE", "UNAVAILABLE", .backOff),
            (500, "INTERNAL", "INTERNAL", .backOff),
            (401, "UNAUTHENTICATED", nil, .credentialsRefused),
            (403, "PERMISSION_DENIED", nil, .credentialsRefused),
            (401, "UNAUTHENTICATED", "THIRD_PARTY_AUTH_ERROR", .credentialsRefused),
        ] as [(Int, String, String?, FCMErrorClass)])
    func classes(status: Int, rpc: String, code: String?, expected: FCMErrorClass) {
        let body = FCMError.body(status: status, rpcStatus: rpc, message: "m", errorCode: code)
        let error = FCMError(status: status, body: body, retryAfter: 7)
        #expect(error.errorClass == expected)
        #expect(error.code.text == (code ?? rpc))
        #expect(error.message == "m" && error.retryAfter == 7)
    }

    @Test("an unknown code or a body that is not JSON falls back on the status; otherwise unsendable")
    func unknown() {
        #expect(FCMError(status: 503, body: Array("<html>".utf8)).errorClass == .backOff)
        #expect(FCMError(status: 429, body: []).errorClass == .retryAfter)
        #expect(
            FCMError(status: 400, body: FCMError.body(status: 400, rpcStatus: "FAILED_PRECONDITION", message: "", errorCode: "NEW_CODE"))
                .errorClass == .unsendable)
        #expect(FCMError(status: 400, body: Array("oops".utf8)).code == .unknown("oops"))
    }

    @Test("a token endpoint's 4xx is credentials refused; its 5xx is back-off")
    func tokenEndpoint() {
        let refused = FCMError(
            tokenStatus: 400, body: Array(#"{"error":"invalid_grant","error_description":"Invalid JWT Signature."}"#.utf8))
        #expect(refused.errorClass == .credentialsRefused)
        #expect(refused.message.contains("Invalid JWT Signature."))
        #expect(FCMError(tokenStatus: 503, body: []).errorClass == .backOff)
    }

    @Test("an answer without a reason, or a redirect (never followed), says what happened: status and location")
    func unexplained() {
        let redirect = FCMError(status: 302, body: [], location: "https://elsewhere.example/send")
        #expect(redirect.code.text == "HTTP 302 redirect to https://elsewhere.example/send (not followed)")
        #expect(redirect.errorClass == .unsendable)
        let token = FCMError(tokenStatus: 301, body: Array("<html>moved</html>".utf8), location: "https://new.example/token")
        #expect(token.code.text == "HTTP 301 redirect to https://new.example/token (not followed)")
        #expect(FCMError(tokenStatus: 307, body: []).code.text == "HTTP 307 redirect without a Location (not followed)")
        let empty = FCMError(status: 500, body: [])
        #expect(empty.code.text == "HTTP 500 without a reason")
        #expect(empty.errorClass == .backOff)
        #expect(FCMError(status: 400, body: Array("oops".utf8), location: "x").code.text == "oops", "a reason given is kept")
    }
}
