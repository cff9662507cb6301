import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// Device writes made at the same time share transactions (`GroupCommit`): every caller
/// still gets its own outcome, and the quotas stay exact.
@Suite("Store: device writes grouped into one commit")
struct StoreGroupCommitTests {
    static func registration(_ n: Int) -> DeviceRegistration {
        DeviceRegistration(token: StoreFixture.token(n), environment: .production, interests: ["t\(n)"])
    }

    @Test("32 threads registering distinct devices at once: each committed and readable, each caller with its own device", arguments: StoreKind.tested)
    func distinctDevices(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        let results = Results<(caller: Int, device: RegisteredDevice)>()
        let failures = ThreadBarrier.together(32) { n in
            results.add((n, try fixture.store.registerDevice(appID: fixture.appID, Self.registration(n), quota: DeviceQuota(), now: 1)))
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(results.all.count == 32 && results.all.allSatisfy(\.device.created))
        #expect(Set(results.all.map(\.device.id)).count == 32)
        for (caller, device) in results.all {
            let stored = try fixture.store.device(appID: fixture.appID, id: device.id)
            #expect(stored?.token == StoreFixture.token(caller), "caller \(caller) got \(device.id)")
            #expect(stored?.interests == ["t\(caller)"])
        }
        #expect(try fixture.store.usage(appID: fixture.appID) == (32, 32))
    }

    @Test("in one batch, registrations past the quota are refused alone and the others commit", arguments: StoreKind.tested)
    func quotaInBatch(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(2)
        let quota = DeviceQuota(devicesPerApp: 5)
        let transactions = fixture.deviceWrites.transactions
        let gate = Gate(open: false), threads = DispatchGroup()
        GroupCommitTests.start(threads) { try? fixture.holdDeviceWrites(at: gate) }
        try GroupCommitTests.waitUntil("the first device write at the gate") { gate.waitingCount == 1 }
        let outcomes = Results<(caller: Int, outcome: Result<RegisteredDevice, any Error>)>()
        for n in 10..<18 {
            GroupCommitTests.start(threads) {
                outcomes.add((n, Result { try fixture.store.registerDevice(appID: fixture.appID, Self.registration(n), quota: quota, now: 1) }))
            }
        }
        try GroupCommitTests.waitUntil("eight registrations queued") { fixture.deviceWrites.queued == 8 }
        gate.open()
        threads.wait()
        #expect(fixture.deviceWrites.transactions == transactions + 2, "the gate's transaction, then one for the eight")
        let registered = outcomes.all.compactMap { caller, outcome in (try? outcome.get()).map { (caller, $0) } }
        let errors = outcomes.all.compactMap { _, outcome -> (any Error)? in
            guard case .failure(let error) = outcome else { return nil }
            return error
        }
        #expect(registered.count == 3 && errors.count == 5)
        #expect(errors.allSatisfy { ($0 as? StoreError)?.reason == .quotaExceeded }, "\(errors)")
        for (caller, device) in registered {
            #expect(try fixture.store.device(appID: fixture.appID, id: device.id)?.token == StoreFixture.token(caller))
        }
        #expect(try fixture.scalar("SELECT count(*) FROM devices WHERE app_id = ?", [.text(fixture.appID)]) == 5)
        #expect(try fixture.store.usage(appID: fixture.appID) == (5, 5))
    }

    @Test("24 threads racing for the last 4 places of the quota: exactly 4 register", arguments: StoreKind.tested)
    func quotaRace(kind: StoreKind) throws {
        let fixture = try StoreFixture(kind)
        try fixture.register(6)
        let quota = DeviceQuota(devicesPerApp: 10)
        let registered = Results<Int>()
        let failures = ThreadBarrier.together(24) { n in
            do {
                _ = try fixture.store.registerDevice(appID: fixture.appID, Self.registration(100 + n), quota: quota, now: 1)
                registered.add(n)
            } catch let error as StoreError where error.reason == .quotaExceeded {}
        }
        #expect(failures.isEmpty, "\(failures)")
        #expect(registered.all.count == 4)
        #expect(try fixture.scalar("SELECT count(*) FROM devices WHERE app_id = ?", [.text(fixture.appID)]) == 10)
        #expect(try fixture.store.usage(appID: fixture.appID).devices == 10)
    }
}

extension StoreFixture {
    /// The store's group commit of device writes: callers queued, transactions run.
    var deviceWrites: (queued: Int, transactions: Int) {
        switch store {
        case let sqlite as SQLiteStore: (sqlite.deviceWrites.queued, sqlite.deviceWrites.transactionCount)
        case let postgres as PostgresStore: (postgres.deviceWrites.queued, postgres.deviceWrites.transactionCount)
        default: fatalError("StoreFixture.deviceWrites: unknown store \(type(of: store))")
        }
    }

    /// Runs a device write that waits at `gate`: the device writes after it queue meanwhile.
    func holdDeviceWrites(at gate: Gate) throws {
        switch store {
        case let sqlite as SQLiteStore: try sqlite.deviceWrite { _ in gate.pass() }
        case let postgres as PostgresStore: try postgres.deviceWrite { _ in gate.pass() }
        default: fatalError("StoreFixture.holdDeviceWrites: unknown store \(type(of: store))")
        }
    }
}
