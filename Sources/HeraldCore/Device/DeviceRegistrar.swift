/// Where the device token goes once iOS hands it over: Herald's gateway, a
/// provider, or the app's own backend. The Apple façade calls it after every
/// successful registration (the token can change) and on failure.
@MainActor
public protocol DeviceRegistrar: AnyObject {
    /// The device's current token.
    func register(_ token: DeviceToken)
    /// Registration failed (no entitlement, the simulator without a push setup, no network).
    func registrationFailed(_ error: any Error)
}

extension DeviceRegistrar {
    public func registrationFailed(_ error: any Error) {}
}
