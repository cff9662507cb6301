/// A programmed failure: which requests it hits and what the simulator does to them.
///
/// Text form (the `--fault` flag): `TARGET[#TIMES]:ACTION`, where TARGET is a device
/// token in hex, `*` (every token) or `every-N` (every Nth request), TIMES limits how
/// many requests it hits, and ACTION is `STATUS:REASON` (an APNs answer),
/// `delay:MILLISECONDS`, `drop` (close the connection without answering),
/// `goaway` (answer, then send GOAWAY and close the connection) or `stall` (never
/// answer, and stop reading and writing on that connection, PINGs included, while
/// keeping it open: a dead connection as a client sees one).
public struct SimulatorFault: Sendable, Hashable, CustomStringConvertible {
    public enum Target: Sendable, Hashable {
        case token(String)
        case anyToken
        case every(Int)
    }

    public enum Action: Sendable, Hashable {
        case reject(status: Int, reason: String)
        case delay(milliseconds: Int)
        case dropConnection
        case goAway
        case stall
    }

    public var target: Target
    public var action: Action
    /// How many requests it hits; `nil` for all.
    public var times: Int?

    public init(_ target: Target, _ action: Action, times: Int? = nil) {
        self.target = target
        self.action = action
        self.times = times
    }

    /// Reads the `--fault` text form.
    public init(parsing text: String) throws(APNSSimulatorError) {
        let usage = "expected TOKEN[#TIMES]:STATUS:REASON, TOKEN:delay:MS, TOKEN:drop, TOKEN:goaway or TOKEN:stall (TOKEN is hex, * or every-N), found \"\(text)\""
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2 else { throw APNSSimulatorError("--fault", usage) }
        var targetText = parts[0]
        if let hash = targetText.firstIndex(of: "#") {
            guard let count = Int(targetText[targetText.index(after: hash)...]), count > 0 else { throw APNSSimulatorError("--fault", usage) }
            times = count
            targetText = String(targetText[..<hash])
        }
        if targetText == "*" {
            target = .anyToken
        } else if targetText.hasPrefix("every-"), let n = Int(targetText.dropFirst(6)), n > 0 {
            target = .every(n)
        } else if !targetText.isEmpty, targetText.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }) {
            target = .token(targetText.lowercased())
        } else {
            throw APNSSimulatorError("--fault", usage)
        }
        switch (parts[1], parts.count) {
        case ("drop", 2): action = .dropConnection
        case ("goaway", 2): action = .goAway
        case ("stall", 2): action = .stall
        case ("delay", 3):
            guard let ms = Int(parts[2]), (0...600_000).contains(ms) else { throw APNSSimulatorError("--fault", "delay needs milliseconds from 0 to 600000, found \"\(parts[2])\"") }
            action = .delay(milliseconds: ms)
        case (let status, 3):
            guard let code = Int(status), (400...599).contains(code), !parts[2].isEmpty else { throw APNSSimulatorError("--fault", usage) }
            action = .reject(status: code, reason: parts[2])
        default:
            throw APNSSimulatorError("--fault", usage)
        }
    }

    public var description: String {
        let targetText: String
        switch target {
        case .token(let token): targetText = token
        case .anyToken: targetText = "*"
        case .every(let n): targetText = "every-\(n)"
        }
        let head = targetText + (times.map { "#\($0)" } ?? "")
        switch action {
        case .reject(let status, let reason): return "\(head):\(status):\(reason)"
        case .delay(let ms): return "\(head):delay:\(ms)"
        case .dropConnection: return "\(head):drop"
        case .goAway: return "\(head):goaway"
        case .stall: return "\(head):stall"
        }
    }
}
