import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldCore

extension SendCommand {
    /// `herald send --channel ID`: one broadcast to every device subscribed to the channel.
    /// Prints `CHANNEL STATUS REQUEST-ID [REASON (CLASS)]` (or JSON with `channel` for `token`).
    static func broadcast(
        _ payload: JSONValue, to channel: String, topic: String, _ arguments: Arguments, _ terminal: Terminal
    ) async -> Int32 {
        if let type = arguments[Self.pushType], type != PushType.liveActivity.rawValue {
            return usage("--channel broadcasts Live Activity updates: --push-type is liveactivity or left out, not \(type)", terminal)
        }
        if arguments[Self.collapseID] != nil { return usage("--collapse-id does not go with --channel", terminal) }
        let request: APNSBroadcastRequest
        let configuration: APNSClientConfiguration
        do throws(UsageError) {
            configuration = try APNSOptions.configuration(arguments)
            let priority = arguments[Self.priority].map(APNSPriority.init(rawValue:)) ?? .immediate
            let expiration = arguments[Self.expiration]
            do {
                request = try APNSBroadcastRequest(channelID: channel, payload: payload, bundleID: topic, priority: priority, expiration: expiration)
            } catch {
                throw UsageError(error.description)
            }
        } catch {
            return usage(error.description, terminal)
        }
        for warning in request.warnings { terminal.error("herald send: \(warning)") }
        return await sendOne(APNSClient.self, configuration, terminal: terminal, { client in try await client.broadcast(request) }) { result in
            SendReport(json: arguments[Self.json], subject: "channel").line(request.channelID, result)
        }
    }
}
