/// No answer from APNs: the connection failed, timed out, or was closed before the reply.
///
/// The notification may or may not have reached APNs; the client retries it on a new
/// connection (`APNSErrorClass.backOff`), so delivery is at least once.
public struct APNSTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// libcurl's result code (`CURLcode`), or 0 when the failure was Herald's own.
    public var code: Int
    /// libcurl's text for the code, and its detail when it gave one.
    public var message: String

    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    public var errorClass: APNSErrorClass { .backOff }

    public var description: String { code == 0 ? message : "\(message) (libcurl error \(code))" }
}
