import HeraldShared

/// The bytes of answers the server holds for clients that have not read them yet, across
/// every connection. An answer is counted from when it is queued until its last byte is
/// written (or its connection closes); one that does not fit is replaced by a 503 `busy`,
/// so clients that ask for large answers (inbox pages, exports) and never read them cannot
/// make the server hold more than `capacity`. Answers of up to `freeBytes` (errors, most
/// API answers) are counted but always written. (Large answers live outside the heap's
/// arenas, `HTTPServer.returnLargeBuffersToTheSystem`; what the handlers freed is given back
/// when their pool falls idle, `HTTPWorkerPool`.)
package final class HTTPResponseBudget: Sendable {
    let capacity: Int
    static let freeBytes = 16 << 10
    private let used = Locked(0)

    package init(capacity: Int) { self.capacity = capacity }

    /// Counts `bytes` of an answer; false (counting nothing) when they do not fit.
    func take(_ bytes: Int) -> Bool {
        used.withLock { used in
            guard bytes <= Self.freeBytes || used + bytes <= capacity else { return false }
            used += bytes
            return true
        }
    }

    func give(_ bytes: Int) {
        guard bytes > 0 else { return }
        used.withLock { $0 -= bytes }
    }

    /// Answer bytes held now.
    var inUse: Int { used.current }
}
