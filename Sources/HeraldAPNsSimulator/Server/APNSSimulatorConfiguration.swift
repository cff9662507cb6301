import Foundation
import HeraldAPNsModel

/// How an `APNSSimulator` listens, whom it trusts and how it misbehaves.
public struct APNSSimulatorConfiguration: Sendable {
    /// A key the simulator accepts provider tokens from.
    public struct TrustedKey: Sendable {
        public var keyID: String
        public var teamID: String
        public var publicKey: APNSPublicKey

        public init(keyID: String, teamID: String, publicKey: APNSPublicKey) {
            self.keyID = keyID
            self.teamID = teamID
            self.publicKey = publicKey
        }

        /// Reads `KEYID:TEAMID:FILE` (the `--trust-key` flag); FILE is a .p8 or a public key PEM.
        public init(parsing text: String) throws(APNSSimulatorError) {
            let parts = text.split(separator: ":", maxSplits: 2).map(String.init)
            guard parts.count == 3 else {
                throw APNSSimulatorError("--trust-key", "expected KEYID:TEAMID:FILE, found \"\(text)\"")
            }
            do {
                self.init(keyID: parts[0], teamID: parts[1], publicKey: try APNSPublicKey(contentsOfFile: parts[2]))
            } catch {
                throw APNSSimulatorError("--trust-key", error.description)
            }
        }
    }

    /// The address to listen on: loopback only (`127.0.0.1` or `::1`).
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one (read it from `APNSSimulator.port`).
    public var port = 0
    /// Where `ca.pem` and `key.pem` are loaded from or written to; a temporary folder when `nil`.
    public var tlsDirectory: String?
    public var trustedKeys: [TrustedKey] = []
    /// DER client certificates accepted for certificate auth.
    public var trustedCertificates: [[UInt8]] = []
    /// A file that gets one JSON line per accepted notification.
    public var recordFile: String?
    /// How many accepted notifications `APNSSimulator.accepted` keeps in memory (0: none).
    public var keptInMemory = 100_000
    /// SETTINGS_MAX_CONCURRENT_STREAMS sent to every client.
    public var maxConcurrentStreams = 1000
    public var faults: [SimulatorFault] = []
    /// Channels an app may have at once; one more gets 400 CannotCreateChannelConfig.
    public var maxChannels = 10_000
    /// Tokens older than this (seconds) get 403 ExpiredProviderToken.
    public var maxTokenAge: Double = 3600
    /// Unix time in seconds, for token ages and 410 timestamps.
    public var now: @Sendable () -> Double = { Date().timeIntervalSince1970 }
    /// Answers requests of another service on this server (the FCM simulator's): a verdict
    /// for the requests it takes, `nil` for APNs' own. Runs on the server thread.
    package var service: (@Sendable (SimulatorRequest) -> SimulatorVerdict?)?
    /// What the server thread is called (`herald-apns-sim`).
    package var threadName = "herald-apns-sim"

    public init() {}
}
