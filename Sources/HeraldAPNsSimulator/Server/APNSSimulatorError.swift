import HeraldShared

/// The simulator could not start or was given a setting it cannot use: the setting or step at
/// fault (`--listen`, `--fault`, `listening`) and why.
public typealias APNSSimulatorError = FieldError<APNSSimulatorDomain>

/// The domain of `APNSSimulatorError`: the APNs simulator's settings.
public enum APNSSimulatorDomain {}
