import Foundation
import HeraldCore

/// An explanation (`GET …/publishes/{publish}/devices/{device}`) as lines a person reads:
/// the verdict first, then what decided it, then each fact in the order it happened.
enum ExplanationText {
    static func render(_ json: JSONValue) -> String {
        let publish = json["publishId"]?.stringValue ?? "?"
        let device = json["deviceId"]?.stringValue ?? "?"
        var lines: [String] = []
        switch json["reached"] {
        case .bool(true)?: lines.append("\(publish) reached \(device)" + (json["state"]?.stringValue.map { ": \($0)" } ?? ""))
        case .bool(false)?: lines.append("\(publish) did not reach \(device): \(json["reason"]?.stringValue ?? "?")")
        default: lines.append("\(publish) and \(device): cannot be known (\(json["reason"]?.stringValue ?? "?"))")
        }
        if let detail = json["detail"]?.stringValue { lines.append("  " + detail) }
        if let gone = json["gone"]?.arrayValue {
            lines.append("  no longer kept: \(gone.compactMap(\.stringValue).joined(separator: ", ")) (judged on the device as it is now)")
        }
        if let via = json["via"] {
            let keys = via["keys"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let filtered = via["filter"] == .bool(true) ? ", narrowed by the filter" : ""
            lines.append("  via: \(via["kind"]?.stringValue ?? "?")\(keys.isEmpty ? "" : " " + keys.joined(separator: ", "))\(filtered)")
        }
        if let variant = json["variant"] {
            lines.append("  text: \(variant["tag"]?.stringValue ?? "default") (\(variant["rule"]?.stringValue ?? ""))")
        }
        if let due = json["dueAt"]?.doubleValue { lines.append("  due: \(time(due)), \(json["due"]?.stringValue ?? "")") }
        if let cap = json["capped"] {
            let held = cap["applied"] == .bool(true) ? "held back" : "not held back"
            lines.append(
                "  frequency cap: \(cap["count"]?.intValue ?? 0) of at most \(cap["max"]?.intValue ?? 0) in \(cap["window"]?.intValue ?? 0) s counted: \(held)")
        }
        if let route = json["route"] {
            lines.append("  route: \(route["service"]?.stringValue ?? "?")\(route["environment"]?.stringValue.map { " " + $0 } ?? "")")
        }
        if let payload = json["payload"] {
            if let headers = payload["headers"]?.objectValue {
                lines.append("  sent headers: " + headers.keys.sorted().map { "\($0): \(headers[$0]?.stringValue ?? "")" }.joined(separator: ", "))
                lines.append("  sent body: " + JSONWriter.serialize(payload["body"] ?? .null))
            } else if let message = payload["message"] {
                lines.append("  sent message: " + JSONWriter.serialize(message))
            } else if let error = payload["error"]?.stringValue {
                lines.append("  not sendable: " + error)
            }
        }
        for attempt in json["attempts"]?.arrayValue ?? [] {
            var line = "  attempt at \(time(attempt["at"]?.doubleValue ?? 0)): \(attempt["outcome"]?.stringValue ?? "?")"
            if let reason = attempt["reason"]?.stringValue { line += " \(reason)" }
            if let latency = attempt["latency"]?.doubleValue { line += " after \(Int((latency * 1000).rounded())) ms" }
            if let id = attempt["serviceId"]?.stringValue { line += ", id \(id)" }
            lines.append(line)
        }
        if let reason = json["stateReason"]?.stringValue { lines.append("  state reason: \(reason)") }
        for receipt in json["receipts"]?.arrayValue ?? [] {
            let action = receipt["actionId"]?.stringValue.map { " \($0)" } ?? ""
            lines.append("  receipt: \(receipt["kind"]?.stringValue ?? "?")\(action) at \(time(receipt["at"]?.doubleValue ?? 0))")
        }
        if let inbox = json["inbox"] {
            if inbox["kept"] == .bool(true) {
                let read = inbox["read"] == .bool(true) ? "read" : "unread"
                let deleted = inbox["deleted"] == .bool(true) ? ", deleted" : ""
                lines.append("  inbox: in \(inbox["owner"]?.stringValue ?? "?"), \(read)\(deleted)")
            } else {
                lines.append("  inbox: not kept (the inbox was full, or its message was pruned)")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func time(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
