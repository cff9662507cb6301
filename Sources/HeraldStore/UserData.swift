/// Everything the gateway keeps about one user of an app (`DeviceStore.userData`): the
/// devices bound to the user and the rows kept for those devices. Publishes that named the
/// user in their target are the sender's record and are not part of it.
public struct UserData: Sendable, Hashable {
    /// The user's devices, oldest first, with their interests and metadata.
    public var devices: [DeviceRecord]
    /// The deliveries to those devices that are still kept (retention prunes finished
    /// publishes' deliveries), oldest first.
    public var deliveries: [DeliveryTrace]
    /// The receipts those devices reported, by time.
    public var receipts: [UserReceipt]
    /// Each device's Live Activity tokens, in the order of `devices` (devices with none are left out).
    public var liveActivities: [UserLiveActivities]
    /// The user's inbox (`InboxStore`), deleted messages left out, by sequence.
    public var inbox: [InboxEntry] = []
}

/// A receipt a device reported for a publish.
public struct UserReceipt: Sendable, Hashable {
    public var publishID: String
    public var deviceID: String
    /// `delivered`, `opened`, `dismissed` or `action`.
    public var kind: String
    /// The action's id for an `action` receipt; nil otherwise.
    public var actionID: String?
    public var at: Double
}

/// One device's Live Activity tokens.
public struct UserLiveActivities: Sendable, Hashable {
    public var deviceID: String
    public var activities: DeviceActivities
}

/// The kinds of rows kept about a user, in the order `deleteUser` removes them (a device's
/// rows before the device). A table added later for a user is one more case, with its
/// statement in `UserDataStatements`.
public enum UserDataKind: String, Sendable, Hashable, CaseIterable {
    case receipts, deliveries, pushToStartTokens, liveActivities, interests, tags, devices
    /// The messages the server added to the user's inbox (a publish's message is the
    /// publish's, kept for the others it reached), then the user's inbox entries.
    case inboxMessages, inbox
}

/// What `deleteUser` removed: how many rows of each kind (0 for a kind it found none of).
public struct UserDeletion: Sendable, Hashable {
    public var counts: [UserDataKind: Int]

    public init(counts: [UserDataKind: Int]) { self.counts = counts }

    public subscript(kind: UserDataKind) -> Int { counts[kind] ?? 0 }
}
