import Foundation
import HeraldCore
@testable import HeraldHTTP

/// `GatewayClient`'s way into an `APIHarness`'s gateway, in process and on the harness's
/// clock: each request is the API's to answer. Offline, every request fails as no answer.
final class APIHarnessTransport: GatewayHTTPTransport, @unchecked Sendable {
    let harness: APIHarness
    private let lock = NSLock()
    private var offline = false

    init(_ harness: APIHarness) { self.harness = harness }

    var isOffline: Bool {
        get { lock.withLock { offline } }
        set { lock.withLock { offline = newValue } }
    }

    func send(_ request: GatewayHTTPRequest) async throws -> GatewayHTTPResponse {
        if isOffline { throw URLError(.notConnectedToInternet) }
        let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? ""
        let answer = harness.api.handle(
            HTTPRequest(
                method: request.method, path: request.url.path, query: query, headers: request.headers,
                body: Array(request.body ?? Data()), peerAddress: "127.0.0.1"))
        return GatewayHTTPResponse(status: answer.status, body: Data(answer.body))
    }
}
