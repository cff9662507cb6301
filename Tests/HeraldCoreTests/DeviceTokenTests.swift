import Foundation
import Testing

@testable import HeraldCore

@Suite("Device tokens")
struct DeviceTokenTests {
    @Test("bytes become lowercase hex, not the iOS 13 description")
    func hex() {
        let token = DeviceToken(data: Data([0x00, 0xAB, 0x10, 0xFF]))
        #expect(token.hex == "00ab10ff")
        #expect("\(token)" == "00ab10ff")
    }

    @Test("hex parses back, in any case, ignoring the old <…> form")
    func parse() {
        #expect(DeviceToken(hex: "00AB10ff")?.bytes == [0x00, 0xAB, 0x10, 0xFF])
        #expect(DeviceToken(hex: "<00ab 10ff>")?.hex == "00ab10ff")
        #expect(DeviceToken(hex: "abc") == nil)
        #expect(DeviceToken(hex: "zz") == nil)
        #expect(DeviceToken(hex: "") == nil)
    }

    @Test("a 32-byte token round-trips")
    func roundTrip() {
        let bytes = (0..<32).map { UInt8($0 * 7 % 256) }
        let token = DeviceToken(data: Data(bytes))
        #expect(token.hex.count == 64)
        #expect(DeviceToken(hex: token.hex) == token)
    }
}
