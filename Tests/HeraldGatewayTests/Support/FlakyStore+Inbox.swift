@testable import HeraldStore

/// The inbox, through the gate like every other call.
extension FlakyStore {
    func inboxOwner(appID: String, deviceID: String) throws -> InboxOwner? { try pass(base).inboxOwner(appID: appID, deviceID: deviceID) }
    func inbox(appID: String, owner: InboxOwner, after: Int, limit: Int, now: Double) throws -> InboxPage {
        try pass(base).inbox(appID: appID, owner: owner, after: after, limit: limit, now: now)
    }
    func changeInbox(appID: String, owner: InboxOwner, ids: [String], _ change: InboxChangeKind, by origin: String?, now: Double) throws
        -> InboxChange
    {
        try pass(base).changeInbox(appID: appID, owner: owner, ids: ids, change, by: origin, now: now)
    }
    func addInboxMessage(appID: String, owner: InboxOwner, _ message: InboxMessageRecord, limit: Int) throws {
        try pass(base).addInboxMessage(appID: appID, owner: owner, message, limit: limit)
    }
    func pruneInbox(now: Double, before: Double?, limit: Int) throws -> Int {
        try pass(base).pruneInbox(now: now, before: before, limit: limit)
    }
}
