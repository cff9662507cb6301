import Foundation
import HeraldCore
import HeraldSimulator

/// One simulated device on a live gateway (`herald device`): registers its token through
/// `GatewayClient`, takes the pushes the APNs simulator accepted for that token (its
/// `--record` file), plays each through the client runtime of a scenario (banner, route,
/// receipts) and sends the receipts outbox to the gateway. With a Live Activity type it
/// also plays that type's activities (`DeviceLiveActivities`).
@MainActor
final class DeviceSession {
    struct Options {
        var run: DeviceRun
        var token: DeviceToken
        /// The token's environment; when not `chosen` (no --environment), the one the app has
        /// credentials for if it has them for only the other (`registerChoosingEnvironment`).
        var environment: APNsEnvironment
        var environmentChosen = true
        /// The app has a Notification Service Extension (`HeraldNotificationService`).
        var serviceExtension = false
        /// The `ActivityAttributes` type whose Live Activities the device plays, if any.
        var liveActivityType: String?
        /// The app uses the gateway's inbox (`DeviceInbox`); `readInbox`: reads each inbox message that arrives.
        var inbox = false
        var readInbox = false
    }

    let options: Options
    let runner: ScenarioRunner
    let loop: DeviceLoop
    let serviceExtension: DeviceExtension?
    let liveActivities: DeviceLiveActivities?
    let inbox: DeviceInbox?
    let print: (String) -> Void
    private var printed = 0
    /// Pushes played so far.
    var received: Int { loop.received }
    /// Receipts the gateway had not accepted when the session ended.
    var unsent: Int { loop.unsent }

    init(
        options: Options, scenario: Scenario, records: RecordFileReader, client: (URL) -> GatewayClient,
        clock: any HeraldClock = LiveClock(), print: @escaping (String) -> Void
    ) throws {
        self.options = options
        runner = try ScenarioRunner(scenario, epoch: Date().timeIntervalSince1970)
        // The gateway's device id is kept in the App Group folder, as in an app.
        loop = try DeviceLoop(storage: runner.storage, records: records, client: client, clock: clock)
        let gateway = loop.client
        serviceExtension = options.serviceExtension ? try DeviceExtension(storage: runner.storage, clock: clock) : nil
        liveActivities = options.liveActivityType.map {
            DeviceLiveActivities(activityType: $0, deviceToken: options.token, gateway: gateway)
        }
        inbox = runner.runtime.receipts?.inbox.flatMap { shared in
            options.inbox ? DeviceInbox(client: gateway, inbox: shared, readsArrivals: options.readInbox) : nil
        }
        self.print = print
    }

    /// Registers, then plays pushes until `expect` arrived and their receipts are sent.
    func run() async throws -> Bool {
        let registered = try await registerChoosingEnvironment()
        var fields: [String: JSONValue] = [
            "deviceId": .string(registered.id), "environment": .string(registered.environment.rawValue),
            "interests": options.run.interests.map { .array($0.map(JSONValue.string)) } ?? .null,
            "user": options.run.userID.map(JSONValue.string) ?? .null,
        ]
        if let note = registered.note { fields["note"] = .string(note) }
        if !registered.warnings.isEmpty { fields["warnings"] = .array(registered.warnings.map(JSONValue.string)) }
        say("registered", fields)
        if let liveActivities {
            let line = await liveActivities.registerPushToStart()
            say(line.event, line.fields)
        }
        runner.runAll()
        printTimeline()
        if let inbox {
            let line = await inbox.start(runner)
            say(line.event, line.fields)
        }
        let run = options.run
        return try await loop.run(timeout: run.timeout, expect: run.expect, countKey: "pushes", say: say, take: { await play($0) })
    }

    /// Registers in the environment given; without --environment, in sandbox unless the
    /// gateway warns that the app has no sandbox credentials and it has production ones
    /// (then in production, and the note says so): a simulated device takes the
    /// environment the app can send to.
    private func registerChoosingEnvironment() async throws -> (
        id: String, environment: APNsEnvironment, warnings: [String], note: String?
    ) {
        func register(_ environment: APNsEnvironment) async throws -> (deviceID: String, warnings: [String]) {
            try await loop.client.registration(
                token: options.token, environment: environment, interests: options.run.interests, userID: options.run.userID,
                userToken: options.run.userToken)
        }
        func lacksCredentials(_ warnings: [String], _ environment: APNsEnvironment) -> Bool {
            warnings.contains { $0.hasPrefix("apns-\(environment.rawValue):") }  // the route the warning is about
        }
        let first = options.environment
        let answer = try await register(first)
        guard !options.environmentChosen, lacksCredentials(answer.warnings, first) else {
            return (answer.deviceID, first, answer.warnings, nil)
        }
        let other: APNsEnvironment = first == .sandbox ? .production : .sandbox
        let retried = try await register(other)
        guard lacksCredentials(retried.warnings, other) else {
            let note = "the app has no \(first.rawValue) credentials but has \(other.rawValue) ones: registered in \(other.rawValue) (--environment chooses)"
            return (retried.deviceID, other, retried.warnings, note)
        }
        // Neither has credentials: back to the default, with its warning.
        let back = try await register(first)
        return (back.deviceID, first, back.warnings, nil)
    }

    /// One line of the record file: a push for this device is played, others are skipped;
    /// a line that is not a record is reported, never dropped silently.
    private func play(_ line: String) async {
        guard let record = loop.record(line, say: say) else { return }
        let token = record["token"]?.stringValue ?? ""
        let live = liveActivities?.owns(token) == true
        guard token == options.token.hex || live else { return }
        guard let payload = record["payload"], payload.objectValue != nil else {
            return say("unreadable", ["line": .int(loop.lineNumber), "reason": "a record for this token without a payload object"])
        }
        loop.received += 1
        // A Live Activity push goes to ActivityKit, not to the app's notification handling.
        if live, let liveActivities {
            say("apns", ["apnsId": record["apnsId"] ?? .null, "pushType": record["pushType"] ?? .null])
            for line in await liveActivities.play(token: token, payload: payload) { say(line.event, line.fields) }
            return
        }
        say("apns", ["apnsId": record["apnsId"] ?? .null, "pushType": record["pushType"] ?? .null])
        // iOS runs the Service Extension first, whatever the app's state; the app then
        // gets the push as usual (its own "delivered" counts once with the extension's).
        if let serviceExtension, DeviceExtension.applies(to: try? runner.scenario.configuration.decoder.decode(payload)) {
            let report = await serviceExtension.run(payload)
            say("extension", DeviceExtension.fields(report))
        }
        runner.run(.receive(payload, local: false))
        runner.clock.runDue()
        for step in runner.scenario.onPush {
            runner.run(step)
            runner.clock.runDue()
        }
        printTimeline()
        for line in await inbox?.played(payload, runner: runner) ?? [] { say(line.event, line.fields) }
        loop.sender.flush()
    }

    private func printTimeline() {
        for entry in runner.timeline[printed...] { emit(entry) }
        printed = runner.timeline.count
    }

    private func say(_ event: String, _ fields: [String: JSONValue]) {
        emit(TimelineEntry(time: runner.clock.now, event: "device." + event, fields: fields))
    }

    private func emit(_ entry: TimelineEntry) {
        print(DeviceLoop.line(entry, name: options.run.name, json: options.run.json))
    }
}
