import Foundation
import HeraldCore

/// Every line logged (a deliverer's, the delivery engine's), in order.
final class CollectingLogger: HeraldLogger, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var messages: [String] { lock.withLock { lines } }

    /// The lines that contain `text`.
    func lines(containing text: String) -> [String] { messages.filter { $0.contains(text) } }

    func log(_ level: LogLevel, _ message: String) { lock.withLock { lines.append(message) } }
}
