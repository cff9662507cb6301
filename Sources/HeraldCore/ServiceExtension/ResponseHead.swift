/// What a transfer knows before the body: the final HTTP status (after
/// redirects), Content-Type and Content-Length. A file has no status.
public struct ResponseHead: Sendable, Hashable {
    public var status: Int?
    public var contentType: String?
    /// Bytes the server announced; `nil` when it did not say (chunked or close-delimited).
    public var contentLength: Int?

    public init(status: Int? = nil, contentType: String? = nil, contentLength: Int? = nil) {
        self.status = status
        self.contentType = contentType
        self.contentLength = contentLength
    }
}
