import Testing
@testable import HeraldGateway

@Suite("eviction board between event loops")
struct HTTPEvictionBoardTests {
    @Test("a full loop asks the loop whose connection has waited longest, once per posting, and never itself")
    func choosesLongestWait() {
        let board = HTTPEvictionBoard(loops: 3)
        board.post(0, oldestWaiting: 1)
        board.post(1, oldestWaiting: 5)
        board.post(2, oldestWaiting: 3)
        #expect(board.requestEviction(from: 0, before: 10))
        #expect(board.takeRequests(1) == 0)
        #expect(board.takeRequests(2) == 1, "loop 2 waited since 3, before loop 1's 5")
        #expect(board.requestEviction(from: 0, before: 10))
        #expect(board.takeRequests(1) == 1)
        #expect(!board.requestEviction(from: 0, before: 10), "each posting answers one request; the next sweep posts again")
        #expect(board.takeRequests(0) == 0)
    }

    @Test("a connection younger than the cutoff is not evicted")
    func respectsCutoff() {
        let board = HTTPEvictionBoard(loops: 2)
        board.post(1, oldestWaiting: 9.5)
        #expect(!board.requestEviction(from: 0, before: 9))
        #expect(board.requestEviction(from: 0, before: 10))
        board.post(1, oldestWaiting: nil)
        #expect(!board.requestEviction(from: 0, before: 100))
    }
}
