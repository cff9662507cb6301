import HeraldShared

/// A client set up in a way that cannot work: the setting at fault (`topic`, `token refresh
/// interval`, `CA file`), and how to fix it.
public typealias APNSConfigurationError = FieldError<APNSConfigurationDomain>

/// The domain of `APNSConfigurationError`: an APNs client's settings.
public enum APNSConfigurationDomain {}
