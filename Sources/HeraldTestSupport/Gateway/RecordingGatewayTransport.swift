import Foundation
import HeraldCore

/// A `GatewayHTTPTransport` for tests: records requests and answers from a script
/// (500 when the script has run out).
public final class RecordingGatewayTransport: GatewayHTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [GatewayHTTPRequest] = []
    private var answers: [Result<GatewayHTTPResponse, Error>] = []

    public struct Offline: Error {}

    /// A request the test asked for was never sent.
    public struct Missing: Error, CustomStringConvertible {
        public var index: Int
        public var sent: Int
        public var description: String { "request \(index) was never sent (\(sent) were)" }
    }

    public init() {}

    public func answer(_ status: Int, _ body: String = "{}") {
        lock.withLock { answers.append(.success(GatewayHTTPResponse(status: status, body: Data(body.utf8)))) }
    }

    public func fail() { lock.withLock { answers.append(.failure(Offline())) } }

    public var sent: [GatewayHTTPRequest] { lock.withLock { requests } }

    /// The JSON body of the `index`th request; throws (rather than trapping, which would
    /// end every test of the process) when fewer were sent.
    public func body(_ index: Int) throws -> JSONValue {
        let sent = self.sent
        guard sent.indices.contains(index) else { throw Missing(index: index, sent: sent.count) }
        return try JSONParser().parse(sent[index].body ?? Data())
    }

    public func send(_ request: GatewayHTTPRequest) async throws -> GatewayHTTPResponse {
        let answer: Result<GatewayHTTPResponse, Error> = lock.withLock {
            requests.append(request)
            return answers.isEmpty ? .success(GatewayHTTPResponse(status: 500)) : answers.removeFirst()
        }
        return try answer.get()
    }
}
