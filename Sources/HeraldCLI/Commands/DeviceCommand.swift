import Foundation
import HeraldCore
import HeraldShared
import HeraldSimulator

/// `herald device`: a simulated device on a live gateway and APNs simulator.
enum DeviceCommand: Command {
    static let name = "device"
    static let summary = "Run a simulated device against herald serve and herald apns-sim or fcm-sim"
    static let help = """
        Usage: herald device --gateway URL --app APP_ID --client-key KEY --token HEX --record FILE
                             [--scenario FILE] [--interests A,B] [--user ID --user-token JWT]
                             [--environment sandbox|production]
                             [--service-extension] [--live-activity TYPE]
                             [--inbox] [--read-inbox]
                             [--name NAME] [--expect N] [--timeout SECONDS] [--json]
               herald device --platform fcm --gateway URL --app APP_ID --client-key KEY
                             --token FCM_TOKEN --record FILE [--interests A,B]
                             [--user ID --user-token JWT] [--name NAME] [--expect N]
                             [--timeout SECONDS] [--json]

        A headless app for end-to-end runs: registers TOKEN with the gateway through
        GatewayClient (interests, user; the client key registers, the device key the
        gateway answers is kept in the device's folder and carries its later calls), then takes every push that `herald apns-sim
        --record FILE` accepted for TOKEN, plays it through the client runtime of the
        scenario (docs/simulate.md: its app, its steps at start, and its "onPush" steps
        after each push, such as a tap on the banner), prints the timeline (banners,
        navigation, receipts) and sends the receipts outbox to the gateway.

        With --inbox the app uses the gateway's inbox (docs/inbox.md): it syncs at start
        and on each push that carries herald.inbox, then prints the unread count (the
        badge) and the delivered notifications that left the list (device.inbox). With
        --read-inbox it also reads each inbox message as it arrives (device.inbox.read):
        the user's other devices follow after their background push.

        With --platform fcm it is an Android device, as docs/android.md describes one:
        it registers FCM_TOKEN with "platform": "fcm", takes every message that
        `herald fcm-sim --record FILE` accepted for it, prints each (title, body, link,
        data) and reports a delivered receipt for each with its device key.

        Options:
        \(OptionHelp.lines(spec.allOptions))

        Exit status: 0 when N pushes arrived and every receipt was accepted, 1 when not
        (timeout, gateway refused), 2 on a usage error or an unreadable scenario.
        """
    static let gateway = Option.url(
        "gateway", schemes: ["http", "https"], expected: "an http or https URL such as http://127.0.0.1:8080",
        "the gateway, e.g. http://127.0.0.1:8080")
    static let app = Option.text("app", "APP_ID", "the app id (herald app create)")
    static let clientKey = Option.text("client-key", "KEY", "the app's client key")
    static let platform = Option.choice(
        "platform", "PLATFORM", ["apns", "fcm"], default: "apns", "an iOS device (apns, the default) or an Android one (fcm)")
    static let token = Option.text("token", "HEX", expected: "hex digits", "this device's APNs token (hex), or its FCM token with --platform fcm")
    static let record = Option.text("record", "FILE", kind: .path, "the APNs (or FCM) simulator's --record file to take pushes from")
    static let scenarioFile = Option.text(
        "scenario", "FILE", kind: .path,
        "the app and what the user does (default: in the foreground, a banner per push, nobody taps)")
    static let interests = Option.text("interests", "A,B", "interests to register (default: keep what the gateway has)")
    static let user = Option.text("user", "ID", "user to bind the device to at registration (the login alias)")
    static let userToken = Option.text(
        "user-token", "JWT", "the user token the app's backend signed for ID (try 'herald app user-token --app APP_ID --user ID')")
    static let environment = Option.choice(
        "environment", "ENV", ["sandbox", "production"], default: "sandbox",
        "which APNs the token is for (default sandbox, or production when the app has credentials only for production)")
    static let serviceExtension = Option.flag(
        "service-extension",
        "the app has a Notification Service Extension: pushes with mutable-content run the extension pipeline first (attachments downloaded, a delivered receipt from the extension)"
    )
    static let liveActivity = Option.text(
        "live-activity", "TYPE",
        expected: "the name of an ActivityAttributes type (A-Z a-z 0-9 _ ., not starting with a digit or a dot)",
        "the app has Live Activities of this ActivityAttributes type: the device reports a push-to-start token for it; a start push to that token starts an activity (its update token is reported when the push has input-push-token), updates show its content state, an end ends it (reported). Each counts as a push for --expect. The tokens are derived from TOKEN."
    )
    static let inbox = Option.flag(
        "inbox", "the app uses the gateway's inbox: sync at start and on the background push (herald.inbox), then the badge and the list follow")
    static let readInbox = Option.flag(
        "read-inbox", "with --inbox: read each inbox message (herald.inboxMessage) as it arrives, as a tap would")
    static let deviceName = Option.text("name", "NAME", "label of the output lines (default: the token's first 8 digits)")
    static let expect = Option.integer("expect", "N", in: 1...Int.max, default: 1, "stop after N pushes")
    static let timeout = Option.duration("timeout", in: .positive, default: 30, "give up after this long")
    static let json = Option.flag("json", #"one JSON object per event, with "device": NAME"#)
    static let spec = Arguments.Spec([
        platform.descriptor, gateway.descriptor, app.descriptor, clientKey.descriptor, token.descriptor, record.descriptor, scenarioFile.descriptor,
        interests.descriptor, user.descriptor, userToken.descriptor, environment.descriptor, serviceExtension.descriptor,
        liveActivity.descriptor, inbox.descriptor, readInbox.descriptor, deviceName.descriptor, expect.descriptor, timeout.descriptor, json.descriptor,
    ])

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        arguments[Self.platform] == "fcm" ? await runAndroid(arguments, terminal: terminal) : await runOnMain(arguments, terminal: terminal)
    }

    /// The session (the client runtime, the receipts sender) belongs to the main actor.
    @MainActor
    private static func runOnMain(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        let setup: (options: DeviceSession.Options, scenario: Scenario, gateway: URL, app: String, key: String, record: String)
        do {
            setup = try settings(arguments)
        } catch {
            return usage("\(error)", terminal)
        }
        let session: DeviceSession
        do {
            session = try DeviceSession(
                options: setup.options, scenario: setup.scenario, records: RecordFileReader(path: setup.record),
                client: { GatewayClient(baseURL: setup.gateway, appID: setup.app, clientKey: setup.key, stateDirectory: $0) },
                print: { terminal.print($0) })
        } catch {
            return fail("\(error)", terminal)
        }
        let outcome: Result<Bool, any Error>
        do { outcome = .success(try await session.run()) } catch { outcome = .failure(error) }
        switch outcome {
        case .success(true): return 0
        case .success(false):
            let options = setup.options
            return shortfall(
                session.loop, name: options.run.name, expect: options.run.expect, timeout: options.run.timeout, what: "pushes", record: setup.record,
                simulator: "apns-sim", terminal: terminal)
        case .failure(let error):
            return fail("\(setup.options.run.name): \(error)", terminal, status: 1)
        }
    }

    /// Why a device's run ended without success, exit status 1: fewer than `expect` arrived
    /// (`what`: pushes or messages; was anything sent, and is `record` the `simulator`'s
    /// record?), or the gateway did not take every receipt.
    @MainActor
    static func shortfall(
        _ loop: DeviceLoop, name: String, expect: Int, timeout: Double, what: String, record: String, simulator: String, terminal: Terminal
    ) -> Int32 {
        guard loop.received >= expect else {
            return fail(
                "\(name): \(loop.received) of \(expect) \(what) in \(timeout) s; was a publish sent to this device, and does \(record) come from herald \(simulator) --record?",
                terminal, status: 1)
        }
        return fail("\(name): the gateway did not accept \(loop.unsent) receipts in \(timeout) s", terminal, status: 1)
    }

    private static func settings(_ arguments: Arguments) throws -> (
        options: DeviceSession.Options, scenario: Scenario, gateway: URL, app: String, key: String, record: String
    ) {
        guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument \(arguments.positionals[0])") }
        guard let gateway = arguments[Self.gateway] else { throw UsageError("--gateway is required: \(Self.gateway.descriptor.synopsis)") }
        let tokenText = try arguments.required(Self.token)
        guard let token = DeviceToken(hex: tokenText) else { throw Self.badToken(tokenText) }
        let environment = APNsEnvironment(rawValue: arguments[Self.environment]) ?? .sandbox
        if let type = arguments[Self.liveActivity], !LiveActivityContent.isActivityTypeName(type) { throw Self.liveActivity.invalid(type) }
        if arguments[Self.readInbox], !arguments[Self.inbox] { throw UsageError("--read-inbox goes with --inbox") }
        let options = DeviceSession.Options(
            run: try deviceRun(arguments, defaultName: String(token.hex.prefix(8))), token: token, environment: environment,
            environmentChosen: arguments.given(Self.environment),
            serviceExtension: arguments[Self.serviceExtension], liveActivityType: arguments[Self.liveActivity],
            inbox: arguments[Self.inbox], readInbox: arguments[Self.readInbox])
        return (
            options, try scenario(arguments[Self.scenarioFile]), gateway, try arguments.required(Self.app), try arguments.required(Self.clientKey),
            try arguments.required(Self.record)
        )
    }

    /// What is wrong with an APNs token given in hex: a letter that is no hex digit, or an
    /// odd count (two digits a byte).
    static func badToken(_ text: String) -> UsageError {
        if let bad = text.first(where: { !$0.isHexDigit && !" <>".contains($0) }) {
            return UsageError("--token: \"\(text)\" is not an APNs token in hex: \"\(bad)\" is not a hex digit (0-9, a-f); an FCM token needs --platform fcm")
        }
        let count = text.filter(\.isHexDigit).count
        return UsageError(
            "--token: \"\(text)\" is not an APNs token in hex: \(count) digits, and a token is whole bytes of two digits each (64 digits for 32 bytes)")
    }

    private static func scenario(_ path: String?) throws -> Scenario {
        guard let path else { return try Scenario(json: ["steps": [["launch": [:]], ["uiReady": true], ["state": "active"]]]) }
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw UsageError("--scenario \(path): cannot read it (\(error.localizedDescription))")
        }
        do {
            return try Scenario(json: try JSONParser(maxDepth: 128).parse(bytes))
        } catch {
            throw UsageError("--scenario \(path): \(error)")
        }
    }
}
