import HeraldAPNsSimulator
import Testing

@Suite("simulator faults: the --fault text form")
struct SimulatorFaultTests {
    @Test("each form parses and prints back", arguments: [
        "abcdef:410:Unregistered", "*:503:ServiceUnavailable", "every-100:500:InternalServerError",
        "abcdef#2:429:TooManyRequests", "*:delay:250", "every-10:drop", "abcdef:goaway", "abcdef#1:stall",
    ])
    func roundTrip(text: String) throws {
        #expect(try SimulatorFault(parsing: text).description == text)
    }

    @Test("bad forms are refused with the expected shape", arguments: [
        "", "abc", "xyz:410:Unregistered", "*:200:OK", "*:410", "*:delay:soon", "every-0:drop", "*#0:drop", "*:drop:now",
    ])
    func refused(text: String) {
        #expect(throws: APNSSimulatorError.self) { try SimulatorFault(parsing: text) }
    }
}
