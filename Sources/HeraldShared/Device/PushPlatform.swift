/// Which push service a device's token belongs to: Apple's (APNs) or Firebase Cloud
/// Messaging (an Android device's registration token).
///
/// The gateway stores it with each device and each delivery, so a delivery goes to the
/// service its token is for.
public enum PushPlatform: String, Sendable, Hashable, CaseIterable {
    case apns, fcm
}
