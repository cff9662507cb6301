import COpenSSL

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connected socket and its TLS session, handshake done and HTTP/2 agreed: what an
/// `H2Connector` hands to the `H2Session` it makes. Frees both when released.
final class TLSSocket {
    let fd: Int32
    let ssl: OpaquePointer

    init(fd: Int32, ssl: OpaquePointer) {
        self.fd = fd
        self.ssl = ssl
    }

    deinit {
        SSL_free(ssl)
        close(fd)
    }
}
