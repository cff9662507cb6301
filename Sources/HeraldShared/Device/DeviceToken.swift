import Foundation

/// An APNs device token: the bytes iOS hands the app, and their lowercase hex form.
///
/// Reading `description` of the token `Data` (seed 000) broke in iOS 13, when it
/// became `{length = 32, bytes = 0x…}`; build the hex from the bytes instead.
public struct DeviceToken: Sendable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    /// The token from `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`.
    public init(data: Data) {
        self.bytes = [UInt8](data)
    }

    /// A token from its hex text (any case, spaces and `<>` ignored); `nil` when not hex.
    public init?(hex: String) {
        // Bytes, not Characters: a gateway checks every token it sends.
        var digits = [UInt8]()
        digits.reserveCapacity(hex.utf8.count)
        for byte in hex.utf8 {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\n"), UInt8(ascii: "\t"): continue
            default: digits.append(byte)
            }
        }
        guard !digits.isEmpty, let bytes = Self.bytes(fromHexDigits: digits) else { return nil }
        self.bytes = bytes
    }

    /// Lowercase hex, the form APNs and every provider expect.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    public var description: String { hex }

    /// Bytes of an even-length hex string, or `nil`.
    package static func bytes(fromHex text: String) -> [UInt8]? {
        bytes(fromHexDigits: Array(text.utf8))
    }

    /// Bytes of an even number of hex digits (UTF-8), or `nil`.
    package static func bytes(fromHexDigits utf8: [UInt8]) -> [UInt8]? {
        guard utf8.count % 2 == 0 else { return nil }
        var result = [UInt8]()
        result.reserveCapacity(utf8.count / 2)
        var index = 0
        while index < utf8.count {
            guard let high = nibble(utf8[index]), let low = nibble(utf8[index + 1]) else { return nil }
            result.append(high << 4 | low)
            index += 2
        }
        return result
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
