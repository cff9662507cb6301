import Foundation
import HeraldShared
import Testing
@testable import HeraldGateway
@testable import HeraldStore

/// `options.sendAt` as a local time on a date. The harness's clock is 2027-01-15T08:00:00Z.
@Suite("API: local time")
struct APILocalTimeTests {
    static func body(_ sendAt: JSONValue, target: [String: JSONValue] = ["interests": ["news"]]) -> JSONValue {
        var body = target
        body["notification"] = ["title": "x"]
        body["options"] = ["sendAt": sendAt]
        return .object(body)
    }

    static func at(_ time: String, _ date: String) -> JSONValue { ["localTime": .string(time), "date": .string(date)] }

    @Test(
        "a malformed, past or too distant local time, or one for channels or Live Activities, is refused with the field named",
        arguments: StoreKind.tested,
        [
            (body(at("24:00", "2027-01-16")), "options.sendAt.localTime: \"24:00\" is not a time HH:MM from 00:00 to 23:59"),
            (body(at("9:00", "2027-01-16")), "options.sendAt.localTime: \"9:00\" is not a time HH:MM"),
            (body(at("09:60", "2027-01-16")), "options.sendAt.localTime: \"09:60\" is not a time HH:MM"),
            (body(at("09:00", "2027-02-30")), "options.sendAt.date: \"2027-02-30\" is not a date YYYY-MM-DD"),
            (body(at("09:00", "2027-1-16")), "options.sendAt.date: \"2027-1-16\" is not a date YYYY-MM-DD"),
            (body(["localTime": "09:00"]), "options.sendAt.date: is required with the other"),
            (body(["date": "2027-01-16"]), "options.sendAt.localTime: is required with the other"),
            (body(["localTime": "09:00", "date": "2027-01-16", "zone": "UTC"]), "options.sendAt.zone: unknown field"),
            (body(at("19:00", "2027-01-14")), "options.sendAt.date: 19:00 on 2027-01-14 has passed in every time zone"),
            (body(at("09:00", "2027-02-15")), "options.sendAt.date: 09:00 on 2027-02-15 is more than 30 days ahead"),
            (
                body(at("09:00", "2027-01-16"), target: ["channels": ["ch_1"]]),
                "options.sendAt: a local time is for notifications to devices"
            ),
            (
                body(at("09:00", "2027-01-16"), target: ["activities": ["a1"]]),
                "options.sendAt: a local time is for notifications to devices"
            ),
        ] as [(JSONValue, String)])
    func validation(kind: StoreKind, example: (JSONValue, String)) throws {
        try APIHarness(kind).expectPublishRefused(example.0, example.1)
    }

    @Test(
        "the edges are accepted: a time still to come in UTC−12, one within 30 days in UTC+14; the publish is scheduled and shows sendAt as given",
        arguments: StoreKind.tested, [at("21:00", "2027-01-14"), at("21:00", "2027-02-14")])
    func edges(kind: StoreKind, sendAt: JSONValue) throws {
        let h = try APIHarness(kind)
        let response = h.publish(Self.body(sendAt))
        #expect(response.status == 202, "\(response.errorMessage)")
        let id = try #require(response.json?["publishId"]?.stringValue)
        let status = h.send("GET", h.publishes + "/" + id, key: h.serverKey).json
        #expect(status?["sendAt"] == sendAt)
        // 21:00 on the 14th has come in UTC+14 already: the publish fans out at once.
        #expect(status?["status"] == (sendAt == Self.at("21:00", "2027-01-14") ? "queued" : "scheduled"))
    }
}
