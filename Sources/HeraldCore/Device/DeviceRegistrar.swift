/// Where the device token goes once iOS hands it over: Herald's gateway, a
/// provider, or the app's own backend. The Apple façade calls it after every
/// successful registration (the token can change) and on failure.
@MainActor
public protocol DeviceRegistrar: AnyObject {
    /// The device's current token.
    func register(_ token: DeviceToken)
    /// Registration failed (no entitlement, the simulator without a push setup, no network).
    func registrationFailed(_ error: any Error)
    /// The app became active: what the registrar sent about the device (its locale, time
    /// zone, app version) may have changed meanwhile.
    func appBecameActive()
}

extension DeviceRegistrar {
    public func registrationFailed(_ error: any Error) {}
    public func appBecameActive() {}
}
