import Foundation
import HeraldFCM
import HeraldFCMModel
import HeraldGateway
import HeraldShared

/// The gateway's deliverer over HeraldFCM: one `FCMClient` (an HTTP/2 connection pool and
/// its access token) per app's credentials, made on first use and kept; each notification
/// is rendered for Android from the publish's payload (`FCMRenderer`) and every answer is
/// mapped to a `DeliveryOutcome` (the engine classifies and retries; the client's own
/// retries are off). An app's credentials may name another endpoint and CA (a simulator);
/// the settings' are used otherwise.
public actor FCMPushDeliverer: FCMDeliverer {
    /// Where the clients send and how: the endpoint, a CA file, connections, timeouts.
    public struct Settings: Sendable {
        /// The send endpoint for apps whose credentials name none (Google's).
        public var endpoint: String
        /// A CA file to trust instead of the system's, for apps whose credentials name none.
        public var caFile: String?
        public var connections: Int
        public var requestTimeout: Double

        public init(
            endpoint: String = FCMClientConfiguration.googleEndpoint, caFile: String? = nil, connections: Int = 2, requestTimeout: Double = 30
        ) {
            self.endpoint = endpoint
            self.caFile = caFile
            self.connections = connections
            self.requestTimeout = requestTimeout
        }
    }

    /// The client per app's credentials.
    private let clients = ClientCache<FCMCredentials, FCMClient>()
    private let settings: Settings
    private let logger: any HeraldLogger
    private let wallClock: @Sendable () -> Double
    private let renderer = FCMRenderer()

    /// - Parameter wallClock: seconds since 1970, for the time a notification may still wait (`android.ttl`).
    public init(
        settings: Settings = Settings(), logger: any HeraldLogger = SilentLogger(),
        wallClock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.settings = settings
        self.logger = logger
        self.wallClock = wallClock
    }

    /// Sends `batch` to FCM with the app's credentials; one outcome per notification, in the batch's order.
    public func deliver(_ batch: [OutgoingNotification], credentials: FCMCredentials?) async -> [DeliveryOutcome] {
        guard let credentials else {
            logger.log(.error, "herald gateway: no FCM service account is set for the app")
            return batch.map { _ in .refusal(Self.credentialsMissing) }
        }
        let client: FCMClient
        do {
            client = try await self.client(for: credentials)
        } catch let error as FCMServiceAccountError {
            logger.log(.error, "herald gateway: the app's FCM service account cannot be read: \(error)")
            return batch.map { _ in .refusal(Self.credentialsMissing) }
        } catch {
            logger.log(.error, "herald gateway: cannot make an FCM client: \(error)")
            return batch.map { _ in .transportFailure("FCM client: \(error)") }
        }
        var outcomes = [DeliveryOutcome?](repeating: nil, count: batch.count)
        var messages: [FCMMessage] = []
        var positions: [Int] = []
        // A batch is mostly one publish to many devices: it is rendered once, then addressed.
        var templates: [Template: Result<FCMMessage, FCMMessageError>] = [:]
        let now = wallClock()
        for (index, notification) in batch.enumerated() {
            let key = Template(notification)
            let template = templates[key] ?? Result { () throws(FCMMessageError) in try notification.fcmMessage(renderer, now: now) }
            templates[key] = template
            switch template {
            case .success(var message):
                message.token = notification.deviceToken
                messages.append(message)
                positions.append(index)
            case .failure(let error):
                outcomes[index] = .unsendable("fcm: \(error)")
            }
        }
        let results = await client.send(batch: messages)
        for (position, result) in zip(positions, results) {
            outcomes[position] = Self.outcome(result, batch[position])
        }
        return outcomes.map { $0 ?? .transportFailure("no answer") }
    }

    /// What notifications of one publish share: one rendered message serves them all.
    struct Template: Hashable {
        var payload: [UInt8]
        var priority: Int
        var expiration: Double?
        var collapseID: String?

        init(_ n: OutgoingNotification) {
            (payload, priority, expiration, collapseID) = (n.payload, n.priority, n.expiration, n.collapseID)
        }
    }

    /// The outcome of one send: accepted (with the delivery's own id), refused with the
    /// engine's action for FCM's class, unsendable, or no answer.
    static func outcome(_ result: Result<String, any Error>, _ notification: OutgoingNotification) -> DeliveryOutcome {
        switch result {
        case .success:
            return .accepted(apnsID: notification.apnsID)
        case .failure(let error as FCMError):
            return .refusal(refusal(error))
        case .failure(let error as FCMMessageError):
            return .unsendable("fcm: \(error)")
        case .failure(let error):
            return .transportFailure("\(error)")
        }
    }

    /// FCM's class as the engine's action: a dead token invalidates, a bad message fails,
    /// quota and server errors retry (a `Retry-After` pauses the app), refused credentials pause the app.
    static func refusal(_ error: FCMError) -> DeliveryRefusal {
        let action: RefusalAction
        switch error.errorClass {
        case .invalidToken: action = .invalidate
        case .unsendable: action = .fail
        case .retryAfter, .backOff: action = .retry
        case .credentialsRefused: action = .pauseForCredentials
        }
        return DeliveryRefusal(service: "fcm", status: error.status, reason: error.code.text, action: action, retryAfter: error.retryAfter)
    }

    /// No service account, or one that cannot be read: the app pauses until it is fixed.
    static let credentialsMissing = DeliveryRefusal(service: "fcm", status: 401, reason: "NO_SERVICE_ACCOUNT", action: .pauseForCredentials)

    func client(for credentials: FCMCredentials) async throws -> FCMClient {
        let settings = settings, logger = logger
        return try await clients.client(for: credentials) {
            let configuration = FCMClientConfiguration(
                serviceAccount: try credentials.serviceAccount(), endpoint: credentials.endpoint ?? settings.endpoint,
                caFile: credentials.caFile ?? settings.caFile, connections: settings.connections, requestTimeout: settings.requestTimeout,
                maxRetries: 0)
            return try FCMClient(configuration: configuration, logger: logger)
        }
    }

    /// Closes every client.
    public func shutdown() async {
        for client in await clients.removeAll() { await client.shutdown() }
    }
}
