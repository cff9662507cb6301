/// One request's header fields as bytes in a single buffer, for nghttp2's `nv` entries.
struct H2HeaderBlock {
    struct Field {
        var name: Int
        var nameLength: Int
        var value: Int
        var valueLength: Int
    }

    private(set) var bytes: [UInt8] = []
    private(set) var fields: [Field] = []

    init() {
        bytes.reserveCapacity(512)
        fields.reserveCapacity(12)
    }

    mutating func add(_ name: String, _ value: String) {
        let nameStart = bytes.count
        bytes.append(contentsOf: name.utf8)
        let valueStart = bytes.count
        bytes.append(contentsOf: value.utf8)
        fields.append(Field(name: nameStart, nameLength: valueStart - nameStart, value: valueStart, valueLength: bytes.count - valueStart))
    }

    /// Adds a request's header field: the name lowercased, the value without surrounding
    /// spaces and tabs. A field without a name, with an empty value ("leave it out"), or
    /// naming a connection-specific header (which HTTP/2 forbids) adds nothing.
    mutating func addField(_ name: String, _ value: String) {
        let nameStart = bytes.count
        bytes.append(contentsOf: name.utf8)
        let valueStart = bytes.count
        guard valueStart > nameStart else { return }
        for index in nameStart..<valueStart where bytes[index] >= 0x41 && bytes[index] <= 0x5A { bytes[index] |= 0x20 }
        let utf8 = value.utf8
        var low = utf8.startIndex
        var high = utf8.endIndex
        func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        while low < high, blank(utf8[low]) { low = utf8.index(after: low) }
        while low < high, blank(utf8[utf8.index(before: high)]) { high = utf8.index(before: high) }
        guard low < high, !Self.forbidden.contains(where: { $0.elementsEqual(bytes[nameStart..<valueStart]) }) else {
            return bytes.removeLast(valueStart - nameStart)
        }
        bytes.append(contentsOf: utf8[low..<high])
        fields.append(Field(name: nameStart, nameLength: valueStart - nameStart, value: valueStart, valueLength: bytes.count - valueStart))
    }

    private static let forbidden: [[UInt8]] = ["connection", "host", "keep-alive", "transfer-encoding", "upgrade"].map { Array($0.utf8) }
}
