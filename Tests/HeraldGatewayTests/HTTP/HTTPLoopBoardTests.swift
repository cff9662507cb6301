import Testing
@testable import HeraldGateway

@Suite("the board the event loops share")
struct HTTPLoopBoardTests {
    @Test("a full loop asks the loop whose connection has waited longest, once per posting, and never itself")
    func choosesLongestWait() {
        let board = HTTPLoopBoard(loops: 3)
        board.post(0, oldestWaiting: 1)
        board.post(1, oldestWaiting: 5)
        board.post(2, oldestWaiting: 3)
        #expect(board.requestEviction(from: 0, before: 10))
        #expect(board.takeEvictions(1) == 0)
        #expect(board.takeEvictions(2) == 1, "loop 2 waited since 3, before loop 1's 5")
        #expect(board.requestEviction(from: 0, before: 10))
        #expect(board.takeEvictions(1) == 1)
        #expect(!board.requestEviction(from: 0, before: 10), "each posting answers one request; the next sweep posts again")
        #expect(board.takeEvictions(0) == 0)
    }

    @Test("a connection younger than the cutoff is not evicted")
    func respectsCutoff() {
        let board = HTTPLoopBoard(loops: 2)
        board.post(1, oldestWaiting: 9.5)
        #expect(!board.requestEviction(from: 0, before: 9))
        #expect(board.requestEviction(from: 0, before: 10))
        board.post(1, oldestWaiting: nil)
        #expect(!board.requestEviction(from: 0, before: 100))
    }

    @Test("a connection goes to the loop with the fewest; the accepting loop keeps it on a tie; a closed one frees its place")
    func placement() {
        let board = HTTPLoopBoard(loops: 3)
        let arrival = HTTPLoopBoard.Arrival(fd: -1, address: "a")
        #expect(board.place(arrival, acceptedBy: 1) == 1)
        #expect(board.place(arrival, acceptedBy: 1) == 0)
        #expect(board.place(arrival, acceptedBy: 1) == 2)
        #expect(board.takeArrivals(0).count == 1 && board.takeArrivals(2).count == 1 && board.takeArrivals(1).isEmpty)
        #expect(board.place(arrival, acceptedBy: 0) == 0, "a tie stays with the accepting loop")
        board.closed(2)
        #expect(board.place(arrival, acceptedBy: 0) == 2)
    }
}
