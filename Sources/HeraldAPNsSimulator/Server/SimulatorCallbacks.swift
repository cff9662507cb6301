import CNGHTTP2
import Foundation

/// nghttp2's C callbacks: each finds its `SimulatorConnection` through `user_data`.
enum SimulatorCallbacks {
    static func make() -> OpaquePointer? {
        var callbacks: OpaquePointer?
        guard nghttp2_session_callbacks_new(&callbacks) == 0, let callbacks else { return nil }
        nghttp2_session_callbacks_set_on_begin_headers_callback(callbacks, beginHeaders)
        nghttp2_session_callbacks_set_on_header_callback(callbacks, header)
        nghttp2_session_callbacks_set_on_data_chunk_recv_callback(callbacks, dataChunk)
        nghttp2_session_callbacks_set_on_frame_recv_callback(callbacks, frameReceived)
        nghttp2_session_callbacks_set_on_stream_close_callback(callbacks, streamClosed)
        return callbacks
    }

    private static func connection(_ context: UnsafeMutableRawPointer?) -> SimulatorConnection? {
        context.map { Unmanaged<SimulatorConnection>.fromOpaque($0).takeUnretainedValue() }
    }

    static let beginHeaders: nghttp2_on_begin_headers_callback = { _, frame, context in
        guard let frame, let connection = connection(context),
            frame.pointee.hd.type == UInt8(NGHTTP2_HEADERS.rawValue), frame.pointee.headers.cat == NGHTTP2_HCAT_REQUEST
        else { return 0 }
        guard !connection.refuses(stream: frame.pointee.hd.stream_id) else {
            connection.server.streamRefused()
            return 0
        }
        connection.requests[frame.pointee.hd.stream_id] = SimulatorRequest()
        connection.openStreams.insert(frame.pointee.hd.stream_id)
        connection.server.streamOpened(connection)
        return 0
    }

    static let header: nghttp2_on_header_callback = { _, frame, name, nameLength, value, valueLength, _, context in
        guard let frame, let name, let value, let connection = connection(context) else { return 0 }
        let stream = frame.pointee.hd.stream_id
        guard connection.requests[stream] != nil else { return 0 }
        let nameText = String(decoding: UnsafeBufferPointer(start: name, count: nameLength), as: UTF8.self)
        let valueText = String(decoding: UnsafeBufferPointer(start: value, count: valueLength), as: UTF8.self)
        connection.requests[stream]?.header(name: nameText, value: valueText)
        return 0
    }

    static let dataChunk: nghttp2_on_data_chunk_recv_callback = { _, _, stream, data, length, context in
        guard let data, let connection = connection(context) else { return 0 }
        connection.requests[stream]?.append(UnsafeBufferPointer(start: data, count: length))
        return 0
    }

    static let frameReceived: nghttp2_on_frame_recv_callback = { _, frame, context in
        guard let frame, let connection = connection(context) else { return 0 }
        let type = frame.pointee.hd.type
        let ended = frame.pointee.hd.flags & UInt8(NGHTTP2_FLAG_END_STREAM.rawValue) != 0
        guard ended, type == UInt8(NGHTTP2_HEADERS.rawValue) || type == UInt8(NGHTTP2_DATA.rawValue) else { return 0 }
        let stream = frame.pointee.hd.stream_id
        guard let request = connection.requests.removeValue(forKey: stream) else { return 0 }
        connection.server.handle(request, stream: stream, on: connection)
        return 0
    }

    static let streamClosed: nghttp2_on_stream_close_callback = { _, stream, _, context in
        guard let connection = connection(context) else { return 0 }
        connection.requests[stream] = nil
        connection.bodies[stream] = nil
        connection.openStreams.remove(stream)
        return 0
    }

    static let readBody: nghttp2_data_source_read_callback = { _, stream, buffer, length, flags, _, context in
        guard let buffer, let flags, let connection = connection(context) else { return Int(NGHTTP2_ERR_CALLBACK_FAILURE.rawValue) }
        let body = connection.bodies[stream] ?? []
        let count = min(length, body.count)
        body.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { buffer.update(from: base, count: count) }
        }
        if count == body.count {
            flags.pointee |= UInt32(NGHTTP2_DATA_FLAG_EOF.rawValue)
            connection.bodies[stream] = nil
        } else {
            connection.bodies[stream] = Array(body[count...])
        }
        return count
    }
}
