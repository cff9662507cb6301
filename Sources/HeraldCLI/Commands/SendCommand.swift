import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldCore

/// `herald send`: sends one payload to device tokens through APNs (or a simulator).
enum SendCommand: Command {
    static let name = "send"
    static let summary = "Send a notification to device tokens through APNs (or FCM)"
    static let help = """
        Usage: herald send --auth-key AuthKey.p8 --key-id KEYID --team-id TEAMID --topic BUNDLE_ID
                           [--sandbox | --production | --endpoint URL [--ca FILE]]
                           [--push-type T] [--priority P] [--collapse-id ID] [--expiration EPOCH]
                           [--json] TOKEN... [PAYLOAD.json | -]
               herald send ... --channel CHANNEL_ID [--priority P] [--expiration EPOCH] [PAYLOAD.json | -]
               herald send --fcm --service-account FILE --token TOKEN [--fcm-endpoint URL [--fcm-ca FILE]]
                           [--json] [MESSAGE.json | -]

        Checks the payload with the lint rules, then sends it to each token over HTTP/2
        and prints one line per token: the token, the status, the apns-id and, for a
        refusal, the reason and its class (permanent, invalid-token, retry-after,
        back-off, refresh-token). The payload is the last argument when it is not a
        hex token; - or nothing reads standard input. With --fcm the payload is an FCM
        message (notification, android, data), sent to --token through FCM's HTTP v1 API
        with the service account's access token; a refusal prints FCM's error code and
        its class (unsendable, invalid-token, retry-after, back-off, credentials-refused).

        Options:
        \(OptionHelp.lines(spec.allOptions))

        Exit status: 0 every token accepted, 1 a token refused, 2 bad usage or input.
        """
    static let pushType = Option.text(
        "push-type", "TYPE",
        "alert (default), background, voip, liveactivity, location, complication, fileprovider, mdm, pushtotalk, widgets, controls")
    static let priority = Option.integer(
        "priority", "P", expected: "a whole number (use 10, 5 or 1)", "10, 5 or 1 (default 10; 5 for background)")
    static let collapseID = Option.text("collapse-id", "ID", "1 to 64 bytes, no control characters")
    static let expiration = Option.integer("expiration", "EPOCH", "Unix seconds; 0 delivers once or never")
    static let channel = Option.text(
        "channel", "ID", "broadcast a Live Activity update or end to every device subscribed to channel ID (herald channel) instead")
    static let json = Option.flag("json", "one JSON object per token")
    static let simulatorFile = Option.text(
        "simulator-file", "OUT", kind: .path,
        "instead of sending, write the payload with \"Simulator Target Bundle\": TOPIC added to OUT (name it NAME.apns), for 'xcrun simctl push'")
    static let spec = Arguments.Spec(
        APNSOptions.all + FCMOptions.all + [
            pushType.descriptor, priority.descriptor, collapseID.descriptor, expiration.descriptor, channel.descriptor, json.descriptor,
            simulatorFile.descriptor,
        ])

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        if arguments[FCMOptions.fcm] { return await sendFCM(arguments, terminal: terminal) }
        var positionals = arguments.positionals
        var payloadName = "-"
        if let last = positionals.last, last == "-" || DeviceToken(hex: last) == nil {
            payloadName = last
            positionals.removeLast()
        }
        let payload: JSONValue
        let source = payloadName == "-" ? "<stdin>" : payloadName
        do {
            let input = try PayloadInput.read([payloadName], terminal: terminal)[0]
            payload = try JSONParser().parse(input.bytes)
        } catch let error as JSONParseError {
            return fail("\(source): not valid JSON: \(error)", terminal)
        } catch {
            return fail("\(error)", terminal)
        }
        guard let topic = arguments[APNSOptions.topic] else { return usage("--topic is required: --topic BUNDLE_ID", terminal) }
        if let out = arguments[Self.simulatorFile] {
            return SimulatorFile.write(payload, topic: topic, to: out, terminal: terminal)
        }
        if let channel = arguments[Self.channel] {
            guard positionals.isEmpty else { return usage("give --channel or device tokens, not both", terminal) }
            return await broadcast(payload, to: channel, topic: topic, arguments, terminal)
        }
        guard !positionals.isEmpty else { return usage("give at least one device token (64 hex digits)", terminal) }
        let requests: [APNSRequest]
        let configuration: APNSClientConfiguration
        do throws(UsageError) {
            configuration = try APNSOptions.configuration(arguments)
            requests = try positionals.map { token throws(UsageError) in try request(token, payload, topic, arguments) }
        } catch {
            return usage(error.description, terminal)
        }
        for warning in requests.first?.warnings ?? [] { terminal.error("herald send: \(warning)") }
        let outcome = await ClientSession.run(APNSClient.self, configuration) { client in await client.send(batch: requests) }
        guard let outcome else { return fail("no answer within an hour", terminal) }
        switch outcome {
        case .failure(let error): return fail(error.description, terminal)
        case .success(let results):
            let printer = SendReport(json: arguments[Self.json])
            for (request, result) in zip(requests, results) { terminal.print(printer.line(request.deviceToken, result)) }
            return results.allSatisfy { (try? $0.get()) != nil } ? 0 : 1
        }
    }

    private static func request(_ token: String, _ payload: JSONValue, _ topic: String, _ arguments: Arguments) throws(UsageError) -> APNSRequest {
        let pushType = PushType(rawValue: arguments[Self.pushType] ?? "alert")
        do {
            return try APNSRequest(
                deviceToken: token, payload: payload, pushType: pushType, bundleID: topic,
                priority: arguments[Self.priority].map(APNSPriority.init(rawValue:)), expiration: arguments[Self.expiration],
                collapseID: arguments[Self.collapseID])
        } catch {
            throw UsageError(error.description)
        }
    }

    /// Sends one request through a client of its own and prints `line` of the answer: 0 when
    /// it was accepted, 1 when it was refused, 2 when no client could be made or no answer came.
    static func sendOne<Client: SessionClient, Answer: Sendable>(
        _ client: Client.Type, _ configuration: Client.Configuration, terminal: Terminal,
        _ send: @escaping @Sendable (Client) async throws -> Answer, line: (Result<Answer, any Error>) -> String
    ) async -> Int32 {
        guard let outcome = await ClientSession.run(client, configuration, throwing: send) else {
            return fail("no answer within an hour", terminal)
        }
        switch outcome {
        case .failure(let error): return fail(error.description, terminal)
        case .success(let result):
            terminal.print(line(result))
            return (try? result.get()) != nil ? 0 : 1
        }
    }
}
