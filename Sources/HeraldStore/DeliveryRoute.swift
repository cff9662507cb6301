import HeraldAPNsModel
import HeraldShared

/// Where a delivery goes, as the engine sends and pauses deliveries: APNs in one
/// environment (each has its own credentials), or FCM (one service account per app).
public enum DeliveryRoute: Sendable, Hashable, CustomStringConvertible {
    case apns(APNsEnvironment)
    case fcm

    /// Every route, APNs' environments first.
    public static let all: [DeliveryRoute] = APNsEnvironment.allCases.map(DeliveryRoute.apns) + [.fcm]

    /// As the store matches a delivery row (`routeColumn`): the environment for APNs, the
    /// platform otherwise (an FCM row's environment is only a placeholder).
    public var key: String {
        switch self {
        case .apns(let environment): environment.rawValue
        case .fcm: PushPlatform.fcm.rawValue
        }
    }

    /// The route of `key` (a delivery row's, a route pause's); nil for one this version
    /// does not know.
    public init?(key: String) {
        if key == PushPlatform.fcm.rawValue {
            self = .fcm
        } else if let environment = APNsEnvironment(rawValue: key) {
            self = .apns(environment)
        } else {
            return nil
        }
    }

    /// As the API and the console name it: `apns-sandbox`, `apns-production`, `fcm`.
    public var name: String {
        switch self {
        case .apns(let environment): "apns-\(environment.rawValue)"
        case .fcm: PushPlatform.fcm.rawValue
        }
    }

    /// The delivery row's route, in SQL both stores read alike (`d` is the deliveries row).
    static let routeColumn = "CASE d.platform WHEN 'apns' THEN d.environment ELSE d.platform END"

    public var description: String {
        switch self {
        case .apns(let environment): "APNs \(environment.rawValue)"
        case .fcm: "FCM"
        }
    }
}

extension DeliveryJob {
    /// The route the job is sent on: its platform, and for APNs its environment.
    public var route: DeliveryRoute { platform == .fcm ? .fcm : .apns(environment) }
}
