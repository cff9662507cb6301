import Foundation
import Testing
@testable import HeraldStore

@Suite("Local send time: instants in time zones")
struct LocalSendTimeTests {
    /// Seconds since 1970 of an RFC 3339 time.
    static func utc(_ text: String) throws -> Double { try #require(ISO8601DateFormatter().date(from: text)).timeIntervalSince1970 }

    @Test(
        "the local time in a zone: as usual, in a daylight saving gap the next valid minute, when repeated the first",
        arguments: [
            ("09:00", "2027-01-16", "Asia/Tokyo", "2027-01-16T00:00:00Z"),
            ("09:00", "2027-07-16", "Europe/Berlin", "2027-07-16T07:00:00Z"),
            ("02:30", "2027-03-28", "Europe/Berlin", "2027-03-28T01:00:00Z"),  // 02:00–03:00 skipped: 03:00 CEST
            ("02:30", "2027-10-31", "Europe/Berlin", "2027-10-31T00:30:00Z"),  // twice: the first, CEST
            ("09:00", "2011-12-30", "Pacific/Apia", "2011-12-30T10:00:00Z"),  // a day skipped: 00:00 the next
            ("23:59", "2027-01-16", "UTC", "2027-01-16T23:59:00Z"),
        ])
    func instants(time: String, date: String, zone: String, expected: String) throws {
        let local = try #require(LocalSendTime(time: time, date: date))
        #expect(local.instant(in: try #require(TimeZone(identifier: zone))) == (try Self.utc(expected)))
    }

    @Test("the first and last moments are in UTC+14 and UTC−12")
    func edges() throws {
        let local = try #require(LocalSendTime(time: "09:00", date: "2027-01-16"))
        #expect(local.earliest == (try Self.utc("2027-01-15T19:00:00Z")))
        #expect(local.latest == (try Self.utc("2027-01-16T21:00:00Z")))
    }

    @Test("malformed times and dates, and dates that do not exist, are refused")
    func refused() {
        #expect(LocalSendTime.dateProblem("2028-02-29") == nil)
        for date in ["2027-02-29", "2027-13-01", "2027-00-10", "27-01-16", "2027-01-16T", "２０２７-01-16", "1969-12-31"] {
            #expect(LocalSendTime.dateProblem(date) != nil, "\(date)")
            #expect(LocalSendTime(time: "09:00", date: date) == nil)
        }
        for time in ["24:00", "9:00", "09:60", "0900", "09:00:00", "-1:00"] {
            #expect(LocalSendTime.timeProblem(time) != nil, "\(time)")
        }
    }
}
