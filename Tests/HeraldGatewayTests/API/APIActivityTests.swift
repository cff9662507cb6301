import Foundation
import HeraldCore
import Testing
@testable import HeraldGateway
@testable import HeraldStore

@Suite("API: Live Activity tokens")
struct APIActivityTests {
    static let tokenA = StoreFixture.token(301), tokenB = StoreFixture.token(302)

    @Test("a device reports its push-to-start token and an activity's tokens until it ends", arguments: StoreKind.tested)
    func lifecycle(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let (id, key) = h.registered(1)
        let path = h.devices + "/" + id
        let start = h.send("PUT", path + "/push-to-start/DeployAttributes", key: key, json: ["token": .string(Self.tokenA.uppercased())])
        #expect(start.status == 200)
        #expect(start.json == ["deviceId": .string(id), "activityType": "DeployAttributes", "token": .string(Self.tokenA)])

        let activity = path + "/live-activities/4F1E8C2A-6A0B-4D8E-9C1F-2B3A4C5D6E7F"
        let created = h.send("PUT", activity, key: key, json: ["activityType": "DeployAttributes", "token": .string(Self.tokenA)])
        #expect(created.status == 201)
        #expect(created.json?["activityId"] == "4F1E8C2A-6A0B-4D8E-9C1F-2B3A4C5D6E7F")
        #expect(created.json?["endedAt"] == .null)
        let rotated = h.send("PUT", activity, key: key, json: ["activityType": "DeployAttributes", "token": .string(Self.tokenB)])
        #expect(rotated.status == 200)
        #expect(rotated.json?["token"] == .string(Self.tokenB))

        let listed = h.send("GET", path + "/live-activities", key: h.serverKey)
        #expect(listed.status == 200)
        #expect(listed.json?["pushToStart"]?.arrayValue?.map { $0["activityType"] } == ["DeployAttributes"])
        #expect(listed.json?["activities"]?.arrayValue?.map { $0["token"] } == [.string(Self.tokenB)])

        let ended = h.send("DELETE", activity, key: key)
        #expect(ended.status == 200)
        #expect(ended.json?["endedAt"]?.doubleValue != nil)
        let late = h.send("PUT", activity, key: key, json: ["activityType": "DeployAttributes", "token": .string(Self.tokenA)])
        #expect(late.status == 409)
        #expect(late.errorCode == "conflict")
        #expect(late.errorMessage.contains("has ended"))
        let other = h.send(
            "PUT", path + "/live-activities/act-2", key: key, json: ["activityType": "Match", "token": .string(Self.tokenA)])
        #expect(other.status == 201)
        let retyped = h.send(
            "PUT", path + "/live-activities/act-2", key: key, json: ["activityType": "Deploy", "token": .string(Self.tokenA)])
        #expect(retyped.status == 409)
        #expect(retyped.errorMessage.contains("is a Match, not a Deploy"))
    }

    @Test("another device of the app cannot take an activity id: 409 conflict, nothing changed", arguments: StoreKind.tested)
    func ownedByDevice(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let (owner, ownerKey) = h.registered(1)
        let (other, otherKey) = h.registered(2)
        let body: JSONValue = ["activityType": "Deploy", "token": .string(Self.tokenA)]
        #expect(h.send("PUT", h.devices + "/\(owner)/live-activities/act-1", key: ownerKey, json: body).status == 201)
        let taken = h.send(
            "PUT", h.devices + "/\(other)/live-activities/act-1", key: otherKey, json: ["activityType": "Deploy", "token": .string(Self.tokenB)])
        #expect(taken.status == 409)
        #expect(taken.errorCode == "conflict")
        #expect(taken.errorMessage.contains("belongs to another device") && taken.errorMessage.contains("Activity.id"), "\(taken.errorMessage)")
        #expect(h.send("GET", h.devices + "/\(other)/live-activities", key: h.serverKey).json?["activities"] == [])
        let kept = h.send("GET", h.devices + "/\(owner)/live-activities", key: h.serverKey).json?["activities"]?.arrayValue
        #expect(kept?.map { $0["token"] } == [.string(Self.tokenA)])
    }

    @Test("only the device's own key (or the server key) reports its activities", arguments: StoreKind.tested)
    func access(kind: StoreKind) throws {
        let h = try APIHarness(kind)
        let (id, _) = h.registered(1)
        let (_, otherKey) = h.registered(2)
        let path = h.devices + "/" + id + "/live-activities/act-1"
        let body: JSONValue = ["activityType": "Deploy", "token": .string(Self.tokenA)]
        #expect(h.send("PUT", path, key: otherKey, json: body).errorCode == "wrong_device")
        #expect(h.send("PUT", path, key: h.clientKey, json: body).status == 403)
        #expect(h.send("PUT", path, key: nil, json: body).status == 401)
        #expect(h.send("GET", h.devices + "/" + id + "/live-activities", key: otherKey).status == 403)
        #expect(h.send("PUT", path, key: h.serverKey, json: body).status == 201)
        let unknown = h.send("PUT", h.devices + "/dev_nope/live-activities/act-1", key: h.serverKey, json: body)
        #expect(unknown.status == 404)
        #expect(unknown.errorMessage.contains("no device dev_nope"))
        let noActivity = h.send("DELETE", h.devices + "/" + id + "/live-activities/act-9", key: h.serverKey)
        #expect(noActivity.status == 404)
        #expect(noActivity.errorMessage.contains("has no activity act-9"))
        #expect(h.send("GET", h.devices + "/dev_nope/live-activities", key: h.serverKey).status == 404)
    }

    @Test(
        "every Live Activity field is validated with a clear error naming it",
        arguments: StoreKind.tested,
        [
            ("live-activities/act-1", ["activityType": "Deploy"], "token: is required"),
            ("live-activities/act-1", ["token": .string(tokenA)], "activityType: is required"),
            ("live-activities/act-1", ["activityType": "Deploy", "token": "xyz"], "token: expected the device token as hex"),
            (
                "live-activities/act-1", ["activityType": "9Lives", "token": .string(tokenA)],
                "activityType: \"9Lives\" is not an activity type"
            ),
            (
                "live-activities/act-1", ["activityType": "De ploy", "token": .string(tokenA)],
                "activityType: \"De ploy\" is not an activity type"
            ),
            ("live-activities/act-1", ["activityType": "A\u{0}B", "token": .string(tokenA)], "activityType: contains the NUL character"),
            ("live-activities/act-1", ["activityType": "Deploy", "token": .string(tokenA), "state": 1], "state: unknown field"),
            ("live-activities/act%201", ["activityType": "Deploy", "token": .string(tokenA)], "activityId: \"act 1\" is not an id"),
            ("push-to-start/Bad%20Type", ["token": .string(tokenA)], "activityType: \"Bad Type\" is not an activity type"),
            ("push-to-start/Deploy", ["token": 5], "token: expected a string, found an integer"),
            ("push-to-start/Deploy", ["token": .string(tokenA), "activityType": "Deploy"], "activityType: unknown field"),
        ] as [(String, JSONValue, String)])
    func validation(kind: StoreKind, example: (String, JSONValue, String)) throws {
        let (path, body, message) = example
        let h = try APIHarness(kind)
        let (id, key) = h.registered(1)
        let answer = h.send("PUT", h.devices + "/" + id + "/" + path, key: key, json: body)
        #expect(answer.status == 400)
        #expect(answer.errorCode == "invalid_request")
        #expect(answer.errorMessage.hasPrefix(message), "\(answer.errorMessage)")
        #expect(try h.fixture.store.activities(appID: h.appID, deviceID: id) == DeviceActivities(pushToStart: [], activities: []))
    }
}
