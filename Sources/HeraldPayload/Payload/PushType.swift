import HeraldShared

/// The `apns-push-type` of a notification, an open set with Apple's rules attached.
public struct PushType: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let alert = PushType(rawValue: "alert")
    public static let background = PushType(rawValue: "background")
    public static let location = PushType(rawValue: "location")
    public static let voip = PushType(rawValue: "voip")
    public static let complication = PushType(rawValue: "complication")
    public static let fileProvider = PushType(rawValue: "fileprovider")
    public static let mdm = PushType(rawValue: "mdm")
    public static let liveActivity = PushType(rawValue: "liveactivity")
    public static let pushToTalk = PushType(rawValue: "pushtotalk")
    public static let widgets = PushType(rawValue: "widgets")
    public static let controls = PushType(rawValue: "controls")

    /// Every type Apple documents.
    public static let documented: [PushType] = [
        .alert, .background, .location, .voip, .complication, .fileProvider, .mdm, .liveActivity, .pushToTalk,
        .widgets, .controls,
    ]

    /// The largest payload APNs accepts for this type, in bytes.
    public var maxPayloadBytes: Int { self == .voip ? 5120 : 4096 }

    /// What `apns-topic` needs after the bundle id for this type.
    public var topicSuffix: String {
        switch self {
        case .voip: return ".voip"
        case .complication: return ".complication"
        case .fileProvider: return ".pushkit.fileprovider"
        case .location: return ".location-query"
        case .liveActivity: return ".push-type.liveactivity"
        case .widgets: return ".push-type.widgets"
        case .controls: return ".push-type.controls"
        case .pushToTalk: return ".voip-ptt"
        default: return ""
        }
    }
}
