/// A file operation of Herald's durable storage failed: which, on what path, and the system's reason.
public struct StorageError: Error, Sendable, CustomStringConvertible {
    public var operation: String
    public var path: String
    public var code: Int32
    public var reason: String

    public init(_ operation: String, path: String, code: Int32, reason: String) {
        self.operation = operation
        self.path = path
        self.code = code
        self.reason = reason
    }

    public var description: String {
        "\(operation) \(path) failed: \(reason) (errno \(code)); check that the folder exists and is writable"
    }
}
