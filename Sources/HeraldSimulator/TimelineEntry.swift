import HeraldCore

/// One line of a simulation's timeline: `{"t": seconds, "event": NAME, ...}`.
public struct TimelineEntry: Sendable, Hashable {
    public var time: Double
    public var event: String
    public var fields: [String: JSONValue]

    public init(time: Double, event: String, fields: [String: JSONValue] = [:]) {
        self.time = time
        self.event = event
        self.fields = fields
    }

    /// The JSON object of the line.
    public var json: JSONValue {
        var object = fields
        object["t"] = .double((time * 1000).rounded() / 1000)
        object["event"] = .string(event)
        return .object(object)
    }

    /// A line for people: `  5.250  banner.hidden   id=n1 reason=timeout` (null fields left out).
    public var text: String {
        let time = String(format3(time)).leftPadded(to: 8)
        let details = fields.keys.sorted().filter { !(fields[$0]?.isNull ?? true) }.map { key -> String in
            let value = fields[key] ?? .null
            return "\(key)=" + (value.stringValue ?? JSONWriter.serialize(value))
        }
        return ([time + "  " + event.padded(to: 22)] + details).joined(separator: " ").trimmingTrailingSpaces
    }
}

private func format3(_ value: Double) -> String {
    let thousandths = Int((value * 1000).rounded())
    let fraction = String(abs(thousandths) % 1000)
    return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    fileprivate func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }

    fileprivate var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
