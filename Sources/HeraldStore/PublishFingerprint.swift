import HeraldAuth
import HeraldShared

/// What an idempotency key is bound to: the SHA-256 of each field of the publish request
/// as canonical JSON (keys sorted, no white space), `idempotencyKey` itself left out.
/// Each member of `options` is a field of its own (`options.ttl`), so a key reused with
/// another request can be answered with the fields that differ, as payment APIs do.
///
/// Key order and spacing do not matter; anything else does (`"ttl": 60` and
/// `"ttl": 120`, a second interest, `"sendAt"` given as a number instead of a time).
public struct PublishFingerprint: Sendable, Hashable {
    /// Field path (`interests`, `notification`, `options.ttl`, ...) to lowercase hex SHA-256.
    public let fields: [String: String]

    public init(fields: [String: String]) {
        self.fields = fields
    }

    /// The fingerprint of a publish request's body.
    public init(request body: [String: JSONValue]) {
        var fields: [String: String] = [:]
        for (key, value) in body where key != "idempotencyKey" {
            if key == "options", case .object(let options) = value {
                for (option, inner) in options { fields["options." + option] = Self.digest(inner) }
            } else {
                fields[key] = Self.digest(value)
            }
        }
        self.fields = fields
    }

    /// As kept in the store: a JSON object of the fields' digests.
    public var stored: String { JSONWriter.serialize(.object(fields.mapValues(JSONValue.string))) }

    /// From the store's text; `nil` when it is not a fingerprint.
    public init?(stored text: String) {
        guard case .object(let object)? = try? JSONParser().parse(text) else { return nil }
        var fields: [String: String] = [:]
        for (key, value) in object {
            guard let digest = value.stringValue else { return nil }
            fields[key] = digest
        }
        self.fields = fields
    }

    /// The fields given in one request and not the other, or given differently; sorted.
    public func differences(from other: PublishFingerprint) -> [String] {
        Set(fields.keys).union(other.fields.keys).filter { fields[$0] != other.fields[$0] }.sorted()
    }

    private static func digest(_ value: JSONValue) -> String { SHA256.hex(JSONWriter.serialize(value)) }
}
