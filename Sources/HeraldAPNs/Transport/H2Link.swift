import CNGHTTP2
import COpenSSL
import Foundation
import HeraldAPNsModel

/// One TCP + TLS + HTTP/2 connection, from the non-blocking connect to the close.
/// Used on its `H2Connection`'s thread only; the connection decides what to send and
/// what happens to the streams when the link ends.
final class H2Link {
    enum Phase { case connecting, handshaking, open }

    private(set) var fd: Int32 = -1
    private(set) var phase = Phase.connecting
    private var ssl: OpaquePointer?
    private(set) var session: OpaquePointer?
    private let origin: H2Origin
    private let context: TLSClientContext
    private var addresses: [(sockaddr_storage, socklen_t)]
    /// Which way the TLS layer waits: true for POLLOUT (handshake or a blocked write).
    private var sslWantsWrite = false
    private var output: [UInt8] = []
    /// One TLS record's worth of plaintext at a time, allocated at the first read.
    private var readBuffer: UnsafeMutableBufferPointer<UInt8>?
    private var outputOffset = 0
    let connectDeadline: Double

    var streams: [Int32: H2Stream] = [:]
    /// Whether the server's first SETTINGS arrived: requests wait for it, so its stream limit holds from the first one.
    var settingsReceived = false
    /// The last stream id of the server's GOAWAY; `nil` before one.
    var goAwayLastID: Int32?
    /// Monotonic seconds when the server was last heard from, and when the PING now unanswered went out.
    var lastHeard: Double
    var pingSentAt: Double?
    /// What callbacks decided during a read or a write, for the connection to act on after it.
    var finished: [(TransportJob, TransportReply)] = []
    var refused: [H2Pending] = []

    /// Resolves the origin (blocking: this connection's thread only) and starts a non-blocking connect.
    init(origin: H2Origin, context: TLSClientContext, now: Double, timeout: Double) throws(APNSTransportError) {
        self.origin = origin
        self.context = context
        connectDeadline = now + timeout
        lastHeard = now
        addresses = try Self.resolve(origin)
        try connectNext()
    }

    deinit {
        readBuffer?.deallocate()
        if let session { nghttp2_session_del(session) }
        if let ssl { SSL_free(ssl) }
        if fd >= 0 { close(fd) }
    }

    /// The events to poll the socket for.
    var events: Int16 {
        switch phase {
        case .connecting: return Int16(POLLOUT)
        case .handshaking: return sslWantsWrite ? Int16(POLLOUT) : Int16(POLLIN)
        case .open: return Int16(POLLIN) | (sslWantsWrite || outputOffset < output.count ? Int16(POLLOUT) : 0)
        }
    }

    /// Moves the connection on after poll reported `revents`; throws when it failed.
    func ready(_ revents: Int16, now: Double) throws(APNSTransportError) {
        switch phase {
        case .connecting:
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
            guard error == 0 else {
                guard !addresses.isEmpty else { throw connectFailure(error) }
                return try connectNext()
            }
            try startTLS()
        case .handshaking:
            try handshake()
        case .open:
            // Writing is the connection's, once per loop turn (`flush()`), after what this read started.
            if revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 || (sslWantsWrite && revents & Int16(POLLOUT) != 0) { try read(now: now) }
        }
    }

    /// Sends GOAWAY (NO_ERROR) and TLS close_notify, as far as the socket takes them now.
    func closeGracefully() {
        guard phase == .open, let session, let ssl else { return }
        _ = nghttp2_session_terminate_session(session, UInt32(NGHTTP2_NO_ERROR.rawValue))
        try? flush()
        ERR_clear_error()
        _ = SSL_shutdown(ssl)
    }

    private static func resolve(_ origin: H2Origin) throws(APNSTransportError) -> [(sockaddr_storage, socklen_t)] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Self.streamType
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(origin.host, String(origin.port), &hints, &list)
        guard status == 0, let list else {
            throw APNSTransportError(
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

    private func connectNext() throws(APNSTransportError) {
        if fd >= 0 { close(fd) }
        fd = -1
        var lastError: Int32 = EHOSTUNREACH
        while !addresses.isEmpty {
            var (storage, length) = addresses.removeFirst()
            let socketFD = socket(Int32(storage.ss_family), Self.streamType | Self.socketFlags, 0)
            guard socketFD >= 0 else { throw APNSTransportError(.connect, "socket: \(String(cString: strerror(errno)))", code: Int(errno)) }
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

    private func connectFailure(_ error: Int32) -> APNSTransportError {
        APNSTransportError(.connect, "cannot connect to \(origin.authority): \(String(cString: strerror(error)))", code: Int(error))
    }

    private func startTLS() throws(APNSTransportError) {
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
        phase = .handshaking
        try handshake()
    }

    private func handshake() throws(APNSTransportError) {
        guard let ssl else { return }
        ERR_clear_error()
        let result = SSL_connect(ssl)
        guard result == 1 else {
            let error = SSL_get_error(ssl, result)
            if error == SSL_ERROR_WANT_READ || error == SSL_ERROR_WANT_WRITE {
                sslWantsWrite = error == SSL_ERROR_WANT_WRITE
                return
            }
            let verify = SSL_get_verify_result(ssl)
            if verify != X509_V_OK {
                ERR_clear_error()
                throw APNSTransportError(
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
            throw APNSTransportError(
                .alpn,
                "\(origin.authority) did not agree to HTTP/2 (ALPN h2; it chose \(chosen.isEmpty ? "none" : "\"\(chosen)\"")); APNs always does, so check the endpoint URL"
            )
        }
        try startSession()
        phase = .open
        try flush()
    }

    private func startSession() throws(APNSTransportError) {
        var created: OpaquePointer?
        let result = nghttp2_session_client_new(&created, H2Callbacks.shared, Unmanaged.passUnretained(self).toOpaque())
        guard result == 0, let created else { throw APNSTransportError(.http2, "nghttp2 could not make a session", code: Int(result)) }
        session = created
        // Answers are small, but a large window means a body never waits for WINDOW_UPDATE.
        var settings = [
            nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_ENABLE_PUSH.rawValue), value: 0),
            nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE.rawValue), value: 1 << 20),
        ]
        guard nghttp2_submit_settings(created, UInt8(NGHTTP2_FLAG_NONE.rawValue), &settings, settings.count) == 0,
            nghttp2_session_set_local_window_size(created, UInt8(NGHTTP2_FLAG_NONE.rawValue), 0, 1 << 24) == 0
        else { throw APNSTransportError(.http2, "nghttp2 refused the client settings") }
    }

    /// Reads every TLS record the socket has and hands the bytes to nghttp2.
    private func read(now: Double) throws(APNSTransportError) {
        guard let ssl, let session else { return }
        let buffer = readBuffer ?? .allocate(capacity: 16 * 1024)
        readBuffer = buffer
        while true {
            ERR_clear_error()
            let count = SSL_read(ssl, buffer.baseAddress, Int32(buffer.count))
            if count <= 0 {
                let error = SSL_get_error(ssl, count)
                if error == SSL_ERROR_WANT_READ {
                    // A read that wanted to write before now only waits for input: stop asking poll for POLLOUT.
                    sslWantsWrite = false
                    return
                }
                if error == SSL_ERROR_WANT_WRITE {
                    sslWantsWrite = true
                    return
                }
                let reason =
                    error == SSL_ERROR_ZERO_RETURN || (error == SSL_ERROR_SYSCALL && errno == 0)
                    ? "the server closed the connection" : OpenSSLError.drain("reading").description
                throw APNSTransportError(.connectionLost, "\(origin.authority): \(reason)")
            }
            lastHeard = now
            let used = nghttp2_session_mem_recv(session, buffer.baseAddress, Int(count))
            guard used >= 0 else {
                throw APNSTransportError(
                    .http2, "\(origin.authority): HTTP/2 error: \(String(cString: nghttp2_strerror(Int32(used))))", code: used)
            }
        }
    }

    /// Gathers every frame nghttp2 has into one buffer and writes it with one `SSL_write`
    /// (many frames per TLS record); what the socket does not take waits for POLLOUT.
    func flush() throws(APNSTransportError) {
        guard phase == .open, let ssl, let session else { return }
        if outputOffset == output.count {
            output.removeAll(keepingCapacity: true)
            outputOffset = 0
        }
        while output.count < 1 << 20 && nghttp2_session_want_write(session) != 0 {
            var data: UnsafePointer<UInt8>?
            let count = nghttp2_session_mem_send(session, &data)
            guard count >= 0 else {
                throw APNSTransportError(.http2, "HTTP/2 error: \(String(cString: nghttp2_strerror(Int32(count))))", code: count)
            }
            guard count > 0, let data else { break }
            output.append(contentsOf: UnsafeBufferPointer(start: data, count: count))
        }
        guard outputOffset < output.count else { return }
        ERR_clear_error()
        let written = output.withUnsafeBytes { raw in
            SSL_write(ssl, raw.baseAddress.map { $0 + outputOffset }, Int32(min(raw.count - outputOffset, Int(Int32.max))))
        }
        if written <= 0 {
            let error = SSL_get_error(ssl, written)
            if error == SSL_ERROR_WANT_WRITE || error == SSL_ERROR_WANT_READ {
                sslWantsWrite = error == SSL_ERROR_WANT_WRITE
                return
            }
            throw APNSTransportError(.connectionLost, "\(origin.authority): writing failed: \(OpenSSLError.drain("writing").description)")
        }
        sslWantsWrite = false
        outputOffset += Int(written)
    }

    private func tlsFailure(_ operation: String) -> APNSTransportError {
        let error = OpenSSLError.drain(operation)
        return APNSTransportError(.tls, error.description, code: Int(error.code))
    }
}
