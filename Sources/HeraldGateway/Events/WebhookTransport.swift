/// Where webhook requests go out: the live transport (`CurlWebhookTransport`, in
/// HeraldGatewayWebhooks) or a test's. It follows no redirects, gives up after
/// `timeout`, and refuses to connect to an address the policy refuses.
public protocol WebhookTransport: Sendable {
    /// Sends `request`; `completion` runs once, on any thread.
    func post(_ request: WebhookRequest, completion: @escaping @Sendable (WebhookAnswer) -> Void)
}

public struct WebhookRequest: Sendable {
    public var url: String
    public var headers: [(String, String)]
    public var body: [UInt8]
    /// Seconds for the whole exchange.
    public var timeout: Double

    public init(url: String, headers: [(String, String)], body: [UInt8], timeout: Double) {
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// An endpoint's answer: its status, or why there was none.
public struct WebhookAnswer: Sendable, Hashable {
    public var status: Int?
    public var error: String?

    public init(status: Int?, error: String? = nil) {
        self.status = status
        self.error = error
    }
}
