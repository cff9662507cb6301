import HeraldShared

/// Input that does not fit: where (a JSON path such as `interests[3]`, or an option such as
/// `--key-id`), what is wrong, and how to fix it.
public typealias ValidationError = FieldError<ValidationDomain>

/// The domain of `ValidationError`: the gateway's API input and options.
public enum ValidationDomain {}
