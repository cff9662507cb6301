import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldCore

/// `herald send`: sends one payload to device tokens through APNs (or a simulator).
enum SendCommand: Command {
    static let name = "send"
    static let summary = "Send a notification to device tokens through APNs"
    static let help = """
        Usage: herald send --auth-key AuthKey.p8 --key-id KEYID --team-id TEAMID --topic BUNDLE_ID
                           [--sandbox | --production | --endpoint URL [--ca FILE]]
                           [--push-type T] [--priority P] [--collapse-id ID] [--expiration EPOCH]
                           [--json] TOKEN... [PAYLOAD.json | -]
               herald send ... --channel CHANNEL_ID [--priority P] [--expiration EPOCH] [PAYLOAD.json | -]

        Checks the payload with the lint rules, then sends it to each token over HTTP/2
        and prints one line per token: the token, the status, the apns-id and, for a
        refusal, the reason and its class (permanent, invalid-token, retry-after,
        back-off, refresh-token). The payload is the last argument when it is not a
        hex token; - or nothing reads standard input.

        Options:
        \(APNSOptions.help)
          --push-type TYPE      alert (default), background, voip, liveactivity, location,
                                complication, fileprovider, mdm, pushtotalk, widgets, controls
          --priority P          10, 5 or 1 (default 10; 5 for background)
          --collapse-id ID      1 to 64 bytes, no control characters
          --expiration EPOCH    Unix seconds; 0 delivers once or never
          --channel ID          broadcast a Live Activity update or end to every device
                                subscribed to channel ID (herald channel) instead
          --json                one JSON object per token
          --simulator-file OUT  write the payload to OUT, as is (name it NAME.apns), for
                                'xcrun simctl push' instead of sending
          --help                show this help

        Exit status: 0 every token accepted, 1 a token refused, 2 bad usage or input.
        """
    static let spec = Arguments.Spec(
        flags: APNSOptions.flags.union(["json"]),
        options: APNSOptions.options.union(["push-type", "priority", "collapse-id", "expiration", "simulator-file", "channel"]))

    static func run(_ arguments: Arguments, terminal: Terminal) -> Int32 {
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
            terminal.error("herald send: \(source): not valid JSON: \(error)")
            return 2
        } catch {
            terminal.error("herald send: \(error)")
            return 2
        }
        guard let topic = arguments.value("topic") else { return usage("--topic BUNDLE_ID is required", terminal) }
        if let out = arguments.value("simulator-file") {
            return SimulatorFile.write(payload, topic: topic, to: out, terminal: terminal)
        }
        if let channel = arguments.value("channel") {
            guard positionals.isEmpty else { return usage("give --channel or device tokens, not both", terminal) }
            return broadcast(payload, to: channel, topic: topic, arguments, terminal)
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
        let outcome = APNSSession.run(configuration) { client in await client.send(batch: requests) }
        guard let outcome else { return fail("no answer within an hour", terminal) }
        switch outcome {
        case .failure(let error): return fail(error.description, terminal)
        case .success(let results):
            let printer = SendReport(json: arguments.has("json"))
            for (request, result) in zip(requests, results) { terminal.print(printer.line(request.deviceToken, result)) }
            return results.allSatisfy { (try? $0.get()) != nil } ? 0 : 1
        }
    }

    private static func request(_ token: String, _ payload: JSONValue, _ topic: String, _ arguments: Arguments) throws(UsageError) -> APNSRequest {
        let pushType = PushType(rawValue: arguments.value("push-type") ?? "alert")
        func integer(_ name: String) throws(UsageError) -> Int? {
            guard let text = arguments.value(name) else { return nil }
            guard let value = Int(text) else { throw UsageError("--\(name) \(text): not a whole number") }
            return value
        }
        do {
            return try APNSRequest(
                deviceToken: token, payload: payload, pushType: pushType, bundleID: topic,
                priority: try integer("priority").map(APNSPriority.init(rawValue:)), expiration: try integer("expiration"),
                collapseID: arguments.value("collapse-id"))
        } catch let error as APNSRequestError {
            throw UsageError(error.description)
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError("\(error)")
        }
    }

    static func usage(_ message: String, _ terminal: Terminal) -> Int32 {
        terminal.error("herald send: \(message)\nRun 'herald send --help' for usage.")
        return 2
    }

    static func fail(_ message: String, _ terminal: Terminal) -> Int32 {
        terminal.error("herald send: \(message)")
        return 2
    }
}
