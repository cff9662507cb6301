import COpenSSL
import Foundation
import HeraldShared
import HeraldCrypto

/// Makes one TCP + TLS connection to an origin: resolves it, connects without blocking
/// (trying each address), and shakes hands with ALPN h2. Used on its `H2Connection`'s
/// thread only; hands the result, a `TLSSocket`, to the HTTP/2 session.
final class H2Connector {
    private(set) var fd: Int32 = -1
    private var handshaking = false
    private var ssl: OpaquePointer?
    private let origin: H2Origin
    private let context: TLSClientContext
    private var addresses: [(sockaddr_storage, socklen_t)]
    /// Which way the TLS layer waits: true for POLLOUT.
    private var sslWantsWrite = false
    /// Monotonic seconds when the attempt started.
    let started: Double

    /// Resolves the origin (blocking: this connection's thread only) and starts a non-blocking connect.
    init(origin: H2Origin, context: TLSClientContext, now: Double) throws(TransportError) {
        self.origin = origin
        self.context = context
        started = now
        addresses = try Self.resolve(origin)
        try connectNext()
    }

    deinit {
        if let ssl { SSL_free(ssl) }
        if fd >= 0 { close(fd) }
    }

    /// The events to poll the socket for.
    var events: Int16 {
        guard handshaking else { return Int16(POLLOUT) }
        return sslWantsWrite ? Int16(POLLOUT) : Int16(POLLIN)
    }

    /// Moves the attempt on after poll reported the socket ready; returns the connection once
    /// TLS is up and the server agreed to HTTP/2, throws when the attempt failed.
    func ready() throws(TransportError) -> TLSSocket? {
        guard !handshaking else { return try handshake() }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        guard error == 0 else {
            guard !addresses.isEmpty else { throw connectFailure(error) }
            try connectNext()
            return nil
        }
        return try startTLS()
    }

    private static func resolve(_ origin: H2Origin) throws(TransportError) -> [(sockaddr_storage, socklen_t)] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Self.streamType
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(origin.host, String(origin.port), &hints, &list)
        guard status == 0, let list else {
            throw TransportError(
                .connect, "cannot resolve \(origin.host): \(String(cString: gai_strerror(status))); check the endpoint URL and DNS",
                code: Int(status))
        }
        defer { freeaddrinfo(list) }
        var found: [(sockaddr_storage, socklen_t)] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = list
        while let entry = cursor {
            if let address = entry.pointee.ai_addr {
                var storage = sockaddr_storage()
                withUnsafeMutableBytes(of: &storage) {
                    $0.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(entry.pointee.ai_addrlen)))
                }
                found.append((storage, entry.pointee.ai_addrlen))
            }
            cursor = entry.pointee.ai_next
        }
        return found
    }

    private func connectNext() throws(TransportError) {
        if fd >= 0 { close(fd) }
        fd = -1
        var lastError: Int32 = EHOSTUNREACH
        while !addresses.isEmpty {
            var (storage, length) = addresses.removeFirst()
            let socketFD = socket(Int32(storage.ss_family), Self.streamType | Self.socketFlags, 0)
            guard socketFD >= 0 else { throw TransportError(.connect, "socket: \(String(cString: strerror(errno)))", code: Int(errno)) }
            _ = fcntl(socketFD, F_SETFL, fcntl(socketFD, F_GETFL) | O_NONBLOCK)
            _ = fcntl(socketFD, F_SETFD, FD_CLOEXEC)
            var one: Int32 = 1
            _ = setsockopt(socketFD, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let result = withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socketFD, $0, length) }
            }
            if result == 0 || errno == EINPROGRESS {
                fd = socketFD
                return
            }
            lastError = errno
            close(socketFD)
        }
        throw connectFailure(lastError)
    }

    // Close-on-exec from birth where the system allows it: a child process that another
    // thread spawns must not inherit the socket (and keep the connection open after us).
    #if os(Linux)
        private static let streamType = Int32(SOCK_STREAM.rawValue)
        private static let socketFlags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    #else
        private static let streamType = SOCK_STREAM
        private static let socketFlags: Int32 = 0
    #endif

    private func connectFailure(_ error: Int32) -> TransportError {
        TransportError(.connect, "cannot connect to \(origin.authority): \(String(cString: strerror(error)))", code: Int(error))
    }

    private func startTLS() throws(TransportError) -> TLSSocket? {
        ERR_clear_error()
        guard let made = SSL_new(context.pointer) else { throw tlsFailure("starting TLS") }
        ssl = made
        _ = herald_SSL_set_mode(made, Int(SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER))
        guard SSL_set_fd(made, fd) == 1 else { throw tlsFailure("starting TLS") }
        if origin.isAddress {
            // No SNI for an address (RFC 6066); the certificate must name the address itself.
            guard X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(made), origin.host) == 1 else {
                throw tlsFailure("setting the address to verify")
            }
        } else {
            guard herald_SSL_set_tlsext_host_name(made, origin.host) == 1, SSL_set1_host(made, origin.host) == 1 else {
                throw tlsFailure("setting the host name to verify")
            }
        }
        SSL_set_connect_state(made)
        handshaking = true
        return try handshake()
    }

    private func handshake() throws(TransportError) -> TLSSocket? {
        guard let ssl else { return nil }
        ERR_clear_error()
        let result = SSL_connect(ssl)
        guard result == 1 else {
            let error = SSL_get_error(ssl, result)
            if error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE {
                sslWantsWrite = error == SSL_ERROR_WANT_WRITE
                return nil
            }
            let verify = SSL_get_verify_result(ssl)
            if verify != X509_V_OK {
                ERR_clear_error()
                throw TransportError(
                    .tls,
                    "the certificate of \(origin.authority) was refused: \(String(cString: X509_verify_cert_error_string(verify))); check the host name and the CA file",
                    code: Int(verify))
            }
            throw tlsFailure("the TLS handshake with \(origin.authority)")
        }
        sslWantsWrite = false
        var name: UnsafePointer<UInt8>?
        var length: UInt32 = 0
        SSL_get0_alpn_selected(ssl, &name, &length)
        guard length == 2, let name, name[0] == UInt8(ascii: "h"), name[1] == UInt8(ascii: "2") else {
            let chosen = name.map { String(decoding: UnsafeBufferPointer(start: $0, count: Int(length)), as: UTF8.self) } ?? ""
            throw TransportError(
                .alpn,
                "\(origin.authority) did not agree to HTTP/2 (ALPN h2; it chose \(chosen.isEmpty ? "none" : "\"\(chosen)\"")); push services always do, so check the endpoint URL"
            )
        }
        defer { (fd, self.ssl) = (-1, nil) }
        return TLSSocket(fd: fd, ssl: ssl)
    }

    private func tlsFailure(_ operation: String) -> TransportError {
        let error = OpenSSLError.drain(operation)
        return TransportError(.tls, error.description, code: Int(error.code))
    }
}
