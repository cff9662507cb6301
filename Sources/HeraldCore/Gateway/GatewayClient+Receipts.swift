import Foundation

/// The gateway as the receipts outbox's transport: delivered, opened, dismissed, action,
/// presented and routed receipts of Herald publishes, with their facts, become `POST /events`; receipts the gateway does
/// not track (shown in the foreground, other providers' notifications) are acknowledged
/// without sending.
extension GatewayClient: ReceiptTransport {
    /// At most this many events per request (the gateway's limit).
    static let eventsPerRequest = 1000

    public func send(_ receipts: [Receipt], completion: @escaping @MainActor (ReceiptDelivery) -> Void) {
        let events = receipts.compactMap(event)
        guard !events.isEmpty else { return completion(.accepted) }
        if state == nil { state = deviceStore?.load() }
        guard state != nil else { return completion(.failed("not registered with the gateway yet")) }
        Task { @MainActor in
            var delivery = ReceiptDelivery.accepted
            chunks: for start in stride(from: 0, to: events.count, by: Self.eventsPerRequest) {
                let chunk = events[start..<min(events.count, start + Self.eventsPerRequest)]
                do throws(GatewayClientError) {
                    _ = try await deviceCall("POST", expect: [202]) { state in
                        let objects = chunk.map { event -> JSONValue in
                            var object = event
                            object["deviceId"] = .string(state.deviceID)
                            return .object(object)
                        }
                        return ("events", ["events": .array(objects)])
                    }
                } catch {
                    if case .http(let status, _) = error.reason {
                        delivery = .status(status, message: error.message)
                    } else {
                        delivery = .failed(error.message)
                    }
                    break chunks
                }
            }
            completion(delivery)
        }
    }

    /// The event for a receipt, or `nil` when the gateway does not track it.
    func event(_ receipt: Receipt) -> [String: JSONValue]? {
        guard receipt.provider == .herald, Self.isGatewayID(receipt.notificationID) else { return nil }
        let kind: String
        switch receipt.kind {
        case .delivered: kind = "delivered"
        case .opened: kind = "opened"
        case .dismissed: kind = "dismissed"
        case .action: kind = "action"
        case .presented: kind = "presented"
        case .routed: kind = "routed"
        case .shownInForeground: return nil
        }
        var event: [String: JSONValue] = ["publishId": .string(receipt.notificationID), "event": .string(kind), "at": .double(receipt.at)]
        if receipt.kind == .action { event["actionId"] = .string(receipt.actionID ?? "default") }
        if let facts = receipt.facts { event["facts"] = facts.json }
        return event
    }

    static func isGatewayID(_ id: String) -> Bool {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-=@,.;".utf8)
        return (1...200).contains(id.utf8.count) && id.utf8.allSatisfy(allowed.contains)
    }
}
