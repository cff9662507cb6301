import HeraldAPNsModel

/// The bytes of request bodies the server holds at once, across every connection. A body
/// is reserved in full when its head is accepted (the key already checked, the declared
/// length within the limit) and given back when it is answered; past the budget a request
/// is answered 503 before its body is read, so memory stays bounded whatever clients send.
final class HTTPBodyBudget: Sendable {
    let capacity: Int
    private let used = Locked(0)

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// Takes `bytes` if they fit.
    func reserve(_ bytes: Int) -> Bool {
        used.withLock { used in
            guard used + bytes <= capacity else { return false }
            used += bytes
            return true
        }
    }

    func release(_ bytes: Int) {
        guard bytes > 0 else { return }
        used.withLock { $0 -= bytes }
    }

    /// Bytes reserved now.
    var inUse: Int { used.current }
}
