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

    /// Adds a `name: value` line: the name lowercased, the value without surrounding spaces
    /// and tabs. A line without a name, with an empty value ("leave it out"), or naming a
    /// connection-specific header (which HTTP/2 forbids) adds nothing.
    mutating func addLine(_ line: String) {
        var utf8 = Array(line.utf8)
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return }
        var low = colon + 1
        var high = utf8.count
        while low < high, utf8[low] == 0x20 || utf8[low] == 0x09 { low += 1 }
        while high > low, utf8[high - 1] == 0x20 || utf8[high - 1] == 0x09 { high -= 1 }
        guard low < high else { return }
        for index in 0..<colon where utf8[index] >= 0x41 && utf8[index] <= 0x5A { utf8[index] |= 0x20 }
        let name = utf8[..<colon]
        guard !Self.forbidden.contains(where: { $0.elementsEqual(name) }) else { return }
        let nameStart = bytes.count
        bytes.append(contentsOf: name)
        let valueStart = bytes.count
        bytes.append(contentsOf: utf8[low..<high])
        fields.append(Field(name: nameStart, nameLength: colon, value: valueStart, valueLength: high - low))
    }

    private static let forbidden: [[UInt8]] = ["connection", "host", "keep-alive", "transfer-encoding", "upgrade"].map { Array($0.utf8) }
}
