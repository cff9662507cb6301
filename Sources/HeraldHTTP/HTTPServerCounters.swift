import HeraldShared

/// What the HTTP layer refused, closed or evicted, counted for `/metrics`.
public final class HTTPServerCounters: Sendable {
    public enum Event: String, Sendable, CaseIterable {
        /// A new connection found the server at its connection limit.
        case refusedFull = "refused_full"
        /// A new connection found its address at the per-address cap.
        case refusedAddressFull = "refused_address_full"
        /// accept failed for want of descriptors or memory.
        case refusedNoDescriptors = "refused_no_descriptors"
        /// A connection waiting for its request head made room for a new one.
        case evicted
        /// A request's head or body missed its deadline, or a client stopped reading.
        case timeout
        /// A request the HTTP layer could not accept (malformed, too long, too large).
        case protocolError = "protocol_error"
        /// A body did not fit the memory budget.
        case busy
        /// A request's work off the loop (the key check, the handler) missed its deadline.
        case handlerTimeout = "handler_timeout"
        /// A request's work found the worker pool's queue full.
        case overloaded
    }

    private let counts = Locked([Event: Int]())
    /// Told of every event as it is counted (the gateway keeps them for `/metrics`).
    private let observer: (@Sendable (Event) -> Void)?

    public init(observer: (@Sendable (Event) -> Void)? = nil) {
        self.observer = observer
    }

    func count(_ event: Event) {
        counts.withLock { $0[event, default: 0] += 1 }
        observer?(event)
    }

    public subscript(event: Event) -> Int { counts.current[event, default: 0] }
}
