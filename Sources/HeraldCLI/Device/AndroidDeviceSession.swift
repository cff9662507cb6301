import Foundation
import HeraldCore
import HeraldFCMModel
import HeraldSimulator

/// One simulated Android device on a live gateway (`herald device --platform fcm`): does
/// what docs/android.md asks of an Android app. It registers its FCM token with the client
/// key through `GatewayClient` (the device key it answers carries the later calls), takes
/// the messages `herald fcm-sim --record` accepted for that token, shows each as Android's
/// notification tray would (the message's `notification`, else its data), and reports a
/// `delivered` receipt for each Herald publish through the receipts outbox.
@MainActor
final class AndroidDeviceSession {
    struct Options {
        var run: DeviceRun
        /// The FCM registration token it registers and takes messages for.
        var token: String
    }

    let options: Options
    let loop: DeviceLoop
    let print: (String) -> Void
    private let started: Double
    /// Messages shown so far.
    var received: Int { loop.received }
    /// Receipts the gateway had not accepted when the session ended.
    var unsent: Int { loop.unsent }

    /// - Parameter storage: the device's folder (its device key and its receipts outbox).
    init(
        options: Options, storage: URL, records: RecordFileReader, client: (URL) -> GatewayClient, clock: any HeraldClock = LiveClock(),
        print: @escaping (String) -> Void
    ) throws {
        self.options = options
        loop = try DeviceLoop(storage: storage, records: records, client: client, clock: clock)
        self.print = print
        started = clock.now
    }

    /// Registers, then takes messages until `expect` arrived and their receipts are sent.
    func run() async throws -> Bool {
        let id = try await loop.client.register(
            fcmToken: options.token, interests: options.run.interests, userID: options.run.userID, userToken: options.run.userToken)
        say("registered", ["deviceId": .string(id), "platform": "fcm", "user": options.run.userID.map(JSONValue.string) ?? .null])
        let run = options.run
        return try await loop.run(timeout: run.timeout, expect: run.expect, countKey: "messages", say: say, take: { try take($0) })
    }

    /// One line of the FCM simulator's record: a message for this token is shown and
    /// acknowledged; a line that is not a record is reported, never dropped silently.
    private func take(_ line: String) throws {
        guard let record = loop.record(line, say: say) else { return }
        guard let message = record["message"], message["token"]?.stringValue == options.token else { return }
        loop.received += 1
        let data = message["data"]?.objectValue ?? [:]
        let notification = message["notification"]
        say(
            "fcm",
            [
                "name": record["name"] ?? .null, "title": notification?["title"] ?? .null, "body": notification?["body"] ?? .null,
                "image": notification?["image"] ?? .null,
                "link": message["android"]?["notification"]?["click_action"] ?? .null,
                "data": .object(data.filter { $0.key != FCMRenderer.publishIDKey }),
            ])
        guard let publishID = data[FCMRenderer.publishIDKey]?.stringValue else { return }
        _ = try loop.sender.outbox.record([
            Receipt(
                id: UUID().uuidString, kind: .delivered, notificationID: publishID, provider: .herald, at: Date().timeIntervalSince1970,
                state: .background)
        ])
        say("receipt", ["kind": "delivered", "publishId": .string(publishID)])
        loop.sender.flush()
    }

    private func say(_ event: String, _ fields: [String: JSONValue]) {
        let entry = TimelineEntry(time: loop.clock.now - started, event: "device." + event, fields: fields)
        print(DeviceLoop.line(entry, name: options.run.name, json: options.run.json))
    }
}
