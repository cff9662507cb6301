/// What the simulator has seen since it started (or since `resetStatistics()`).
public struct SimulatorStatistics: Sendable, Hashable {
    /// Connections accepted (TCP), and how many are open now.
    public var connections = 0
    public var openConnections = 0
    /// Requests answered, accepted (200) and refused, by reason.
    public var requests = 0
    public var accepted = 0
    public var rejected: [String: Int] = [:]
    /// Connections dropped and GOAWAY frames sent by faults or by the API.
    public var dropped = 0
    public var goAways = 0
    /// Connections a `stall` fault made silent (open, never read or written again).
    public var stalled = 0
    /// Streams refused (RST_STREAM REFUSED_STREAM, not processed) because they came
    /// above the last stream id of a GOAWAY.
    public var refusedStreams = 0
    /// The most streams open at once on one connection: shows that clients respect
    /// SETTINGS_MAX_CONCURRENT_STREAMS.
    public var peakConcurrentStreams = 0

    public init() {}
}
