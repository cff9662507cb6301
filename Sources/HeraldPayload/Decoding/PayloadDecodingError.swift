import HeraldShared

/// Why a payload could not be decoded at all. Anything less serious is a `DecodingNote`.
public struct PayloadDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        case tooLarge(bytes: Int, limit: Int)
        case invalidJSON(JSONParseError)
        case notAnObject(found: String)
        case unknownProvider(ProviderID)
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .tooLarge(let bytes, let limit):
            return "the payload is \(bytes) bytes; at most \(limit) are read (APNs payloads are at most 4096, 5120 for VoIP)"
        case .invalidJSON(let error):
            return "not valid JSON: \(error)"
        case .notAnObject(let found):
            return "a payload is a JSON object such as {\"aps\": {...}}, found \(found)"
        case .unknownProvider(let id):
            return "no provider named \"\(id)\" is configured; built in: \(ProviderSpec.builtIn.map(\.id.rawValue).joined(separator: ", ")), apns"
        }
    }
}
