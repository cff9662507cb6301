import CNGHTTP2
import HeraldShared

/// The open streams of one HTTP/2 session, and the only place they change: a stream is
/// added when its request is submitted, fed by nghttp2's callbacks, and leaves the table
/// when it closes, is never sent, times out, or the connection is lost.
///
/// What happens to a stream's request is recorded (`finished`: a reply; `refused`: send
/// it again) and handed to the connection with `take()` after the call into nghttp2 returns.
final class H2StreamTable {
    private var streams: [Int32: H2Stream] = [:]
    private var finished: [(TransportJob, TransportReply)] = []
    private var refused: [H2Pending] = []
    private let kept: [H2KeptHeader]

    /// - Parameter kept: the response headers to keep besides `:status` and `retry-after`.
    init(kept: [H2KeptHeader] = []) {
        self.kept = kept
    }

    var count: Int { streams.count }
    var isEmpty: Bool { streams.isEmpty }

    /// A request nghttp2 accepted as stream `id`.
    func add(_ id: Int32, _ pending: H2Pending) {
        streams[id] = H2Stream(pending)
    }

    /// A response header of stream `id`.
    func header(_ id: Int32, name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        streams[id]?.header(name: name, value: value, kept: kept)
    }

    /// Response body bytes of stream `id`.
    func body(_ id: Int32, _ bytes: UnsafeBufferPointer<UInt8>) {
        streams[id]?.append(bytes)
    }

    /// The answer on stream `id` ended (END_STREAM received).
    func ended(_ id: Int32) {
        streams[id]?.complete = true
    }

    /// nghttp2 wrote stream `id`'s HEADERS: from now on the server may process it.
    func sent(_ id: Int32) {
        streams[id]?.sent = true
    }

    /// nghttp2 never sent stream `id`'s HEADERS (GOAWAY came first, or the session is
    /// closing): the request goes back to the queue.
    func notSent(_ id: Int32) {
        guard let stream = streams[id], !stream.sent else { return }
        streams[id] = nil
        if let pending = stream.pending { refused.append(pending) }
    }

    /// Stream `id` closed with `errorCode`: an answer, a refusal to send again, or a reset.
    func closed(_ id: Int32, errorCode: UInt32) {
        guard let stream = streams.removeValue(forKey: id), let pending = stream.pending else { return }
        if stream.complete && stream.answer.status > 0 {
            finished.append((pending.job, .answer(stream.answer)))
        } else if errorCode == NGHTTP2_REFUSED_STREAM.rawValue || !stream.sent {
            // REFUSED_STREAM (also what nghttp2 reports for streams above a GOAWAY's last
            // stream id): the server did not process it, so it may be sent again.
            refused.append(pending)
        } else {
            let text = String(cString: nghttp2_http2_strerror(errorCode))
            let error = TransportError(.streamReset, "the server reset the stream before answering (\(text))", code: Int(errorCode))
            finished.append((pending.job, .failure(error)))
        }
    }

    /// The next body bytes of stream `id` (at most `limit`) and whether they are the last;
    /// `nil` when there is no such stream.
    func nextChunk(_ id: Int32, into buffer: UnsafeMutablePointer<UInt8>, limit: Int) -> (count: Int, last: Bool)? {
        streams[id]?.nextChunk(into: buffer, limit: limit)
    }

    /// Fails every request whose deadline passed with `error`; returns their streams, to be
    /// reset (they stay in the table, without a request, until nghttp2 closes them).
    func expire(now: Double, _ error: @autoclosure () -> TransportError) -> [Int32] {
        var expired: [Int32] = []
        for (id, stream) in streams {
            guard let pending = stream.pending, now >= pending.deadline else { continue }
            stream.pending = nil
            finished.append((pending.job, .failure(error())))
            expired.append(id)
        }
        return expired
    }

    /// The connection ended: requests the server cannot have processed (never sent, or
    /// above the GOAWAY's `lastID`) are to be sent again, ahead of those refused before;
    /// the others fail with `error`. The table is empty after.
    func loseAll(_ error: TransportError, lastID: Int32?) {
        var again: [H2Pending] = []
        for (id, stream) in streams.sorted(by: { $0.key > $1.key }) {
            guard let pending = stream.pending else { continue }
            if !stream.sent || (lastID.map { id > $0 } ?? false) {
                again.append(pending)
            } else {
                finished.append((pending.job, .failure(error)))
            }
        }
        refused = again.reversed() + refused
        streams.removeAll()
    }

    /// What happened since the last call: replies to deliver, and requests to send again
    /// (in the order they go back to the front of the queue).
    func take() -> (finished: [(TransportJob, TransportReply)], refused: [H2Pending]) {
        defer {
            finished.removeAll()
            refused.removeAll()
        }
        return (finished, refused)
    }
}
