import Foundation

/// A strict, fast JSON parser (RFC 8259) over UTF-8 bytes, with a depth limit.
///
/// Foundation's parser on Linux can overflow the stack on deeply nested input and
/// replaces invalid UTF-8 silently; this one refuses both with a positioned error,
/// so no input can crash or hang a decode.
public struct JSONParser: Sendable {
    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth: Int

    public init(maxDepth: Int = 512) {
        self.maxDepth = maxDepth
    }

    /// Parses one JSON value from `bytes`; a UTF-8 byte order mark is skipped.
    public func parse<Bytes: Collection>(_ bytes: Bytes) throws(JSONParseError) -> JSONValue
    where Bytes.Element == UInt8 {
        let result: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            Self.run(buffer, maxDepth: maxDepth)
        }
        if let result { return try result.get() }
        let copy = Array(bytes)
        return try copy.withUnsafeBufferPointer { Self.run($0, maxDepth: maxDepth) }.get()
    }

    /// Parses one JSON value from `data`; a UTF-8 byte order mark is skipped.
    public func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        try data.withUnsafeBytes { raw in Self.run(raw.bindMemory(to: UInt8.self), maxDepth: maxDepth) }.get()
    }

    /// Parses one JSON value from `bytes`; a UTF-8 byte order mark is skipped.
    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { Self.run($0, maxDepth: maxDepth) }.get()
    }

    /// Parses one JSON value from a string.
    public func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { Self.run($0, maxDepth: maxDepth) }
        return try result.get()
    }

    private static func run(_ buffer: UnsafeBufferPointer<UInt8>, maxDepth: Int) -> Result<JSONValue, JSONParseError> {
        var reader = JSONReader(buffer: buffer, maxDepth: maxDepth)
        do {
            return .success(try reader.document())
        } catch {
            return .failure(error)
        }
    }
}
