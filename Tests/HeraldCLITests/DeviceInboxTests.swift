import Foundation
import HeraldCore
import HeraldSimulator
import HeraldTestSupport
import Testing
@testable import HeraldCLI

/// `herald device --inbox`: two devices of user maya. The first reads the message as it
/// arrives (`--read-inbox`); the second, on the background push that follows, syncs and
/// prints its unread count and the notification that left its list.
@Suite("herald device: the gateway's inbox")
@MainActor
struct DeviceInboxTests {
    /// A gateway of one message, `pub_1`, in maya's inbox: unread until a device reads it.
    final class InboxGateway: GatewayHTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var read = false
        private var requests: [String] = []

        var sent: [String] { lock.withLock { requests } }

        func send(_ request: GatewayHTTPRequest) async throws -> GatewayHTTPResponse {
            let path = request.url.path, query = request.url.query ?? ""
            let body = try request.body.map { try JSONParser().parse($0) }
            return lock.withLock {
                requests.append(
                    "\(request.method) \(path.split(separator: "/").suffix(2).joined(separator: "/"))\(query.isEmpty ? "" : "?" + query)")
                func json(_ status: Int, _ value: JSONValue) -> GatewayHTTPResponse {
                    GatewayHTTPResponse(status: status, body: Data(JSONWriter.serialize(value).utf8))
                }
                switch (request.method, path) {
                case ("POST", let path) where path.hasSuffix("/devices"):
                    let id = body?["token"]?.stringValue?.prefix(4) ?? "x"
                    return json(201, ["deviceId": .string("dev_\(id)"), "deviceKey": .string("hdk_\(id)")])
                case ("POST", let path) where path.hasSuffix("/inbox/read"):
                    read = body?["ids"] == ["pub_1"]
                    return json(200, ["changed": 1, "unknown": [], "unread": 0])
                case ("GET", let path) where path.hasSuffix("/inbox"):
                    // pub_1 arrives by its push after the sync at start; later syncs list it.
                    let message: JSONValue = [
                        "id": "pub_1", "title": "Review requested", "body": nil, "link": nil, "data": nil, "createdAt": 1_800_000_000,
                        "expiresAt": nil, "read": .bool(read), "deleted": false,
                    ]
                    let after = query.contains("after=")
                    return json(
                        200, ["messages": after ? [message] : [], "unread": .int(after && !read ? 1 : 0), "cursor": "ic1_1", "more": false])
                default:
                    return json(202, ["accepted": 1])
                }
            }
        }
    }

    static func record(_ token: String, _ payload: String, type: String = "alert") -> String {
        "{\"apnsId\":\"\(UUID().uuidString)\",\"payload\":\(payload),\"priority\":10,\"pushType\":\"\(type)\",\"token\":\"\(token)\"}\n"
    }

    func session(_ name: String, token: String, read: Bool, expect: Int, records: URL, gateway: InboxGateway) throws -> (
        DeviceSession, () -> [JSONValue]
    ) {
        var lines: [String] = []
        let options = DeviceSession.Options(
            run: DeviceRun(name: name, userID: "maya", expect: expect, timeout: 60, json: true), token: try #require(DeviceToken(hex: token)),
            environment: .sandbox, inbox: true, readInbox: read)
        let session = try DeviceSession(
            options: options, scenario: try Scenario(json: ["steps": [["state": "background"]]]),
            records: RecordFileReader(path: records.path),
            client: {
                GatewayClient(baseURL: URL(fileURLWithPath: "/"), appID: "app_1", clientKey: "hck", transport: gateway, stateDirectory: $0)
            },
            print: { lines.append($0) })
        return (session, { lines.compactMap { try? JSONParser().parse(Array($0.utf8)) } })
    }

    @Test("read on the first device: the second's background push syncs, its unread count drops and the notification leaves its list")
    func readOnOne() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-device-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let phoneToken = "aa" + String(repeating: "0", count: 62), ipadToken = "bb" + String(repeating: "0", count: 62)
        let alert = #"{"aps":{"alert":{"title":"Review requested"}},"herald":{"publishId":"pub_1","inboxMessage":true}}"#
        let phoneRecords = folder.appendingPathComponent("phone.jsonl"), ipadRecords = folder.appendingPathComponent("ipad.jsonl")
        try Data(Self.record(phoneToken, alert).utf8).write(to: phoneRecords)
        let gateway = InboxGateway()

        let (phone, phoneLines) = try session("phone", token: phoneToken, read: true, expect: 1, records: phoneRecords, gateway: gateway)
        #expect(try await phone.run())
        let read = try #require(phoneLines().first { $0["event"] == "device.inbox.read" })
        #expect(read["id"] == "pub_1" && read["reached"] == true && read["unread"] == 0)
        #expect(gateway.sent.contains("POST inbox/read"))

        let sync = #"{"aps":{"content-available":1},"herald":{"publishId":"pub_sync","inbox":{"unread":0}}}"#
        try Data((Self.record(ipadToken, alert) + Self.record(ipadToken, sync, type: "background")).utf8).write(to: ipadRecords)
        let (ipad, ipadLines) = try session("ipad", token: ipadToken, read: false, expect: 2, records: ipadRecords, gateway: gateway)
        #expect(try await ipad.run())
        let inbox = ipadLines().filter { $0["event"] == "device.inbox" }
        #expect(inbox.map { $0["sync"] } == ["start", "push"])
        #expect(inbox.last?["unread"] == 0 && inbox.last?["removed"] == ["pub_1"] && inbox.last?["listed"] == 0, "\(inbox)")
        #expect(!ipadLines().contains { $0["event"] == "device.inbox.read" }, "the second device reads nothing itself")
    }
}
