/// What every easy handle of a pool is set up with.
struct CurlSettings: Sendable {
    struct Certificate: Sendable {
        var file: String
        /// `PEM` or `P12`.
        var type: String
        var keyFile: String?
        var password: String?
    }

    var caFile: String?
    var certificate: Certificate?
    var requestTimeout: Double
    var connectTimeout: Double
    var maxConcurrentStreams: Int
}
