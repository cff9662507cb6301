import Foundation
import HeraldFCMModel

/// How an `FCMSimulator` listens, which service account it trusts and how it misbehaves.
public struct FCMSimulatorConfiguration: Sendable {
    /// The address to listen on: loopback only (`127.0.0.1` or `::1`).
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one (read it from `FCMSimulator.port`).
    public var port = 0
    /// Where `ca.pem`, `key.pem` and `service-account.json` are loaded from or written to;
    /// a temporary folder when `nil`.
    public var tlsDirectory: String?
    /// The project messages must be sent to.
    public var projectID = "herald-sim"
    /// The service account's e-mail (`iss` of the assertions).
    public var clientEmail = "herald@herald-sim.iam.gserviceaccount.com"
    /// A file that gets one JSON line per accepted message.
    public var recordFile: String?
    /// Seconds an access token lives (`expires_in`).
    public var tokenLifetime: Double = 3600
    public var faults: [FCMSimulatorFault] = []
    /// SETTINGS_MAX_CONCURRENT_STREAMS sent to every client.
    public var maxConcurrentStreams = 1000
    /// Unix time in seconds, for assertions and token expiry.
    public var now: @Sendable () -> Double = { Date().timeIntervalSince1970 }

    public init() {}
}
