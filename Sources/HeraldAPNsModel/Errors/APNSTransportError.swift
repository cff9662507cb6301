import HeraldShared

/// No answer from APNs: the connection failed, timed out, or was closed before the reply
/// (the transport's `TransportError`).
public typealias APNSTransportError = TransportError

extension TransportError {
    /// Always `backOff`: the notification may or may not have reached APNs; retry it on a new connection.
    public var errorClass: APNSErrorClass { .backOff }
}
