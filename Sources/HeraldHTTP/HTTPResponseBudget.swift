import CPoller
import HeraldShared

/// The bytes of answers the server holds for clients that have not read them yet, across
/// every connection. An answer is counted from when it is queued until its last byte is
/// written (or its connection closes); one that does not fit is replaced by a 503 `busy`,
/// so clients that ask for large answers (inbox pages, exports) and never read them cannot
/// make the server hold more than `capacity`. Answers of up to `freeBytes` (errors, most
/// API answers) are counted but always written. When what was held falls back to nothing
/// after holding more than `trimAfter`, the C library is asked to give its free memory
/// back to the system.
package final class HTTPResponseBudget: Sendable {
    let capacity: Int
    static let freeBytes = 16 << 10
    static let trimAfter = 8 << 20
    private struct Used {
        var bytes = 0
        /// The most held since the heap was last trimmed.
        var peak = 0
    }
    private let used = Locked(Used())

    package init(capacity: Int) { self.capacity = capacity }

    /// Counts `bytes` of an answer; false (counting nothing) when they do not fit.
    func take(_ bytes: Int) -> Bool {
        used.withLock { used in
            guard bytes <= Self.freeBytes || used.bytes + bytes <= capacity else { return false }
            used.bytes += bytes
            used.peak = max(used.peak, used.bytes)
            return true
        }
    }

    func give(_ bytes: Int) {
        guard bytes > 0 else { return }
        let trim = used.withLock { used -> Bool in
            used.bytes -= bytes
            guard used.bytes == 0, used.peak > Self.trimAfter else { return false }
            used.peak = 0
            return true
        }
        if trim { herald_trim_heap() }
    }

    /// Answer bytes held now.
    var inUse: Int { used.current.bytes }
}
