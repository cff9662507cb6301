import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP request to the Herald gateway.
public struct GatewayHTTPRequest: Sendable, Hashable {
    public var method: String
    public var url: URL
    public var headers: [String: String]
    public var body: Data?

    public init(method: String, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// The gateway's answer: status and body.
public struct GatewayHTTPResponse: Sendable, Hashable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data = Data()) {
        self.status = status
        self.body = body
    }
}

/// How `GatewayClient` reaches the gateway: `URLSessionGatewayTransport` in apps, a
/// recording double in tests. Throw for no answer at all (offline, timeout).
public protocol GatewayHTTPTransport: Sendable {
    func send(_ request: GatewayHTTPRequest) async throws -> GatewayHTTPResponse
}

/// The live transport: `URLSession` (FoundationNetworking on Linux).
public struct URLSessionGatewayTransport: GatewayHTTPTransport {
    public let session: URLSession
    public let timeout: TimeInterval

    public init(session: URLSession = .shared, timeout: TimeInterval = 30) {
        self.session = session
        self.timeout = timeout
    }

    public func send(_ request: GatewayHTTPRequest) async throws -> GatewayHTTPResponse {
        var urlRequest = URLRequest(url: request.url, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = request.body
        let (data, response) = try await session.data(for: urlRequest)
        return GatewayHTTPResponse(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
    }
}
