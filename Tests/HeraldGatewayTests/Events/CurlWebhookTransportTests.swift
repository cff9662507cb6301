import Foundation
import HeraldGatewayWebhooks
import HeraldShared
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("Webhooks: the libcurl transport")
struct CurlWebhookTransportTests {
    static func post(_ transport: CurlWebhookTransport, _ request: WebhookRequest) -> WebhookAnswer {
        let answer = Locked<WebhookAnswer?>(nil)
        let done = DispatchSemaphore(value: 0)
        transport.post(request) { result in
            answer.withLock { $0 = result }
            done.signal()
        }
        _ = done.wait(timeout: .now() + 20)
        return answer.withLock { $0 } ?? WebhookAnswer(status: nil, error: "no answer")
    }

    static func request(port: UInt16, host: String = "127.0.0.1", secret: String) throws -> WebhookRequest {
        let event = LoggedEvent(cursor: EventCursor(seq: 7), type: "publish.created", at: 1_765_000_000, data: #"{"publishId":"pub_1"}"#)
        let message = try #require(WebhookMessage.next([event], selector: try EventSelector(["*"]), batchSize: 100, now: 1_765_000_000).message)
        return WebhookRequest(
            url: "http://\(host):\(port)/hook", headers: message.headers(timestamp: Int(Date().timeIntervalSince1970), secrets: [secret]),
            body: Array(message.body.utf8), timeout: 5)
    }

    @Test("a request reaches the receiver signed as Standard Webhooks verifies it; 2xx is its answer")
    func delivered() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let receiver = try WebhookReceiver(folder: folder.url)
        defer { receiver.stop() }
        let secret = WebhookMessage.newSecret()
        try receiver.secret(secret)
        let transport = try CurlWebhookTransport(policy: WebhookAddressPolicy(allowHTTP: true, allowPrivate: true))
        let answer = Self.post(transport, try Self.request(port: receiver.port, secret: secret))
        #expect(answer == WebhookAnswer(status: 200))
        #expect(try receiver.received().ids == [LoggedEvent.id(seq: 7)])
        #expect(try receiver.received().bad.isEmpty)
    }

    @Test("an address the policy refuses is not connected to, even behind a name: refused at connection time")
    func refusedAtConnection() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let receiver = try WebhookReceiver(folder: folder.url)
        defer { receiver.stop() }
        let transport = try CurlWebhookTransport(policy: WebhookAddressPolicy(allowHTTP: true, allowPrivate: false))
        let answer = Self.post(transport, try Self.request(port: receiver.port, host: "localhost", secret: WebhookMessage.newSecret()))
        #expect(answer.status == nil)
        // localhost is 127.0.0.1 or ::1, whichever libcurl tries first: both are loopback.
        let error = answer.error ?? ""
        #expect(error.hasPrefix("refused: 127.0.0.1 is in 127.0.0.0/8") || error.hasPrefix("refused: ::1 is in ::1"), "\(answer)")
        #expect(try receiver.received().ids.isEmpty)
    }

    @Test("a redirect is not followed: its status is the answer (a failure), one request made")
    func noRedirects() throws {
        let folder = TemporaryFolder()
        defer { folder.cleanup() }
        let receiver = try WebhookReceiver(folder: folder.url, answer: 307)
        defer { receiver.stop() }
        let transport = try CurlWebhookTransport(policy: WebhookAddressPolicy(allowHTTP: true, allowPrivate: true))
        let answer = Self.post(transport, try Self.request(port: receiver.port, secret: WebhookMessage.newSecret()))
        #expect(answer == WebhookAnswer(status: 307))
        #expect(try receiver.answered() == ["ANSWERED 307"])
    }

    @Test("https only without --webhook-allow-http: an http:// URL is refused by libcurl without a connection")
    func httpsOnly() throws {
        let transport = try CurlWebhookTransport(policy: WebhookAddressPolicy(allowHTTP: false, allowPrivate: true))
        let answer = Self.post(transport, try Self.request(port: 9, secret: WebhookMessage.newSecret()))
        #expect(answer.status == nil && answer.error != nil, "\(answer)")
    }
}
