import HeraldShared

/// A request that was not sent because APNs would refuse it: the field at fault (`device
/// token`, `topic`, `collapse id`, `payload`, `aps.badge`) and why.
public typealias APNSRequestError = FieldError<APNSRequestDomain>

/// The domain of `APNSRequestError`: the fields of an APNs request.
public enum APNSRequestDomain {}
