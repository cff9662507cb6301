import Foundation
import HeraldShared

/// A message a provider delivered over its own connection rather than through APNs
/// (GeTui's pass-through, 透传): the raw payload and the provider's flags.
public struct PassThroughMessage: Sendable, Hashable {
    /// The provider whose connection brought it.
    public var provider: ProviderID
    /// The payload as the provider hands it over: the bytes of a JSON object, the app's own
    /// fields (`id`, `title`, `content` or `body`, `url`...), optionally with an `aps` dictionary.
    public var payload: Data
    /// The provider stored the message while the app was not connected and delivered it
    /// through APNs as well, so iOS shows (or has shown) that copy: `true` presents it as a
    /// system notification; `false`, a live message, presents it as a push in the foreground.
    public var offline: Bool
    /// The provider's message id; the notification's id when the payload has none.
    public var messageID: String?
    /// The provider's task (campaign) id.
    public var taskID: String?

    public init(provider: ProviderID, payload: Data, offline: Bool, messageID: String? = nil, taskID: String? = nil) {
        self.provider = provider
        self.payload = payload
        self.offline = offline
        self.messageID = messageID
        self.taskID = taskID
    }

    /// GeTui's pass-through message, as `GeTuiSdkDidReceivePayloadData` hands it over: the
    /// payload bytes, the task and message ids, and the offline flag.
    public static func getui(payload: Data, taskID: String?, messageID: String?, offline: Bool) -> PassThroughMessage {
        PassThroughMessage(provider: .getui, payload: payload, offline: offline, messageID: messageID, taskID: taskID)
    }
}
