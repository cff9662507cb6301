import Foundation
import HeraldShared

/// A logger that tells at most one line a second and counts what it left out, so that a
/// database outage answered on every request writes a line a second, not one a request.
final class ThrottledLog: @unchecked Sendable {
    private let logger: any HeraldLogger
    private let interval: Double
    private let lock = NSLock()
    private var lastAt = -Double.infinity
    private var suppressed = 0

    init(_ logger: any HeraldLogger, interval: Double = 1) {
        self.logger = logger
        self.interval = interval
    }

    /// Logs `message` unless a line went out less than `interval` seconds before `now`.
    func log(_ level: LogLevel, _ message: String, now: Double) {
        let left: Int? = lock.withLock {
            guard now - lastAt >= interval else {
                suppressed += 1
                return nil
            }
            defer { (lastAt, suppressed) = (now, 0) }
            return suppressed
        }
        guard let left else { return }
        logger.log(level, left > 0 ? "\(message) (and \(left) more like it since the last line)" : message)
    }
}
