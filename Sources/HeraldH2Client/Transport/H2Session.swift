import CNGHTTP2
import COpenSSL
import Foundation
import HeraldShared
import HeraldCrypto

/// The HTTP/2 client session on one connected `TLSSocket`: nghttp2's framing, reading
/// and writing TLS records, SETTINGS, PING and GOAWAY. Its requests are in `streams`.
/// Used on its `H2Connection`'s thread only; the connection decides what to send and
/// what happens to the streams when the session ends.
final class H2Session {
    private let socket: TLSSocket
    private(set) var session: OpaquePointer?
    private let origin: H2Origin
    /// Which way the TLS layer waits: true for POLLOUT (a blocked write).
    private var sslWantsWrite = false
    private var output: [UInt8] = []
    /// One TLS record's worth of plaintext at a time, allocated at the first read.
    private var readBuffer: UnsafeMutableBufferPointer<UInt8>?
    private var outputOffset = 0

    let streams: H2StreamTable
    /// Whether the server's first SETTINGS arrived: requests wait for it, so its stream limit holds from the first one.
    var settingsReceived = false
    /// The last stream id of the server's GOAWAY; `nil` before one.
    var goAwayLastID: Int32?
    /// Monotonic seconds when the server was last heard from, and when the PING now unanswered went out.
    var lastHeard: Double
    var pingSentAt: Double?

    /// Starts the session on `socket` and queues the client's SETTINGS (sent by the first
    /// `flush()`); `heard` is when the server was last heard from (the connection attempt's start).
    init(socket: TLSSocket, origin: H2Origin, heard: Double, kept: [H2KeptHeader]) throws(TransportError) {
        self.socket = socket
        streams = H2StreamTable(kept: kept)
        self.origin = origin
        lastHeard = heard
        try start()
    }

    deinit {
        readBuffer?.deallocate()
        if let session { nghttp2_session_del(session) }
    }

    var fd: Int32 { socket.fd }

    /// The events to poll the socket for.
    var events: Int16 { Int16(POLLIN) | (sslWantsWrite || outputOffset < output.count ? Int16(POLLOUT) : 0) }

    /// Reads after poll reported `revents`; throws when the connection failed.
    /// Writing is the connection's, once per loop turn (`flush()`), after what this read started.
    func ready(_ revents: Int16, now: Double) throws(TransportError) {
        if revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 || (sslWantsWrite && revents & Int16(POLLOUT) != 0) { try read(now: now) }
    }

    /// Sends GOAWAY (NO_ERROR) and TLS close_notify, as far as the socket takes them now.
    func closeGracefully() {
        guard let session else { return }
        _ = nghttp2_session_terminate_session(session, UInt32(NGHTTP2_NO_ERROR.rawValue))
        try? flush()
        ERR_clear_error()
        _ = SSL_shutdown(socket.ssl)
    }

    private func start() throws(TransportError) {
        var created: OpaquePointer?
        let result = nghttp2_session_client_new(&created, H2Callbacks.shared, Unmanaged.passUnretained(self).toOpaque())
        guard result == 0, let created else { throw TransportError(.http2, "nghttp2 could not make a session", code: Int(result)) }
        session = created
        // Answers are small, but a large window means a body never waits for WINDOW_UPDATE.
        var settings = [
            nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_ENABLE_PUSH.rawValue), value: 0),
            nghttp2_settings_entry(settings_id: Int32(NGHTTP2_SETTINGS_INITIAL_WINDOW_SIZE.rawValue), value: 1 << 20),
        ]
        guard nghttp2_submit_settings(created, UInt8(NGHTTP2_FLAG_NONE.rawValue), &settings, settings.count) == 0,
            nghttp2_session_set_local_window_size(created, UInt8(NGHTTP2_FLAG_NONE.rawValue), 0, 1 << 24) == 0
        else { throw TransportError(.http2, "nghttp2 refused the client settings") }
    }

    /// Reads every TLS record the socket has and hands the bytes to nghttp2.
    private func read(now: Double) throws(TransportError) {
        guard let session else { return }
        let ssl = socket.ssl
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
                throw TransportError(.connectionLost, "\(origin.authority): \(reason)")
            }
            lastHeard = now
            let used = nghttp2_session_mem_recv(session, buffer.baseAddress, Int(count))
            guard used >= 0 else {
                throw TransportError(
                    .http2, "\(origin.authority): HTTP/2 error: \(String(cString: nghttp2_strerror(Int32(used))))", code: used)
            }
        }
    }

    /// Gathers every frame nghttp2 has into one buffer and writes it with one `SSL_write`
    /// (many frames per TLS record); what the socket does not take waits for POLLOUT.
    func flush() throws(TransportError) {
        guard let session else { return }
        let ssl = socket.ssl
        if outputOffset == output.count {
            output.removeAll(keepingCapacity: true)
            outputOffset = 0
        }
        while output.count < 1 << 20 && nghttp2_session_want_write(session) != 0 {
            var data: UnsafePointer<UInt8>?
            let count = nghttp2_session_mem_send(session, &data)
            guard count >= 0 else {
                throw TransportError(.http2, "HTTP/2 error: \(String(cString: nghttp2_strerror(Int32(count))))", code: count)
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
            throw TransportError(.connectionLost, "\(origin.authority): writing failed: \(OpenSSLError.drain("writing").description)")
        }
        sslWantsWrite = false
        outputOffset += Int(written)
    }
}
