import CNGHTTP2
import HeraldShared

extension H2Session {
    /// Streams the server allows at once (SETTINGS_MAX_CONCURRENT_STREAMS), capped by `local`.
    func streamLimit(local: Int) -> Int {
        guard let session else { return 0 }
        return min(local, Int(nghttp2_session_get_remote_settings(session, NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS)))
    }

    /// Whether new requests may start here: open, the server's SETTINGS in, no GOAWAY.
    var acceptsRequests: Bool { settingsReceived && goAwayLastID == nil }

    /// Submits `pending` as a new stream; false when nghttp2 refused it (the request stays the caller's).
    ///
    /// The header block is made from bytes: every name and value goes into one buffer
    /// (names lowercased, values trimmed of spaces and tabs), and nghttp2's `nv` entries
    /// point into it for the one call that copies them.
    func submit(_ pending: H2Pending, authority: String) -> Bool {
        guard let session else { return false }
        let request = pending.job.request
        let method = request.method
        var block = H2HeaderBlock()
        block.add(":method", method.rawValue)
        block.add(":scheme", "https")
        block.add(":authority", authority)
        block.add(":path", request.path)
        for field in request.fields { block.addField(field.name, field.value) }
        if method == .post {
            block.add("content-type", request.contentType)
            block.add("content-length", String(request.body.count))
        }
        let id: Int32 = block.bytes.withUnsafeBufferPointer { bytes in
            let headers = block.fields.map { field in
                herald_nghttp2_nv(bytes.baseAddress! + field.name, field.nameLength, bytes.baseAddress! + field.value, field.valueLength)
            }
            guard method == .post else { return nghttp2_submit_request(session, nil, headers, headers.count, nil, nil) }
            var provider = nghttp2_data_provider()
            provider.read_callback = H2Callbacks.readBody
            return nghttp2_submit_request(session, nil, headers, headers.count, &provider, nil)
        }
        guard id > 0 else { return false }
        streams.add(id, pending)
        return true
    }

    /// Sends PING (its acknowledgement clears `pingSentAt`).
    func ping(now: Double) {
        guard let session, pingSentAt == nil else { return }
        if nghttp2_submit_ping(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), nil) == 0 { pingSentAt = now }
    }

    /// Fails the requests whose time ran out with `error` and resets their streams (RST_STREAM CANCEL).
    func expire(now: Double, _ error: @autoclosure () -> TransportError) {
        guard let session else { return }
        for id in streams.expire(now: now, error()) {
            _ = nghttp2_submit_rst_stream(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), id, UInt32(NGHTTP2_CANCEL.rawValue))
        }
    }
}
