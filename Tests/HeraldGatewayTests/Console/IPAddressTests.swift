import Testing
@testable import HeraldGateway

/// Addresses as the per-client limits read them: a peer's, or a forwarded-for list's hops.
@Suite("IP addresses")
struct IPAddressTests {
    @Test("spaces and tabs around an address are trimmed; brackets around IPv6 are allowed")
    func spelling() {
        #expect(IPAddress(" 192.0.2.1\t") == IPAddress("192.0.2.1"))
        #expect(IPAddress("192.0.2.1")?.bytes == [192, 0, 2, 1])
        #expect(IPAddress(" [2001:db8::1] ")?.description == "2001:db8::1")
        #expect(IPAddress("::ffff:192.0.2.1") == IPAddress("192.0.2.1"), "an IPv4-mapped address is its IPv4 address")
    }

    @Test("what is not an address is nil", arguments: ["", "  \t ", "192.0.2", "192.0.2.1.5", "example.com", "1 92.0.2.1", "[192.0.2.1"])
    func notAnAddress(text: String) {
        #expect(IPAddress(text) == nil)
    }
}
