import CNGHTTP2
import COpenSSL
import Foundation
import HeraldAPNsModel
import HeraldCrypto

/// One client connection of the simulator: a non-blocking socket, its TLS session and
/// its HTTP/2 session. Lives on the server thread only.
final class SimulatorConnection {
    let fd: Int32
    let id: Int
    private let ssl: OpaquePointer
    private(set) var session: OpaquePointer?
    unowned let server: SimulatorServer
    var requests: [Int32: SimulatorRequest] = [:]
    var bodies: [Int32: [UInt8]] = [:]
    private var output: [UInt8] = []
    private var outputOffset = 0
    private var handshakeDone = false
    private(set) var isClosed = false
    /// Set by a `stall` fault: never read, written or answered again until the server stops.
    var isStalled = false
    var boundKeyID: String?
    var certificateAuthorized = false
    var openStreams: Set<Int32> = []
    /// The last stream id this connection's GOAWAY announced; `nil` before GOAWAY.
    private(set) var lastStreamID: Int32?
    /// When the HTTP/2 session ended and the write side was shut (`finish()`).
    private(set) var finishedAt: Double?

    init(fd: Int32, id: Int, server: SimulatorServer) throws(OpenSSLError) {
        self.fd = fd
        self.id = id
        self.server = server
        ERR_clear_error()
        guard let ssl = SSL_new(server.tls.pointer) else { throw OpenSSLError.drain("starting TLS for a client") }
        self.ssl = ssl
        _ = herald_SSL_set_mode(ssl, Int(SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER))
        guard SSL_set_fd(ssl, fd) == 1 else { throw OpenSSLError.drain("starting TLS for a client") }
        SSL_set_accept_state(ssl)
    }

    deinit {
        if let session { nghttp2_session_del(session) }
        SSL_free(ssl)
    }

    /// Whether there are bytes waiting for the socket to take them.
    var wantsWrite: Bool { outputOffset < output.count || (session.map { nghttp2_session_want_write($0) != 0 } ?? false) }

    /// Reads what the socket has; processes every complete frame.
    func readable() {
        guard !isClosed, !isStalled else { return }
        if finishedAt != nil { return discardUntilClosed() }
        if !handshakeDone {
            ERR_clear_error()
            let result = SSL_do_handshake(ssl)
            guard result == 1 else {
                let error = SSL_get_error(ssl, result)
                if error != SSL_ERROR_WANT_READ && error != SSL_ERROR_WANT_WRITE { close() }
                return
            }
            guard startHTTP2() else { return close() }
        }
        var buffer = [UInt8](repeating: 0, count: 32 * 1024)
        for _ in 0..<64 {
            ERR_clear_error()
            let count = buffer.withUnsafeMutableBytes { SSL_read(ssl, $0.baseAddress, Int32($0.count)) }
            if count <= 0 {
                let error = SSL_get_error(ssl, count)
                if error != SSL_ERROR_WANT_READ && error != SSL_ERROR_WANT_WRITE { close() }
                break
            }
            guard let session else { return close() }
            let used = buffer.withUnsafeBufferPointer { nghttp2_session_mem_recv(session, $0.baseAddress, Int(count)) }
            guard used >= 0, !isClosed else { return close() }
            if isStalled { return }
        }
        flush()
    }

    /// Moves frames from nghttp2 to the socket until it would block.
    func flush() {
        guard !isClosed, !isStalled, handshakeDone, let session else { return }
        while output.count - outputOffset < 256 * 1024 && nghttp2_session_want_write(session) != 0 {
            var data: UnsafePointer<UInt8>?
            let count = nghttp2_session_mem_send(session, &data)
            guard count >= 0 else { return close() }
            guard count > 0, let data else { break }
            output.append(contentsOf: UnsafeBufferPointer(start: data, count: count))
        }
        while outputOffset < output.count {
            ERR_clear_error()
            let written = output.withUnsafeBytes { raw in
                SSL_write(ssl, raw.baseAddress.map { $0 + outputOffset }, Int32(min(raw.count - outputOffset, Int(Int32.max))))
            }
            if written <= 0 {
                let error = SSL_get_error(ssl, written)
                if error != SSL_ERROR_WANT_READ && error != SSL_ERROR_WANT_WRITE { close() }
                return
            }
            outputOffset += Int(written)
        }
        output.removeAll(keepingCapacity: true)
        outputOffset = 0
        if nghttp2_session_want_read(session) == 0 && nghttp2_session_want_write(session) == 0 { finish() }
    }

    /// Ends a finished session gracefully: TLS close_notify and a FIN, then reads and
    /// discards until the client closes (the server closes it after 2 s at the latest).
    /// Closing with unread bytes in the socket (requests the client sent before it read
    /// the GOAWAY) would make the kernel send RST, and the client would lose answers it
    /// had not read yet and send those requests again.
    private func finish() {
        guard finishedAt == nil else { return }
        finishedAt = SimulatorServer.monotonic()
        ERR_clear_error()
        _ = SSL_shutdown(ssl)
        _ = shutdown(fd, Int32(SHUT_WR))
        discardUntilClosed()
    }

    private func discardUntilClosed() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = Glibc.read(fd, &buffer, buffer.count)
            if count > 0 { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
            return close()
        }
    }

    /// Answers `stream`: status, `apns-id`, and a JSON body for errors.
    func respond(stream: Int32, status: Int, apnsID: String?, headers: [(String, String)] = [], body: [UInt8]?) {
        guard !isClosed, let session else { return }
        var fields: [(String, String)] = [(":status", String(status))]
        if let apnsID { fields.append(("apns-id", apnsID)) }
        fields += headers
        if let body {
            fields.append(("content-type", "application/json"))
            fields.append(("content-length", String(body.count)))
            bodies[stream] = body
        }
        let names = fields.map { Array($0.0.utf8) }
        let values = fields.map { Array($0.1.utf8) }
        var headers: [nghttp2_nv] = []
        for index in fields.indices {
            names[index].withUnsafeBufferPointer { name in
                values[index].withUnsafeBufferPointer { value in
                    headers.append(herald_nghttp2_nv(name.baseAddress, name.count, value.baseAddress, value.count))
                }
            }
        }
        // nghttp2 copies names and values during the call; the arrays outlive it.
        let result: Int32 = withExtendedLifetime((names, values)) {
            if body == nil {
                return nghttp2_submit_response(session, stream, headers, headers.count, nil)
            }
            var provider = nghttp2_data_provider()
            provider.read_callback = SimulatorCallbacks.readBody
            return nghttp2_submit_response(session, stream, headers, headers.count, &provider)
        }
        if result != 0 { nghttp2_submit_rst_stream(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), stream, UInt32(NGHTTP2_INTERNAL_ERROR.rawValue)) }
    }

    /// Sends GOAWAY (NO_ERROR, with a JSON reason); open streams are still answered, then it closes.
    ///
    /// The last stream id is the highest stream begun so far. Streams above it are refused
    /// (`refuses(stream:)`), never processed: the client retries them on a new connection.
    func goAway(reason: String = "Shutdown") {
        guard !isClosed, lastStreamID == nil, let session else { return }
        let data = Array(#"{"reason":"\#(reason)"}"#.utf8)
        let last = nghttp2_session_get_last_proc_stream_id(session)
        lastStreamID = last
        _ = nghttp2_submit_goaway(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), last, UInt32(NGHTTP2_NO_ERROR.rawValue), data, data.count)
    }

    /// Refuses `stream` with RST_STREAM REFUSED_STREAM when it is above the last stream id
    /// of the GOAWAY already submitted; true when it did. nghttp2 ignores new streams only
    /// once the GOAWAY is sent, and `readable()` reads on (up to 64 records) before it
    /// flushes, so streams the client sent before it read the GOAWAY still begin here.
    /// They are not processed; REFUSED_STREAM tells the client it may send them again
    /// (RFC 9113, 6.8 and 8.7).
    func refuses(stream: Int32) -> Bool {
        guard let lastStreamID, stream > lastStreamID, let session else { return false }
        _ = nghttp2_submit_rst_stream(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), stream, UInt32(NGHTTP2_REFUSED_STREAM.rawValue))
        return true
    }

    /// Closes the socket at once, without TLS close_notify: a dropped connection.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(fd)
        server.connectionClosed(self)
    }

    private func startHTTP2() -> Bool {
        handshakeDone = true
        var protocolName: UnsafePointer<UInt8>?
        var length: UInt32 = 0
        SSL_get0_alpn_selected(ssl, &protocolName, &length)
        // "h2", or no ALPN at all (HTTP/2 with prior knowledge, as aioapns connects to
        // APNs); a client that offered only other protocols was refused in the handshake.
        if length != 0 {
            guard length == 2, let protocolName, protocolName[0] == UInt8(ascii: "h"), protocolName[1] == UInt8(ascii: "2") else { return false }
        }
        if let peer = SSL_get1_peer_certificate(ssl) {
            certificateAuthorized = server.trustedCertificates.contains(TestCertificate.der(of: peer))
            X509_free(peer)
        }
        var created: OpaquePointer?
        guard nghttp2_session_server_new2(&created, server.callbacks, Unmanaged.passUnretained(self).toOpaque(), server.options) == 0, let created else { return false }
        session = created
        var settings = [nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS.rawValue), value: UInt32(server.maxConcurrentStreams))]
        return nghttp2_submit_settings(created, UInt8(NGHTTP2_FLAG_NONE.rawValue), &settings, settings.count) == 0
    }
}
