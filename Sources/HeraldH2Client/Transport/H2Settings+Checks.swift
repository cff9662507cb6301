import HeraldShared

extension H2Settings {
    /// Throws, as the client's own `FieldError`, unless the pool has 1...64 connections of
    /// 1...10000 streams each.
    package static func checkPool<Domain>(
        connections: Int, maxConcurrentStreams: Int, as error: FieldError<Domain>.Type
    ) throws(FieldError<Domain>) {
        guard (1...64).contains(connections) else { throw FieldError("connections", "\(connections) is outside 1...64") }
        guard (1...10_000).contains(maxConcurrentStreams) else {
            throw FieldError("max concurrent streams", "\(maxConcurrentStreams) is outside 1...10000")
        }
    }

    /// Throws, as the client's own `FieldError`, when `caFile` is given but cannot be read.
    package static func checkCAFile<Domain>(_ caFile: String?, as error: FieldError<Domain>.Type) throws(FieldError<Domain>) {
        if let caFile, !FileManagerProbe.isReadable(caFile) {
            throw FieldError("CA file", "\(caFile): no such file, or it cannot be read; give the ca.pem the simulator wrote")
        }
    }
}
