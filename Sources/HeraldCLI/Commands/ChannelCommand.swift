import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldCore

/// `herald channel`: the broadcast channels of an app, through APNs' channel management API.
enum ChannelCommand: Command {
    static let name = "channel"
    static let summary = "Create, list, read and delete an app's broadcast channels"
    static let help = """
        Usage: herald channel create [--storage no-storage|most-recent] APNS-OPTIONS
               herald channel list APNS-OPTIONS
               herald channel read CHANNEL_ID APNS-OPTIONS
               herald channel delete CHANNEL_ID... APNS-OPTIONS

        Manages the broadcast channels of the app --topic names (Live Activities that
        subscribe with the channel id get every broadcast: herald send --channel ID).
        Apple's production and sandbox channel API are their own hosts
        (api-manage-broadcast[.sandbox].push.apple.com, ports 2196 and 2195); with
        --endpoint, the simulator serves it at the same URL.

        create and read print `ID STORAGE`; list prints one id per line; delete prints
        `ID deleted` per channel. A refusal prints APNs'
        status, reason and class (ChannelNotRegistered, CannotCreateChannelConfig, ...).

        Options:
        \(OptionHelp.lines(spec.allOptions))

        Exit status: 0 done, 1 APNs refused, 2 bad usage.
        """
    static let storage = Option.choice(
        "storage", "POLICY", ["no-storage", "most-recent"], default: "no-storage",
        "create only: no-storage (default; offline devices miss the broadcast) or most-recent (the last one is kept for them)")
    static let json = Option.flag("json", "one JSON object per line instead")
    static let spec: Arguments.Spec = {
        let common = APNSOptions.all + [json.descriptor]
        return Arguments.Spec(actions: [
            .init("create", common + [storage.descriptor]), .init("list", common), .init("read", common), .init("delete", common),
        ])
    }()

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        var positionals = arguments.positionals
        guard !positionals.isEmpty else { return usage("give an action: create, list, read or delete", terminal) }
        let action = positionals.removeFirst()
        guard let topic = arguments[APNSOptions.topic] else { return usage("--topic is required: --topic BUNDLE_ID", terminal) }
        let configuration: APNSClientConfiguration
        do throws(UsageError) {
            configuration = try APNSOptions.configuration(arguments)
        } catch {
            return usage(error.description, terminal)
        }
        let json = arguments[Self.json]
        let work: @Sendable (APNSClient) async throws -> [JSONValue]
        switch action {
        case "create":
            guard positionals.isEmpty else { return usage("create takes no channel id", terminal) }
            let name = arguments[Self.storage]
            guard let policy = APNSMessageStoragePolicy(name: name) else { return usage(Self.storage.invalid(name).description, terminal) }
            work = { client in [describe(try await client.createChannel(bundleID: topic, storagePolicy: policy))] }
        case "list":
            guard positionals.isEmpty else { return usage("list takes no channel id", terminal) }
            work = { client in try await client.channelIDs(bundleID: topic).map { .object(["id": .string($0)]) } }
        case "read":
            guard positionals.count == 1 else { return usage("read takes one channel id", terminal) }
            let id = positionals[0]
            work = { client in [describe(try await client.channel(id, bundleID: topic))] }
        case "delete":
            guard !positionals.isEmpty else { return usage("give the channel ids to delete", terminal) }
            let ids = positionals
            work = { client in
                var deleted: [JSONValue] = []
                for id in ids {
                    try await client.deleteChannel(id, bundleID: topic)
                    deleted.append(.object(["id": .string(id), "deleted": .bool(true)]))
                }
                return deleted
            }
        default:
            return usage("unknown action \"\(action)\"; use create, list, read or delete", terminal)
        }
        let outcome = await ClientSession.run(APNSClient.self, configuration, throwing: work)
        guard let outcome else { return fail("no answer within an hour", terminal) }
        switch outcome {
        case .failure(let error):
            return fail(error.description, terminal)
        case .success(.failure(let error as APNSRequestError)):
            return usage(error.description, terminal)
        case .success(.failure(let error)):
            terminal.error("herald channel: \(error)")
            return error is APNSError ? 1 : 2
        case .success(.success(let lines)):
            for line in lines { terminal.print(json ? JSONWriter.serialize(line) : text(line)) }
            return 0
        }
    }

    private static func describe(_ channel: APNSChannel) -> JSONValue {
        .object(["id": .string(channel.id), "storage": .string(channel.storagePolicy.name)])
    }

    /// `ID`, `ID STORAGE` or `ID deleted`.
    private static func text(_ line: JSONValue) -> String {
        var words = [line["id"]?.stringValue ?? ""]
        if let storage = line["storage"]?.stringValue { words.append(storage) }
        if line["deleted"] == .bool(true) { words.append("deleted") }
        return words.joined(separator: " ")
    }
}
