import CNGHTTP2
import HeraldShared

/// nghttp2's C callbacks for client sessions: each finds its `H2Session` through `user_data`
/// and records what happened in its stream table; the connection acts on it after the call
/// into nghttp2 returns.
enum H2Callbacks {
    /// One callback table for every session (nghttp2 copies it into each session).
    nonisolated(unsafe) static let shared: OpaquePointer = {
        var callbacks: OpaquePointer?
        guard nghttp2_session_callbacks_new(&callbacks) == 0, let callbacks else {
            fatalError("nghttp2 could not allocate its callback table (out of memory)")
        }
        nghttp2_session_callbacks_set_on_header_callback(callbacks, header)
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks, dataChunk)
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks, frameReceived)
        nghttp2_session_callbacks_set_on_frame_send_callback(callbacks, frameSent)
        nghttp2_session_callbacks_set_on_frame_not_send_callback(callbacks, frameNotSent)
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks, streamClosed)
        return callbacks
    }()

    private static func session(_ context: UnsafeMutableRawPointer?) -> H2Session? {
        context.map { Unmanaged<H2Session>.fromOpaque($0).takeUnretainedValue() }
    }

    static let header: nghttp2_on_header_callback = { _, frame, name, nameLength, value, valueLength, _, context in
        guard let frame, let name, let value, let session = session(context) else { return 0 }
        session.streams.header(
            frame.pointee.hd.stream_id, name: UnsafeBufferPointer(start: name, count: nameLength),
            value: UnsafeBufferPointer(start: value, count: valueLength))
        return 0
    }

    static let dataChunk: nghttp2_on_data_chunk_recv_callback = { _, _, id, data, length, context in
        guard let data, let session = session(context) else { return 0 }
        session.streams.body(id, UnsafeBufferPointer(start: data, count: length))
        return 0
    }

    static let frameReceived: nghttp2_on_frame_recv_callback = { _, frame, context in
        guard let frame, let session = session(context) else { return 0 }
        let type = frame.pointee.hd.type
        let flags = frame.pointee.hd.flags
        switch type {
        case UInt8(NGHTTP2_SETTINGS.rawValue) where flags & UInt8(NGHTTP2_FLAG_ACK.rawValue) == 0:
            session.settingsReceived = true
        case UInt8(NGHTTP2_PING.rawValue) where flags & UInt8(NGHTTP2_FLAG_ACK.rawValue) != 0:
            session.pingSentAt = nil
        case UInt8(NGHTTP2_GOAWAY.rawValue):
            session.goAwayLastID = frame.pointee.goaway.last_stream_id
        case UInt8(NGHTTP2_HEADERS.rawValue), UInt8(NGHTTP2_DATA.rawValue):
            if flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) != 0 { session.streams.ended(frame.pointee.hd.stream_id) }
        default: break
        }
        return 0
    }

    static let frameSent: nghttp2_on_frame_send_callback = { _, frame, context in
        guard let frame, let session = session(context), frame.pointee.hd.type == UInt8(NGHTTP2_HEADERS.rawValue) else { return 0 }
        session.streams.sent(frame.pointee.hd.stream_id)
        return 0
    }

    /// A request nghttp2 never sent (GOAWAY came first, or the session is closing): it goes back to the queue.
    static let frameNotSent: nghttp2_on_frame_not_send_callback = { _, frame, _, context in
        guard let frame, let session = session(context), frame.pointee.hd.type == UInt8(NGHTTP2_HEADERS.rawValue) else { return 0 }
        session.streams.notSent(frame.pointee.hd.stream_id)
        return 0
    }

    /// The stream's end: an answer, a refusal to send again, or a reset.
    static let streamClosed: nghttp2_on_stream_close_callback = { _, id, errorCode, context in
        session(context)?.streams.closed(id, errorCode: errorCode)
        return 0
    }

    static let readBody: nghttp2_data_source_read_callback = { _, id, buffer, length, flags, _, context in
        guard let buffer, let flags, let session = session(context),
            let (count, last) = session.streams.nextChunk(id, into: buffer, limit: length)
        else {
            return Int(NGHTTP2_ERR_TEMPORAL_CALLBACK_FAILURE.rawValue)
        }
        if last { flags.pointee |= UInt32(NGHTTP2_DATA_FLAG_EOF.rawValue) }
        return count
    }
}
