import Foundation

/// Hands content over exactly once, from any thread: the first `deliver` wins,
/// every later one is refused. The best attempt so far is kept inside, so
/// `deliverBestAttempt()` (the system's "time will expire", on its own thread)
/// needs nothing from the main actor.
///
/// The handler runs outside the lock, on the thread that won, and is dropped once
/// called, so it can never run twice.
public final class DeliveryGate<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var handler: (@Sendable (Value) -> Void)?
    private var bestAttempt: Value
    private var delivered = false

    /// A gate with its handler; `arm(_:)` gives one later instead.
    public init(bestAttempt: Value, handler: (@Sendable (Value) -> Void)? = nil) {
        self.bestAttempt = bestAttempt
        self.handler = handler
    }

    /// Gives the gate its handler; refused (false) when it has one or already delivered.
    @discardableResult
    public func arm(_ handler: @escaping @Sendable (Value) -> Void) -> Bool {
        lock.withLock {
            guard self.handler == nil, !delivered else { return false }
            self.handler = handler
            return true
        }
    }

    /// Whether content was handed over.
    public var isDelivered: Bool { lock.withLock { delivered } }

    /// Whether a handler waits for the content (given and not yet called).
    public var isArmed: Bool { lock.withLock { handler != nil } }

    /// The best attempt so far.
    public var current: Value { lock.withLock { bestAttempt } }

    /// Replaces the best attempt; ignored once delivered.
    public func update(_ value: Value) {
        lock.withLock { if !delivered { bestAttempt = value } }
    }

    /// Delivers `value` unless something was delivered already; returns whether this call delivered.
    @discardableResult
    public func deliver(_ value: Value) -> Bool {
        let claimed: (@Sendable (Value) -> Void)? = lock.withLock {
            guard !delivered, let handler else { return nil }
            delivered = true
            bestAttempt = value
            self.handler = nil
            return handler
        }
        guard let claimed else { return false }
        claimed(value)
        return true
    }

    /// Delivers the best attempt so far unless something was delivered already.
    @discardableResult
    public func deliverBestAttempt() -> Bool {
        let claimed: (handler: @Sendable (Value) -> Void, value: Value)? = lock.withLock {
            guard !delivered, let handler else { return nil }
            delivered = true
            self.handler = nil
            return (handler, bestAttempt)
        }
        guard let claimed else { return false }
        claimed.handler(claimed.value)
        return true
    }
}
