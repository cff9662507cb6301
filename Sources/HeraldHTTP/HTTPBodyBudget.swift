import HeraldShared

/// The bytes of request bodies the server holds at once, across every connection. A body
/// is reserved in full when its head is accepted (the key already checked, the declared
/// length within the limit) and given back when its handler is done with it; past the
/// budget a request is answered 503 before its body is read, so memory stays bounded
/// whatever clients send. Bodies of requests without a key (the console's sign-in) share
/// a small allowance of their own within it, so that nobody without a key can take the
/// room the keyed API needs.
package final class HTTPBodyBudget: Sendable {
    let capacity: Int
    /// What bodies of requests without a key may hold together (at most `capacity`).
    let unkeyedCapacity: Int
    private let used = Locked((all: 0, unkeyed: 0))

    package init(capacity: Int, unkeyedCapacity: Int? = nil) {
        self.capacity = capacity
        self.unkeyedCapacity = min(capacity, unkeyedCapacity ?? capacity)
    }

    /// Room for one body, held until `release` (or until the reservation is let go: a body
    /// handed to a worker is given back when the worker is done with it, or when its job is
    /// dropped unrun, whoever holds it last).
    final class Reservation: Sendable {
        let bytes: Int
        /// Whose it is: a request with a valid key, or one without.
        let keyed: Bool
        private let budget: HTTPBodyBudget
        private let held = Locked(true)

        fileprivate init(bytes: Int, keyed: Bool, budget: HTTPBodyBudget) {
            self.bytes = bytes
            self.keyed = keyed
            self.budget = budget
        }

        /// Gives the bytes back (once, however often it is called).
        func release() {
            let wasHeld = held.withLock { held in
                let was = held
                held = false
                return was
            }
            if wasHeld { budget.give(bytes, keyed: keyed) }
        }

        deinit { release() }
    }

    /// Room for `bytes` if they fit: in the budget, and for a request without a key
    /// (`keyed` false) in the unkeyed allowance too.
    func reserve(_ bytes: Int, keyed: Bool) -> Reservation? {
        let fits = used.withLock { used in
            guard used.all + bytes <= capacity, keyed || used.unkeyed + bytes <= unkeyedCapacity else { return false }
            used.all += bytes
            if !keyed { used.unkeyed += bytes }
            return true
        }
        return fits ? Reservation(bytes: bytes, keyed: keyed, budget: self) : nil
    }

    private func give(_ bytes: Int, keyed: Bool) {
        guard bytes > 0 else { return }
        used.withLock { used in
            used.all -= bytes
            if !keyed { used.unkeyed -= bytes }
        }
    }

    /// Bytes reserved now.
    var inUse: Int { used.current.all }

    /// Bytes reserved now by requests without a key.
    var unkeyedInUse: Int { used.current.unkeyed }
}
