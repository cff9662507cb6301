import Foundation
import HeraldCore

/// A `GatewayHTTPTransport` for tests: records requests and answers from a script
/// (500 when the script has run out).
public final class RecordingGatewayTransport: GatewayHTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [GatewayHTTPRequest] = []
    private var answers: [Result<GatewayHTTPResponse, Error>] = []

    public struct Offline: Error {}

    public init() {}

    public func answer(_ status: Int, _ body: String = "{}") {
        lock.withLock { answers.append(.success(GatewayHTTPResponse(status: status, body: Data(body.utf8)))) }
    }

    public func fail() { lock.withLock { answers.append(.failure(Offline())) } }

    public var sent: [GatewayHTTPRequest] { lock.withLock { requests } }

    /// A request that was never sent (the test asks for more than the client made).
    public struct NotSent: Error, CustomStringConvertible {
        public var description: String
    }

    /// The JSON body of request `index`; throws when fewer requests were sent.
    public func body(_ index: Int) throws -> JSONValue {
        let all = sent
        guard all.indices.contains(index) else { throw NotSent(description: "request \(index) was not sent; \(all.count) were") }
        return try JSONParser().parse(all[index].body ?? Data())
    }

    public func send(_ request: GatewayHTTPRequest) async throws -> GatewayHTTPResponse {
        let answer: Result<GatewayHTTPResponse, Error> = lock.withLock {
            requests.append(request)
            return answers.isEmpty ? .success(GatewayHTTPResponse(status: 500)) : answers.removeFirst()
        }
        return try answer.get()
    }
}
