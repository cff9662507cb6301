import Foundation
import HeraldCore
import HeraldSimulator

/// `herald device`: a simulated device on a live gateway and APNs simulator.
enum DeviceCommand: Command {
    static let name = "device"
    static let summary = "Run a simulated device against herald serve and herald apns-sim"
    static let help = """
        Usage: herald device --gateway URL --app APP_ID --client-key KEY --token HEX --record FILE
                             [--scenario FILE] [--interests A,B] [--user ID --user-token JWT]
                             [--environment sandbox|production]
                             [--service-extension] [--live-activity TYPE]
                             [--name NAME] [--expect N] [--timeout SECONDS] [--json]

        A headless app for end-to-end runs: registers TOKEN with the gateway through
        GatewayClient (interests, user; the client key registers, the device key the
        gateway answers is kept in the device's folder and carries its later calls), then takes every push that `herald apns-sim
        --record FILE` accepted for TOKEN, plays it through the client runtime of the
        scenario (docs/simulate.md: its app, its steps at start, and its "onPush" steps
        after each push, such as a tap on the banner), prints the timeline (banners,
        navigation, receipts) and sends the receipts outbox to the gateway.

        Options:
          --gateway URL        the gateway, e.g. http://127.0.0.1:8080
          --app APP_ID         the app id (herald app create)
          --client-key KEY     the app's client key
          --token HEX          this device's APNs token (hex)
          --record FILE        the APNs simulator's --record file to take pushes from
          --scenario FILE      the app and what the user does (default: in the foreground,
                               a banner per push, nobody taps)
          --interests A,B      interests to register (default: keep what the gateway has)
          --user ID            user to bind the device to at registration (the login alias)
          --user-token JWT     the user token the app's backend signed for ID (try
                               'herald app user-token --app APP_ID --user ID')
          --environment ENV    sandbox (default) or production
          --service-extension  the app has a Notification Service Extension: pushes with
                               mutable-content run the extension pipeline first (attachments
                               downloaded, a delivered receipt from the extension)
          --live-activity TYPE the app has Live Activities of this ActivityAttributes type:
                               the device reports a push-to-start token for it; a start
                               push to that token starts an activity (its update token is
                               reported when the push has input-push-token), updates show
                               its content state, an end ends it (reported). Each counts
                               as a push for --expect. The tokens are derived from TOKEN.
          --name NAME          label of the output lines (default: the token's first 8 digits)
          --expect N           stop after N pushes (default 1)
          --timeout SECONDS    give up after this long (default 30)
          --json               one JSON object per event, with "device": NAME

        Exit status: 0 when N pushes arrived and every receipt was accepted, 1 when not
        (timeout, gateway refused), 2 on a usage error or an unreadable scenario.
        """
    static let spec = Arguments.Spec(
        flags: ["json", "service-extension"],
        options: [
            "gateway", "app", "client-key", "token", "record", "scenario", "interests", "user", "user-token", "environment", "name", "expect",
            "timeout", "live-activity",
        ])

    static func run(_ arguments: Arguments, terminal: Terminal) -> Int32 {
        let setup: (options: DeviceSession.Options, scenario: Scenario, gateway: URL, app: String, key: String, record: String)
        do {
            setup = try settings(arguments)
        } catch {
            terminal.error("herald device: \(error)\nRun 'herald device --help' for usage.")
            return 2
        }
        return MainActor.assumeIsolated { () -> Int32 in
            let session: DeviceSession
            do {
                session = try DeviceSession(
                    options: setup.options, scenario: setup.scenario, records: RecordFileReader(path: setup.record),
                    client: { GatewayClient(baseURL: setup.gateway, appID: setup.app, clientKey: setup.key, stateDirectory: $0) },
                    print: { terminal.print($0) })
            } catch {
                terminal.error("herald device: \(error)")
                return 2
            }
            var outcome: Result<Bool, any Error>?
            Task { @MainActor in
                do { outcome = .success(try await session.run()) } catch { outcome = .failure(error) }
            }
            while outcome == nil { _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01)) }
            switch outcome {
            case .success(true): return 0
            case .success(false):
                let options = setup.options
                if session.received < options.expect {
                    terminal.error(
                        "herald device: \(options.name): \(session.received) of \(options.expect) pushes in \(options.timeout) s; was a publish sent to this device, and does \(setup.record) come from herald apns-sim --record?"
                    )
                } else {
                    terminal.error(
                        "herald device: \(options.name): the gateway did not accept \(session.unsent) receipts in \(options.timeout) s")
                }
                return 1
            case .failure(let error)?:
                terminal.error("herald device: \(setup.options.name): \(error)")
                return 1
            case nil: return 1
            }
        }
    }

    private static func settings(_ arguments: Arguments) throws -> (
        options: DeviceSession.Options, scenario: Scenario, gateway: URL, app: String, key: String, record: String
    ) {
        guard arguments.positionals.isEmpty else { throw UsageError("unexpected argument \(arguments.positionals[0])") }
        func required(_ option: String) throws -> String {
            guard let value = arguments.value(option), !value.isEmpty else { throw UsageError("--\(option) is required") }
            return value
        }
        let gatewayText = try required("gateway")
        guard let gateway = URL(string: gatewayText), gateway.scheme == "http" || gateway.scheme == "https", gateway.host != nil else {
            throw UsageError("--gateway \(gatewayText): expected a URL such as http://127.0.0.1:8080")
        }
        let tokenText = try required("token")
        guard let token = DeviceToken(hex: tokenText) else { throw UsageError("--token: \"\(tokenText)\" is not hex") }
        let environmentText = arguments.value("environment") ?? "sandbox"
        guard let environment = APNsEnvironment(rawValue: environmentText) else {
            throw UsageError("--environment \(environmentText): expected sandbox or production")
        }
        func positive(_ option: String, _ fallback: Double) throws -> Double {
            guard let text = arguments.value(option) else { return fallback }
            guard let value = Double(text), value > 0, value.isFinite else {
                throw UsageError("--\(option) \(text): expected a positive number")
            }
            return value
        }
        if arguments.value("user") != nil, arguments.value("user-token") == nil {
            throw UsageError("--user needs --user-token: the gateway binds a device to a user only with a token the app's backend signed")
        }
        if arguments.value("user-token") != nil, arguments.value("user") == nil { throw UsageError("--user-token goes with --user") }
        if let type = arguments.value("live-activity"), !LiveActivityContent.isActivityTypeName(type) {
            throw UsageError(
                "--live-activity \(type): expected the name of an ActivityAttributes type (A-Z a-z 0-9 _ ., not starting with a digit or a dot)")
        }
        let expect = try positive("expect", 1)
        guard expect == expect.rounded() else { throw UsageError("--expect \(expect): expected a whole number") }
        let options = DeviceSession.Options(
            name: arguments.value("name") ?? String(token.hex.prefix(8)), token: token, environment: environment,
            interests: arguments.value("interests").map { $0.split(separator: ",").map(String.init) },
            userID: arguments.value("user"), userToken: arguments.value("user-token"), expect: Int(expect), timeout: try positive("timeout", 30), json: arguments.has("json"),
            serviceExtension: arguments.has("service-extension"), liveActivityType: arguments.value("live-activity"))
        return (
            options, try scenario(arguments.value("scenario")), gateway, try required("app"), try required("client-key"),
            try required("record")
        )
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
