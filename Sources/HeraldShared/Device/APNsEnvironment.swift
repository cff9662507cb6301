/// Which APNs a device token belongs to: a token from a development build is valid only on
/// the sandbox, one from a TestFlight or App Store build only on production.
///
/// One type for the whole of Herald: the app reports it (`GatewayClient`), the gateway
/// stores it with the device and keeps credentials per environment, and HeraldAPNs sends
/// to its host (`APNSEndpoint(environment)`).
public enum APNsEnvironment: String, Sendable, Hashable, CaseIterable {
    case sandbox, production
}
