import Foundation
import HeraldCore
import HeraldTestSupport
@testable import HeraldStore

/// One random run of two devices of user maya against the real gateway (an `APIHarness`
/// on one store, its clock virtual), and the model the test holds them to: each message of
/// maya's inbox with read and deleted. Reads and deletes count in the model once a device
/// sent them (a reinstall loses what it had not sent); both flags only ever turn on, so
/// their order does not matter. Pushes go out through the store's delivery queue and
/// reach their device at once, later, or never.
@MainActor
final class InboxConvergenceRun {
    struct Flags: Hashable {
        var read = false
        var deleted = false
    }

    let harness: APIHarness
    let devices: [InboxTestDevice]
    private(set) var model: [String: Flags] = [:]
    private(set) var trace: [String] = []
    /// Deliveries held back, to arrive later (out of order).
    private var late: [DeliveryJob] = []
    private var published = 0

    init(_ kind: StoreKind) async throws {
        harness = try APIHarness(kind)
        devices = [
            try await InboxTestDevice("A", user: "maya", harness: harness), try await InboxTestDevice("B", user: "maya", harness: harness),
        ]
    }

    /// Removes the devices' folders.
    func cleanup() {
        for device in devices { device.cleanup() }
    }

    /// The messages a device must show (not deleted), with read.
    var visible: [String: Bool] { model.filter { !$0.value.deleted }.mapValues(\.read) }
    var unread: Int { model.values.filter { !$0.read && !$0.deleted }.count }

    func note(_ line: String) { trace.append(line) }

    /// What a device sent reached the gateway.
    func apply(_ sent: [InboxTestDevice.Change]) {
        for change in sent {
            switch change {
            case .read(let id): model[id]?.read = true
            case .delete(let id): model[id]?.deleted = true
            }
        }
    }

    /// A publish to maya, with `inbox` or without; its message is in the inbox after the fan-out.
    func publish(inbox: Bool, using random: inout SeededGenerator) async throws {
        published += 1
        let answer = harness.publish(
            ["users": ["maya"], "notification": ["title": .string("News \(published)")], "inbox": .bool(inbox)])
        guard answer.status == 202, let id = answer.json?["publishId"]?.stringValue else {
            throw GatewayClientError(.unexpectedResponse, "publish: \(answer.status) \(answer.json ?? nil)")
        }
        note("publish \(id)\(inbox ? " with inbox" : "")")
        if inbox { model[id] = Flags() }
        try await dispatch(using: &random)
    }

    /// `POST …/users/maya/inbox`: a message without a push.
    func serverAdd() throws {
        published += 1
        let answer = harness.send("POST", inboxPath, key: harness.serverKey, json: ["title": .string("Server \(published)")])
        guard answer.status == 201, let id = answer.json?["id"]?.stringValue else {
            throw GatewayClientError(.unexpectedResponse, "server add: \(answer.status) \(answer.json ?? nil)")
        }
        model[id] = Flags()
        note("server adds \(id)")
    }

    /// `DELETE …/users/maya/inbox/{id}`: taken back from every device.
    func serverDelete(_ id: String) throws {
        let answer = harness.send("DELETE", "\(inboxPath)/\(id)", key: harness.serverKey)
        guard answer.status == 204 else { throw GatewayClientError(.unexpectedResponse, "server delete \(id): \(answer.status)") }
        model[id]?.deleted = true
        note("server deletes \(id)")
    }

    var inboxPath: String { "/v1/apps/\(harness.appID)/users/maya/inbox" }

    /// The gateway sends what is due: each push reaches its device now, later, or never
    /// (lost, or coalesced by APNs); a device that was reinstalled no longer has its old token.
    func dispatch(using random: inout SeededGenerator) async throws {
        for job in try due() {
            switch Int.random(in: 0..<4, using: &random) {
            case 0, 1: try await deliver(job)
            case 2: late.append(job)
            default: note("push \(job.publishID) to \(job.token.prefix(4)) lost")
            }
        }
    }

    /// What the gateway sends now, as its engine would: scheduled publishes that are due
    /// (the inbox's sync push among them) promoted and fanned out, their deliveries claimed
    /// and recorded as sent.
    func due() throws -> [DeliveryJob] {
        let store = harness.fixture.store, now = harness.clock.now
        _ = try store.promoteDuePublishes(now: now)
        try harness.fixture.fanOutAll(now: now)
        let jobs = try store.claimDeliveries(appID: harness.appID, now: now, limit: 1000)
        try store.completeDeliveries(jobs.map { DeliveryResult(seq: $0.seq, outcome: .sent(apnsID: nil)) }, now: now)
        return jobs
    }

    /// The oldest held-back push arrives.
    func deliverLate() async throws {
        guard !late.isEmpty else { return }
        try await deliver(late.removeFirst(), late: true)
    }

    private func deliver(_ job: DeliveryJob, late: Bool = false) async throws {
        guard let device = devices.first(where: { $0.token.hex == job.token }) else { return }
        let payload = try JSONParser().parse(job.payload)
        if GatewayClient.isInboxSyncPush(payload) {
            let result = await device.sync()
            apply(result.sent)
            note("\(device.name) background push \(job.publishID)\(late ? " (late)" : ""), syncs\(device.isOffline ? " (offline)" : "")")
        } else {
            try device.receive(payload)
            note("\(device.name) push \(job.publishID)\(late ? " (late)" : "")")
        }
    }
}
