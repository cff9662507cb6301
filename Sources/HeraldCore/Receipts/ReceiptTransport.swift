/// What the server said to a batch of receipts.
public enum ReceiptDelivery: Sendable, Hashable {
    /// Taken (2xx).
    case accepted
    /// Refused for good (4xx other than 408 and 429): dropped with a log line, never retried.
    case refused(status: Int, message: String)
    /// Not taken this time (network, 408, 429, 5xx): retried with backoff.
    case failed(String)

    /// The delivery an HTTP status means.
    public static func status(_ status: Int, message: String = "") -> ReceiptDelivery {
        switch status {
        case 200..<300: return .accepted
        case 408, 429: return .failed("HTTP \(status) \(message)")
        case 400..<500: return .refused(status: status, message: message)
        default: return .failed("HTTP \(status) \(message)")
        }
    }
}

extension ReceiptOutbox {
    /// Marks `batch` done after the server's answer: taken, or refused for good (dropped,
    /// with the reason). A failure leaves it pending; returns whether it was marked done.
    @discardableResult
    func settle(_ batch: [Receipt], after delivery: ReceiptDelivery) throws -> Bool {
        switch delivery {
        case .accepted: try acknowledge(batch.map(\.id))
        case .refused(let status, let message): try acknowledge(batch.map(\.id), dropped: "HTTP \(status): \(message)")
        case .failed: return false
        }
        return true
    }
}

/// Sends receipts to a server (the Herald gateway, or an app's own backend). Call
/// `completion` once, on the main actor.
@MainActor
public protocol ReceiptTransport: AnyObject {
    func send(_ receipts: [Receipt], completion: @escaping @MainActor (ReceiptDelivery) -> Void)
}
