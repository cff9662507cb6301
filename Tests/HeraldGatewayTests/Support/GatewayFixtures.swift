import Foundation
import HeraldCore
@testable import HeraldGateway

/// A fresh data folder under the temporary directory, removed by `cleanup()`.
struct TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-gw-\(UUID().uuidString)")
    }

    func cleanup() { try? FileManager.default.removeItem(at: url) }
}

/// A store in a temporary folder with one app (`app_test`), for tests.
final class StoreFixture: @unchecked Sendable {
    let folder = TemporaryFolder()
    let store: SQLiteStore
    let appID = "app_test"

    init(durability: SQLiteStore.Durability = .normal) throws {
        store = try SQLiteStore(directory: folder.url, durability: durability)
        try store.createApp(
            AppRecord(
                id: appID, name: "Test", bundleID: "com.example.test", serverKeyHash: SHA256.hex("server"),
                clientKeyHash: SHA256.hex("client"),
                createdAt: 1_000))
    }

    deinit { folder.cleanup() }

    /// A 32-byte token in hex whose bytes come from `n`.
    static func token(_ n: Int) -> String {
        Hex.encode(SHA256.hash(Array("token-\(n)".utf8)))
    }

    /// Registers `count` devices with `interests`, returning their ids in order.
    @discardableResult
    func register(
        _ count: Int, from start: Int = 0, interests: [String] = ["news"], user: String? = nil, quota: DeviceQuota = .unlimited,
        now: Double = 1_000
    ) throws -> [String] {
        try (start..<(start + count)).map { n in
            try store.registerDevice(
                appID: appID,
                DeviceRegistration(token: Self.token(n), environment: .production, interests: interests, userID: user.map { .some($0) }),
                quota: quota, now: now
            ).id
        }
    }

    func publish(_ target: PublishTarget, sendAt: Double? = nil, key: String? = nil, now: Double = 1_000) throws -> String {
        try store.createPublish(
            NewPublish(
                appID: appID, target: target, payload: ["aps": ["alert": "hi"]], options: PublishOptions(sendAt: sendAt),
                idempotencyKey: key,
                createdAt: now)
        ).id
    }

    /// Claims every due delivery and records `outcome` for each (APNs' answer), returning the jobs.
    @discardableResult
    func deliverAll(_ outcome: DeliveryResult.Outcome = .sent(apnsID: nil), now: Double = 1_000) throws -> [DeliveryJob] {
        let jobs = try store.claimDeliveries(appID: appID, now: now, limit: 100_000)
        try store.completeDeliveries(jobs.map { DeliveryResult(seq: $0.seq, outcome: outcome) }, now: now)
        return jobs
    }

    /// Fans out everything pending, in steps of `batch`.
    func fanOutAll(batch: Int = 1000, now: Double = 1_000) throws {
        while try store.fanOutStep(limit: batch, now: now) != nil {}
    }
}
