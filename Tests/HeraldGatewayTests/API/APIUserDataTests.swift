import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("API: a user's data")
struct APIUserDataTests {
    static func users(_ h: APIHarness, _ user: String) -> String { "/v1/apps/\(h.appID)/users/\(user)" }

    @Test("the export lists the user's devices; the delete answers the counts, the device keys stop working", arguments: StoreKind.tested)
    func exportAndDelete(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let maya = h.registered(1, user: "maya")
        let sam = h.registered(2, user: "sam")
        _ = h.registered(3)
        let path = Self.users(h, "maya")

        let export = h.send("GET", path + "/export", key: h.serverKey)
        #expect(export.status == 200)
        #expect(export.json?["userId"] == "maya")
        #expect(export.json?["exportedAt"]?.doubleValue == h.clock.now)
        #expect(export.json?["devices"]?.arrayValue?.map { $0["deviceId"] } == [.string(maya.id)])
        #expect(export.json?["devices"]?.arrayValue?.first?["registeredAt"]?.doubleValue == h.clock.now)
        #expect(export.json?["deliveries"] == [])
        #expect(export.json?["receipts"] == [])
        #expect(export.json?["liveActivities"] == [])
        #expect(export.json?["inbox"] == [])

        let deleted = h.send("DELETE", path, key: h.serverKey)
        #expect(deleted.status == 200)
        #expect(
            deleted.json == [
                "userId": "maya",
                "deleted": ["devices": 1, "interests": 1, "tags": 0, "deliveries": 0, "receipts": 0, "pushToStartTokens": 0, "liveActivities": 0,
                    "inboxMessages": 0, "inbox": 0,
                ],
            ])
        let again = h.send("DELETE", path, key: h.serverKey)
        #expect(again.json?["deleted"]?.objectValue?.values.allSatisfy { $0 == 0 } == true)
        #expect(h.send("GET", path + "/export", key: h.serverKey).json?["devices"] == [])
        #expect([401, 404].contains(h.send("GET", h.devices + "/" + maya.id, key: maya.key).status), "the deleted device's key")
        #expect(h.send("GET", h.devices + "/" + sam.id, key: sam.key).status == 200)

        let publish = h.publish(["users": ["maya"], "notification": ["title": "hi"]])
        #expect(publish.status == 202)
        try h.fixture.fanOutAll(now: h.clock.now)
        let id = publish.json?["publishId"]?.stringValue ?? ""
        #expect(h.send("GET", h.publishes + "/" + id, key: h.serverKey).json?["targeted"] == 0)
    }

    @Test("only the server key: the client key and device keys are refused; a bad user id is a 400", arguments: StoreKind.tested)
    func access(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let maya = h.registered(1, user: "maya")
        let path = Self.users(h, "maya")
        for (method, suffix) in [("GET", "/export"), ("DELETE", "")] {
            #expect(h.send(method, path + suffix, key: h.clientKey).status == 403)
            #expect(h.send(method, path + suffix, key: maya.key).status == 403)
            #expect(h.send(method, path + suffix).status == 401)
            #expect(h.send(method, Self.users(h, "maya%07") + suffix, key: h.serverKey).status == 400)
        }
        #expect(h.send("GET", h.devices + "/" + maya.id, key: maya.key).status == 200, "nothing was deleted")
        let spaced = h.send("GET", Self.users(h, "maya%20s") + "/export", key: h.serverKey)
        #expect(spaced.json?["userId"] == "maya s", "the path is percent-decoded")
    }
}
