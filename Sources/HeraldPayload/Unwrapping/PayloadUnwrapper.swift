import Foundation
import HeraldShared

/// Turns a field of the app's data into the value it stands for: a JSON string
/// into JSON (GeTui's `payload`), an encrypted string into its clear JSON (UMeng's `msg`).
public protocol PayloadUnwrapper: Sendable {
    /// The value `field` stands for, `nil` to leave it as it is; a thrown error is
    /// reported as a decoding note and the field is kept unchanged.
    func unwrap(field: String, value: JSONValue) throws -> JSONValue?
}

/// Parses string fields that hold a JSON object or array.
public struct JSONStringUnwrapper: PayloadUnwrapper {
    /// The fields to unwrap; `nil` unwraps every string that starts like an object or array.
    public var fields: Set<String>?
    public var parser: JSONParser

    public init(fields: Set<String>? = nil, parser: JSONParser = JSONParser(maxDepth: 64)) {
        self.fields = fields
        self.parser = parser
    }

    public func unwrap(field: String, value: JSONValue) throws -> JSONValue? {
        guard case .string(let text) = value, fields?.contains(field) ?? true else { return nil }
        let first = text.utf8.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            if fields != nil { throw UnwrapError.notJSON("it does not start with '{' or '['") }
            return nil
        }
        do {
            return try parser.parse(text)
        } catch {
            throw UnwrapError.notJSON("it looks like JSON but is not: \(error)")
        }
    }
}

/// Decrypts string fields through an app's `PayloadDecryptor`, then reads the clear
/// text as JSON (or keeps it as a string when it is not JSON).
public struct EncryptedFieldUnwrapper: PayloadUnwrapper {
    /// How the cipher text is written in the payload.
    public enum Encoding: Sendable { case base64, hex }

    public var fields: Set<String>
    public var decryptor: any PayloadDecryptor
    public var encoding: Encoding

    public init(fields: Set<String>, decryptor: any PayloadDecryptor, encoding: Encoding = .base64) {
        self.fields = fields
        self.decryptor = decryptor
        self.encoding = encoding
    }

    public func unwrap(field: String, value: JSONValue) throws -> JSONValue? {
        guard fields.contains(field) else { return nil }
        guard let text = value.stringValue else { throw UnwrapError.notText(value.typeDescription) }
        guard let cipher = decode(text) else { throw UnwrapError.badEncoding(encoding == .base64 ? "Base64" : "hex") }
        let clear: Data
        do {
            clear = try decryptor.decrypt(cipher, field: field)
        } catch {
            throw UnwrapError.decryptionFailed("\(error)")
        }
        if let json = try? JSONParser(maxDepth: 64).parse(clear) { return json }
        guard let string = String(data: clear, encoding: .utf8) else { throw UnwrapError.decryptionFailed("the clear text is neither JSON nor UTF-8 text (wrong key?)") }
        return .string(string)
    }

    private func decode(_ text: String) -> Data? {
        switch encoding {
        case .base64:
            var normalized = String(text.trimmingSpaces).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            while normalized.count % 4 != 0 { normalized += "=" }
            return Data(base64Encoded: normalized)
        case .hex:
            return DeviceToken.bytes(fromHex: String(text.trimmingSpaces)).map { Data($0) }
        }
    }
}

/// Why a field could not be unwrapped; the field is kept as it was.
public enum UnwrapError: Error, Sendable, CustomStringConvertible {
    case notJSON(String)
    case notText(String)
    case badEncoding(String)
    case decryptionFailed(String)

    public var description: String {
        switch self {
        case .notJSON(let why): return "not a JSON string: \(why)"
        case .notText(let found): return "expected an encrypted string, found \(found)"
        case .badEncoding(let encoding): return "the value is not valid \(encoding)"
        case .decryptionFailed(let why): return "could not decrypt: \(why)"
        }
    }
}
