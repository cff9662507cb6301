import Foundation

/// One running `herald serve` process as its store knows it: the holder of the deliveries
/// it has in flight. On PostgreSQL every process keeps a row (`gateway_instances`) with the
/// time it was last seen; a process not seen for a lease loses its deliveries to the others.
public struct GatewayInstance: Sendable, Hashable, CustomStringConvertible {
    /// Unique among the processes on one store: `host-pid-random` unless the operator names
    /// it (`herald serve --instance-id`); the `/metrics` label `instance_id`.
    public var id: String
    public var host: String
    public var pid: Int

    /// This process: named `id` when given, else after its host and pid with a random
    /// suffix, so a restarted process with the pid of a killed one is another instance.
    public static func current(id: String? = nil) -> GatewayInstance {
        let host = ProcessInfo.processInfo.hostName
        let pid = Int(ProcessInfo.processInfo.processIdentifier)
        let suffix = String(UInt32.random(in: 0...UInt32.max), radix: 36)
        return GatewayInstance(id: id ?? "\(host)-\(pid)-\(suffix)", host: host, pid: pid)
    }

    public var description: String { id }

    /// Whether `text` can name an instance: 1 to 100 letters, digits, `.`, `_`, `:` or `-`
    /// (it goes into a Prometheus label and a log line as it is).
    public static func isValidID(_ text: String) -> Bool {
        (1...100).contains(text.utf8.count)
            && text.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || ".-_:".unicodeScalars.contains($0)) }
    }
}

/// What one heartbeat found.
public struct LeaseReport: Sendable, Hashable {
    /// Deliveries taken back from processes not seen within the lease (now pending, in doubt).
    public var released: Int
    /// Processes seen within the lease, this one included.
    public var liveInstances: Int
}
