import CNGHTTP2

extension H2Link {
    /// Streams the server allows at once (SETTINGS_MAX_CONCURRENT_STREAMS), capped by `local`.
    func streamLimit(local: Int) -> Int {
        guard let session else { return 0 }
        return min(local, Int(nghttp2_session_get_remote_settings(session, NGHTTP2_SETTINGS_MAX_CONCURRENT_STREAMS)))
    }

    /// Whether new requests may start here: open, the server's SETTINGS in, no GOAWAY.
    var acceptsRequests: Bool { phase == .open && settingsReceived && goAwayLastID == nil }

    /// Submits `pending` as a new stream; false when nghttp2 refused it (the request stays the caller's).
    func submit(_ pending: H2Pending, method: TransportMethod, authority: String) -> Bool {
        guard let session else { return false }
        var fields: [(String, String)] = [
            (":method", method.rawValue), (":scheme", "https"), (":authority", authority), (":path", pending.path),
        ]
        for line in pending.job.headers {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            // HTTP/2 forbids connection-specific headers; an empty value means "leave it out".
            guard !value.isEmpty, !["connection", "host", "keep-alive", "transfer-encoding", "upgrade"].contains(name) else { continue }
            fields.append((name, value))
        }
        if method == .post {
            fields.append(("content-type", "application/json"))
            fields.append(("content-length", String(pending.job.body.count)))
        }
        let names = fields.map { Array($0.0.utf8) }
        let values = fields.map { Array($0.1.utf8) }
        var headers: [nghttp2_nv] = []
        headers.reserveCapacity(fields.count)
        for index in fields.indices {
            names[index].withUnsafeBufferPointer { name in
                values[index].withUnsafeBufferPointer { value in
                    headers.append(herald_nghttp2_nv(name.baseAddress, name.count, value.baseAddress, value.count))
                }
            }
        }
        // nghttp2 copies names and values during the call; the arrays outlive it.
        let id: Int32 = withExtendedLifetime((names, values)) {
            guard method == .post else { return nghttp2_submit_request(session, nil, headers, headers.count, nil, nil) }
            var provider = nghttp2_data_provider()
            provider.read_callback = H2Callbacks.readBody
            return nghttp2_submit_request(session, nil, headers, headers.count, &provider, nil)
        }
        guard id > 0 else { return false }
        streams[id] = H2Stream(pending)
        return true
    }

    /// Sends PING (its acknowledgement clears `pingSentAt`).
    func ping(now: Double) {
        guard let session, pingSentAt == nil else { return }
        if nghttp2_submit_ping(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), nil) == 0 { pingSentAt = now }
    }

    /// Resets `stream` (RST_STREAM CANCEL) after its request timed out; its completion is the caller's.
    func cancel(_ id: Int32) {
        guard let session else { return }
        streams[id]?.pending = nil
        _ = nghttp2_submit_rst_stream(session, UInt8(NGHTTP2_FLAG_NONE.rawValue), id, UInt32(NGHTTP2_CANCEL.rawValue))
    }
}

import Foundation
