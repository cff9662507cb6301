import HeraldShared

/// A request waiting in a connection's queue: the job and when it expires.
package struct H2Pending {
    var job: TransportJob
    /// Monotonic seconds after which it fails with `.timedOut` (`requestTimeout` after submission).
    var deadline: Double

    /// The path (with query) on the connection's origin.
    var path: String { job.request.path }

    package init(job: TransportJob, deadline: Double) {
        self.job = job
        self.deadline = deadline
    }
}

/// A response header a client reads (`apns-id`, ...): its name and the name's bytes.
package struct H2KeptHeader: Sendable {
    package var name: String
    var bytes: [UInt8]

    package init(_ name: String) {
        self.name = name.lowercased()
        bytes = Array(self.name.utf8)
    }
}

/// One request on an open session (in its `H2StreamTable`): its body cursor and what came back so far.
final class H2Stream {
    /// `nil` once the request timed out (its completion has run; the stream is being reset).
    var pending: H2Pending?
    var bodyOffset = 0
    var answer = TransportAnswer(status: 0, body: [])
    /// Whether nghttp2 has written its HEADERS frame: from then on the server may process it.
    var sent = false
    /// Whether the answer ended (END_STREAM received).
    var complete = false

    init(_ pending: H2Pending) {
        self.pending = pending
    }

    /// The body bytes for the next DATA frame (at most `limit`) and whether they are the last.
    func nextChunk(into buffer: UnsafeMutablePointer<UInt8>, limit: Int) -> (count: Int, last: Bool) {
        guard let body = pending?.job.request.body else { return (0, true) }
        let count = min(limit, body.count - bodyOffset)
        body.withUnsafeBufferPointer { source in
            if let base = source.baseAddress, count > 0 { buffer.update(from: base + bodyOffset, count: count) }
        }
        bodyOffset += count
        return (count, bodyOffset >= body.count)
    }

    /// Keeps `:status`, `retry-after` and the headers in `kept` (lowercase names); the rest are ignored.
    func header(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, kept: [H2KeptHeader]) {
        func text() -> String { String(decoding: value, as: UTF8.self) }
        if name.count == 7 && name.elementsEqual(":status".utf8) {
            answer.status = Int(text()) ?? 0
        } else if name.count == 11 && name.elementsEqual("retry-after".utf8) {
            answer.retryAfter = Double(text())
        } else if let header = kept.first(where: { $0.bytes.count == name.count && $0.bytes.elementsEqual(name) }) {
            answer.fields.append((header.name, text()))
        }
    }

    /// Appends body bytes, up to 64 KiB (the push services' answers are tiny).
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        let room = 64 * 1024 - answer.body.count
        if room > 0 { answer.body.append(contentsOf: bytes.prefix(room)) }
    }
}
