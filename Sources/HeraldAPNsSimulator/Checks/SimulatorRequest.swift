/// One HTTP/2 request as the simulator received it.
package struct SimulatorRequest {
    package var method: String?
    package var path: String?
    package var authorization: String?
    package var contentType: String?
    /// `apns-*` headers, lowercased names, in arrival order (duplicates kept).
    var apnsHeaders: [(name: String, value: String)] = []
    package var body: [UInt8] = []
    /// Set when the body grew past what any push type allows; the rest was not kept.
    package var bodyTooLarge = false

    static let bodyLimit = 5120

    mutating func header(name: String, value: String) {
        switch name {
        case ":method": method = value
        case ":path": path = value
        case "authorization": authorization = value
        case "content-type": contentType = value
        default:
            if name.hasPrefix("apns-") { apnsHeaders.append((name, value)) }
        }
    }

    mutating func append(_ chunk: UnsafeBufferPointer<UInt8>) {
        guard !bodyTooLarge else { return }
        if body.count + chunk.count > Self.bodyLimit {
            bodyTooLarge = true
            return
        }
        body.append(contentsOf: chunk)
    }

    func value(_ name: String) -> String? {
        apnsHeaders.first { $0.name == name }?.value
    }
}
