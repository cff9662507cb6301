import HeraldHTTP
import HeraldShared
import HeraldStore

/// A user's data (server key): everything the gateway keeps about a user of an app, to
/// answer a data-access request (export) or a deletion request (delete). A user the gateway
/// keeps nothing about answers an empty export and zero counts, not 404: the answer to the
/// request is the same.
extension GatewayAPI {
    /// GET /v1/apps/{app}/users/{user}/export: the user's devices, the deliveries and
    /// receipts kept for them, their Live Activity tokens, and the user's inbox.
    func exportUser(_ context: Context) throws -> HTTPResponse {
        let userID = try Self.userID(context)
        let data = try store.userData(appID: context.appID, userID: userID)
        let receipts = data.receipts.map { receipt -> JSONValue in
            [
                "publishId": .string(receipt.publishID), "deviceId": .string(receipt.deviceID), "kind": .string(receipt.kind),
                "actionId": receipt.actionID.map(JSONValue.string) ?? .null, "at": .double(receipt.at),
            ]
        }
        return .json(
            200,
            [
                "userId": .string(userID), "exportedAt": .double(now()), "devices": .array(data.devices.map { Self.json($0) }),
                "deliveries": .array(data.deliveries.map { Self.json($0) }), "receipts": .array(receipts),
                "liveActivities": .array(data.liveActivities.map { Self.json($0.activities, deviceID: $0.deviceID) }),
                "inbox": .array(data.inbox.map(Self.json)),
            ])
    }

    /// DELETE /v1/apps/{app}/users/{user}: everything the export lists, in one transaction;
    /// 200 with how many rows of each kind went.
    func deleteUser(_ context: Context) throws -> HTTPResponse {
        let userID = try Self.userID(context)
        let deletion = try store.deleteUser(appID: context.appID, userID: userID, now: now())
        let counts = Dictionary(uniqueKeysWithValues: UserDataKind.allCases.map { ($0.rawValue, JSONValue.int(deletion[$0])) })
        return .json(200, ["userId": .string(userID), "deleted": .object(counts)])
    }

    static func userID(_ context: Context) throws(ValidationError) -> String {
        let id = context.parameters["user"] ?? ""
        try FieldRules.userID(id, "user")
        return id
    }
}
