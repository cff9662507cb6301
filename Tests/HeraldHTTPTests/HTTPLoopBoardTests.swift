import Testing
@testable import HeraldHTTP

@Suite("the board the event loops share")
struct HTTPLoopBoardTests {
    @Test("a full loop asks the loop whose connection has waited longest, once per posting, and never itself")
    func choosesLongestWait() {
        let board = HTTPLoopBoard(loops: 3)
        board.post(0, oldestWaiting: 1)
        board.post(1, oldestWaiting: 5)
        board.post(2, oldestWaiting: 3)
        #expect(board.requestEviction(from: 0, before: 10))
        #expect(board.takeEvictions(1).isEmpty)
        #expect(board.takeEvictions(2) == [nil], "loop 2 waited since 3, before loop 1's 5")
        #expect(board.requestEviction(from: 0, before: 10))
        #expect(board.takeEvictions(1) == [nil])
        #expect(!board.requestEviction(from: 0, before: 10), "each posting answers one request; the next sweep posts again")
        #expect(board.takeEvictions(0).isEmpty)
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
        board.closed(2, address: "a")
        #expect(board.place(arrival, acceptedBy: 0) == 2)
    }

    @Test("an eviction of an address goes to a loop that holds one of its connections, never the asking loop")
    func evictionByAddress() {
        let board = HTTPLoopBoard(loops: 3)
        #expect(board.place(HTTPLoopBoard.Arrival(fd: -1, address: "a"), acceptedBy: 0) == 0)
        #expect(board.place(HTTPLoopBoard.Arrival(fd: -1, address: "b"), acceptedBy: 0) == 1)
        #expect(board.connections(1, from: "b") == 1)
        #expect(!board.requestEviction(from: 1, of: "b"), "only the asking loop holds b")
        #expect(board.requestEviction(from: 0, of: "b"))
        #expect(board.takeEvictions(1) == ["b"])
        #expect(!board.requestEviction(from: 0, of: "c"), "no loop holds c")
        board.closed(1, address: "b")
        #expect(board.connections(1, from: "b") == 0)
        #expect(!board.requestEviction(from: 0, of: "b"))
    }

    @Test("when full, the victim is the address holding the most, at least two more than the newcomer's")
    func fairVictim() {
        let counter = HTTPConnectionCounter(limit: 6, perAddress: 0)
        for address in ["a", "a", "a", "b", "b", "c"] { #expect(counter.admit(address) == .admitted) }
        #expect(counter.admit("d") == .full(victim: "a"))
        #expect(counter.admit("c") == .full(victim: "a"))
        #expect(counter.admit("b") == .full(victim: nil), "b holds 2, a 3: taking from a would only move the excess")
        #expect(counter.admit("a") == .full(victim: nil), "the biggest holder takes from nobody")
        counter.release("a")
        #expect(counter.admit("d") == .admitted)
    }
}
