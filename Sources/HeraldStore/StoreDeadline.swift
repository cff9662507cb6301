import Foundation

/// When a store call must be done by, on the monotonic clock: a call that cannot finish by
/// then (the database frozen, locked or out of reach) throws `StoreError(.unavailable)`
/// instead of holding its thread. Each call of a store takes one, `timeout` seconds from
/// its start (`herald serve --store-timeout`), and every wait inside the call ends by it.
public struct StoreDeadline: Sendable, CustomStringConvertible {
    /// The seconds the call was given.
    public let timeout: Double
    private let end: UInt64

    /// The deadline `timeout` seconds from now.
    public init(seconds timeout: Double) {
        self.timeout = timeout
        end = Self.now &+ UInt64(max(0, min(timeout, 1e9)) * 1e9)
    }

    /// The default store timeout, in seconds.
    public static let defaultTimeout = 5.0

    /// Seconds left; 0 once it has passed.
    public var remaining: Double {
        let now = Self.now
        return now >= end ? 0 : Double(end - now) / 1e9
    }

    public var hasPassed: Bool { Self.now >= end }

    /// Milliseconds left for `poll`, rounded up (0 once passed).
    var pollMilliseconds: Int32 { Int32(min((remaining * 1000).rounded(.up), Double(Int32.max))) }

    /// The same moment on Dispatch's monotonic clock, for a semaphore's wait.
    var dispatchTime: DispatchTime { DispatchTime(uptimeNanoseconds: end) }

    /// The same moment as a `Date`, for APIs that wait until one.
    var date: Date { Date().addingTimeInterval(remaining) }

    /// "5 s", "0.5 s".
    public var description: String {
        "\(timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)) s"
    }

    private static var now: UInt64 { DispatchTime.now().uptimeNanoseconds }
}
