import HeraldAPNsModel

/// The bytes of request bodies the server holds at once, across every connection. A body
/// is reserved in full when its head is accepted (the key already checked, the declared
/// length within the limit) and given back when its handler is done with it; past the
/// budget a request is answered 503 before its body is read, so memory stays bounded
/// whatever clients send.
final class HTTPBodyBudget: Sendable {
    let capacity: Int
    private let used = Locked(0)

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Room for one body, held until `release` (or until the reservation is let go: a body
    /// handed to a worker is given back when the worker is done with it, or when its job is
    /// dropped unrun, whoever holds it last).
    final class Reservation: Sendable {
        let bytes: Int
        private let budget: HTTPBodyBudget
        private let held = Locked(true)

        fileprivate init(bytes: Int, budget: HTTPBodyBudget) {
            self.bytes = bytes
            self.budget = budget
        }

        /// Gives the bytes back (once, however often it is called).
        func release() {
            guard held.withLock({ held in defer { held = false }; return held }) else { return }
            budget.give(bytes)
        }

        deinit { release() }
    }

    /// Room for `bytes` if they fit.
    func reserve(_ bytes: Int) -> Reservation? {
        let fits = used.withLock { used in
            guard used + bytes <= capacity else { return false }
            used += bytes
            return true
        }
        return fits ? Reservation(bytes: bytes, budget: self) : nil
    }

    private func give(_ bytes: Int) {
        guard bytes > 0 else { return }
        used.withLock { $0 -= bytes }
    }

    /// Bytes reserved now.
    var inUse: Int { used.current }
}
