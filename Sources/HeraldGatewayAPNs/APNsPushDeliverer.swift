import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldGateway
import HeraldShared
import HeraldPayload

/// The gateway's deliverer over HeraldAPNs: one `APNSClient` (an HTTP/2 connection pool)
/// per set of credentials (team, key or certificate, environment, endpoint), made on first
/// use and kept; a batch goes out with `send(batch:)` and every answer is mapped to a
/// `DeliveryOutcome` (the engine classifies and retries; the client's own retries are off).
public actor APNsPushDeliverer: PushDeliverer {
    /// The client per set of credentials.
    private let clients = ClientCache<APNSCredentials, APNSClient>()
    private let connections: Int
    private let logger: any HeraldLogger

    public init(connections: Int = 2, logger: any HeraldLogger = SilentLogger()) {
        self.connections = connections
        self.logger = logger
    }

    public func deliver(_ batch: [OutgoingNotification], credentials: APNSCredentials?) async -> [DeliveryOutcome] {
        guard let credentials else { return batch.map { _ in .noCredentials } }
        let client: APNSClient
        do {
            client = try await self.client(for: credentials)
        } catch {
            logger.log(.error, "herald gateway: cannot make an APNs client: \(error)")
            return batch.map { _ in .clientFailure(error) }
        }
        var outcomes = [DeliveryOutcome?](repeating: nil, count: batch.count)
        var requests: [APNSRequest] = []
        var positions: [Int] = []
        // A batch is mostly one publish to many devices: its payload is parsed and linted
        // once, and each device's request made from that one.
        var templates: [Template: Result<APNSRequest, any Error>] = [:]
        for (index, notification) in batch.enumerated() {
            do {
                let key = Template(notification)
                let template: Result<APNSRequest, any Error>
                if let made = templates[key] {
                    template = made
                } else {
                    template = Result { try Self.template(notification) }
                    templates[key] = template
                }
                requests.append(try template.get().addressed(to: notification.deviceToken, apnsID: notification.apnsID))
                positions.append(index)
            } catch {
                outcomes[index] = .unsendable("\(error)")
            }
        }
        let results = await client.send(batch: requests)
        for (position, result) in zip(positions, results) {
            outcomes[position] = Self.outcome(result)
        }
        return outcomes.map { $0 ?? .transportFailure("no answer") }
    }

    /// What notifications of one publish share: one checked request serves them all.
    struct Template: Hashable {
        var payload: [UInt8]
        var pushType: String
        var bundleID: String
        var priority: Int
        var expiration: Double?
        var collapseID: String?

        /// The template's own token: each device's is checked when it is addressed.
        static let placeholderToken = String(repeating: "0", count: 64)

        init(_ n: OutgoingNotification) {
            (payload, pushType, bundleID, priority, expiration, collapseID) = (
                n.payload, n.pushType, n.bundleID, n.priority, n.expiration, n.collapseID
            )
        }
    }

    /// The checked request every notification like `n` is addressed from.
    static func template(_ n: OutgoingNotification) throws -> APNSRequest {
        try APNSRequest(
            deviceToken: Template.placeholderToken, payload: try JSONParser().parse(n.payload), pushType: PushType(rawValue: n.pushType),
            bundleID: n.bundleID, priority: APNSPriority(rawValue: n.priority), expiration: n.expiration.map { Int($0) },
            collapseID: n.collapseID)
    }

    static func outcome(_ result: Result<APNSResponse, any Error>) -> DeliveryOutcome {
        switch result {
        case .success(let response):
            return .accepted(apnsID: response.apnsID)
        case .failure(let error):
            return .failure(error)
        }
    }

    func client(for credentials: APNSCredentials) async throws -> APNSClient {
        let (connections, logger) = (connections, logger)
        return try await clients.client(for: credentials) { try Self.makeClient(for: credentials, connections: connections, logger: logger) }
    }

    private static func makeClient(for credentials: APNSCredentials, connections: Int, logger: any HeraldLogger) throws -> APNSClient {
        var configuration = try APNSClientConfiguration(credentials: credentials, connections: connections)
        configuration.retry = .none
        return try APNSClient(configuration: configuration, logger: logger)
    }
}
