/// What every easy handle of a pool is set up with.
struct CurlSettings: Sendable {
    var caFile: String?
    /// The client certificate (certificate auth): files, or bytes libcurl copies.
    var certificate: APNSClientCertificate?
    var requestTimeout: Double
    var connectTimeout: Double
    var maxConcurrentStreams: Int
}
