import Foundation
import HeraldAPNsModel
import HeraldCore
import HeraldTestSupport
@testable import HeraldGateway
@testable import HeraldStore

/// The API and the delivery engine over one temporary store, a fake deliverer, and time
/// that moves only when the test says (a virtual clock and the matching wall time).
@MainActor
final class EngineHarness {
    let api: APIHarness
    let deliverer = FakeDeliverer()
    let clock: ManualServerClock
    let engine: DeliveryEngine
    var store: any GatewayStore { api.fixture.store }

    /// - Parameter fcm: the engine also has the fake as its FCM deliverer, and the app an FCM service account.
    init(
        _ kind: StoreKind, policy: DeliveryPolicy = DeliveryPolicy(), rateLimit: Double? = nil, fcm: Bool = false,
        environments: [APNsEnvironment] = [.production, .sandbox],
        logger: any HeraldLogger = SilentLogger()
    ) throws {
        let api = try APIHarness(kind)
        self.api = api
        clock = ManualServerClock(now: api.clock.now)
        let store = api.fixture.store
        if let rateLimit {
            try api.fixture.execute("UPDATE apps SET rate_limit = ? WHERE id = ?", [.double(rateLimit), .text(api.appID)])
        }
        for environment in environments {
            _ = try store.setCredentials(
                appID: api.appID,
                APNSCredentials(environment: environment, method: .token(keyID: "ABCDE12345", teamID: "TEAM123456", privateKeyPEM: "p")))
        }
        if fcm { _ = try store.setFCMCredentials(appID: api.appID, FCMTestAccount.credentials()) }
        let wall = api.clock
        engine = DeliveryEngine(
            store: store, deliverer: deliverer, fcmDeliverer: fcm ? deliverer : nil, clock: clock, wallTime: { wall.now }, policy: policy,
            jitter: { 1 }, logger: logger)
    }

    var now: Double { api.clock.now }

    /// Moves both clocks forward, then runs the engine until nothing is due.
    func advance(by seconds: Double) async {
        clock.advance(by: seconds)
        api.clock.now += seconds
        await engine.runUntilIdle()
    }

    /// Registers devices `range` with `interests` through the API; their tokens. The
    /// requests run off the main actor, which other tests share (a thousand registrations
    /// on PostgreSQL take seconds).
    @discardableResult
    func register(_ range: Range<Int>, interests: [String] = ["news"], user: String? = nil) async throws -> [String] {
        let api = self.api
        return try await blocking {
            range.map { n in
                _ = api.register(n, interests: interests, user: user)
                return StoreFixture.token(n)
            }
        }
    }

    func publish(_ body: JSONValue) throws -> String {
        let response = api.publish(body)
        guard let id = response.json?["publishId"]?.stringValue else {
            throw Failure(description: "publish refused: \(response.errorMessage)")
        }
        return id
    }

    func status(_ id: String) -> JSONValue? {
        api.send("GET", api.publishes + "/" + id, key: api.serverKey).json
    }

    func device(token n: Int) throws -> DeviceRecord? {
        let id = try api.fixture.rows("SELECT id FROM devices WHERE token = ?", [.text(StoreFixture.token(n))]).first ?? nil
        return try id.flatMap { try store.device(appID: api.appID, id: $0) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}
