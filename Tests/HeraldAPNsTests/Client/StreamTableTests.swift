import HeraldAPNsModel
import Testing

@testable import HeraldAPNs
@testable import HeraldH2Client

/// The one owner of a session's open streams: what becomes of each request as nghttp2
/// reports its stream's events, a timeout, or the loss of the connection.
@Suite("stream table: answers, refusals, resets, timeouts, a lost connection")
struct StreamTableTests {
    private func pending(_ n: Int, deadline: Double = 100) -> H2Pending {
        H2Pending(job: TransportJob(request: H2Request(path: "/\(n)", fields: [], body: [])) { _ in }, deadline: deadline)
    }

    private func header(_ table: H2StreamTable, _ id: Int32, _ name: String, _ value: String) {
        let name = Array(name.utf8)
        let value = Array(value.utf8)
        name.withUnsafeBufferPointer { n in value.withUnsafeBufferPointer { v in table.header(id, name: n, value: v) } }
    }

    /// The replies taken, as "path status" or "path kind".
    private func replies(_ finished: [(TransportJob, TransportReply)]) -> [String] {
        finished.map { job, reply in
            switch reply {
            case .answer(let answer): return "\(job.request.path) \(answer.status)"
            case .failure(let error): return "\(job.request.path) \(error.kind)"
            }
        }
    }

    @Test("an answered stream finishes with its answer; a stream never sent, or refused, is sent again; a reset fails")
    func closing() {
        let table = H2StreamTable()
        for id: Int32 in [1, 3, 5, 7, 9] { table.add(id, pending(Int(id))) }
        for id: Int32 in [1, 5, 7] { table.sent(id) }
        header(table, 1, ":status", "200")
        header(table, 1, "apns-id", "A")
        table.ended(1)
        table.closed(1, errorCode: 0)
        table.notSent(3)
        table.notSent(5)  // written already: stays
        table.closed(5, errorCode: 7)  // REFUSED_STREAM
        table.closed(7, errorCode: 2)  // INTERNAL_ERROR before an answer
        #expect(table.count == 1)
        let (finished, refused) = table.take()
        #expect(replies(finished) == ["/1 200", "/7 stream-reset"])
        #expect(refused.map(\.path) == ["/3", "/5"])
        #expect(table.take().finished.isEmpty)
    }

    @Test("an answer keeps :status, retry-after and the headers the client asked for; the rest are dropped")
    func keptHeaders() throws {
        let table = H2StreamTable(kept: [H2KeptHeader("APNs-ID")])
        table.add(1, pending(1))
        table.sent(1)
        header(table, 1, ":status", "429")
        header(table, 1, "apns-id", "A")
        header(table, 1, "retry-after", "30")
        header(table, 1, "x-other", "dropped")
        table.ended(1)
        table.closed(1, errorCode: 0)
        guard case .answer(let answer) = try #require(table.take().finished.first).1 else {
            Issue.record("no answer")
            return
        }
        #expect(answer.status == 429 && answer.retryAfter == 30)
        #expect(answer.fields.map(\.name) == ["apns-id"])
        #expect(answer.field("apns-id") == "A" && answer.field("x-other") == nil)
    }

    @Test("a stream past its deadline fails at once and stays, without its request, until nghttp2 closes it")
    func timeout() {
        let table = H2StreamTable()
        table.add(1, pending(1, deadline: 5))
        table.add(3, pending(3, deadline: 50))
        table.sent(1)
        let expired = table.expire(now: 10, APNSTransportError(.timedOut, "late"))
        #expect(expired == [1] && table.count == 2)
        #expect(replies(table.take().finished) == ["/1 timed-out"])
        table.closed(1, errorCode: 8)  // CANCEL, after the reset
        #expect(table.take().finished.isEmpty && table.count == 1)
    }

    @Test("a lost connection: streams not sent or above the GOAWAY's last id go back first, in order; the others fail")
    func lost() {
        let table = H2StreamTable()
        for id: Int32 in [1, 3, 5, 7, 9] { table.add(id, pending(Int(id))) }
        for id: Int32 in [1, 3, 7, 9] { table.sent(id) }
        table.notSent(5)  // refused before the loss
        table.loseAll(APNSTransportError(.connectionLost, "gone"), lastID: 3)
        #expect(table.isEmpty)
        let (finished, refused) = table.take()
        #expect(replies(finished) == ["/3 connection-lost", "/1 connection-lost"])
        #expect(refused.map(\.path) == ["/7", "/9", "/5"])
    }
}
