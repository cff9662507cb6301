/// How much one app's devices may store (`herald serve --max-…`): the client key ships in
/// every copy of the app, so whoever extracts it must not be able to fill the disk. The
/// store checks these in the transaction that would exceed them, so requests running at
/// the same time cannot overshoot; a refused request stores nothing.
public struct DeviceQuota: Sendable, Hashable {
    /// Distinct interests one device may have (default 100).
    public var interestsPerDevice: Int
    /// Devices one app may have, invalidated ones included (default 1,000,000).
    public var devicesPerApp: Int
    /// Interest subscriptions one app may have: each device's interests, summed over the
    /// app's devices (default 10,000,000). A subscription is one stored row.
    public var subscriptionsPerApp: Int
    /// Receipts one app may store (default 100,000,000): each is one row until retention
    /// prunes its publish.
    public var eventsPerApp: Int
    /// Messages one inbox (a user's, or a device's without a user) may hold, deleted ones
    /// not counted (default 1000): past it the server API refuses new ones and a publish
    /// skips the full inboxes (its pushes still go).
    public var inboxMessagesPerUser: Int

    public init(
        interestsPerDevice: Int = 100, devicesPerApp: Int = 1_000_000, subscriptionsPerApp: Int = 10_000_000,
        eventsPerApp: Int = 100_000_000, inboxMessagesPerUser: Int = 1000
    ) {
        self.inboxMessagesPerUser = inboxMessagesPerUser
        self.interestsPerDevice = interestsPerDevice
        self.devicesPerApp = devicesPerApp
        self.subscriptionsPerApp = subscriptionsPerApp
        self.eventsPerApp = eventsPerApp
    }

    /// No limit (imports by the operator, tests).
    public static let unlimited = DeviceQuota(interestsPerDevice: .max, devicesPerApp: .max, subscriptionsPerApp: .max, eventsPerApp: .max, inboxMessagesPerUser: .max)

    /// One of the limits, named as `herald serve` names it.
    public enum Limit: String, Sendable, CaseIterable {
        case interestsPerDevice = "max-interests-per-device"
        case devicesPerApp = "max-devices-per-app"
        case subscriptionsPerApp = "max-subscriptions-per-app"
        case eventsPerApp = "max-events-per-app"
        case inboxMessagesPerUser = "max-inbox-messages-per-user"

        /// The `herald serve` option that sets it.
        public var flag: String { "--" + rawValue }

        /// The quota's property that holds it.
        var value: WritableKeyPath<DeviceQuota, Int> {
            switch self {
            case .interestsPerDevice: \.interestsPerDevice
            case .devicesPerApp: \.devicesPerApp
            case .subscriptionsPerApp: \.subscriptionsPerApp
            case .eventsPerApp: \.eventsPerApp
            case .inboxMessagesPerUser: \.inboxMessagesPerUser
            }
        }
    }

    public subscript(limit: Limit) -> Int {
        get { self[keyPath: limit.value] }
        set { self[keyPath: limit.value] = newValue }
    }

    /// The error for a request that would go past `limit`: what, the limit and its
    /// value, that nothing was stored, and how to get under it or raise it.
    func exceeded(_ limit: Limit, _ situation: String, remedy: String) -> StoreError {
        StoreError(
            .quotaExceeded,
            "\(situation); the quota is \(self[limit]) (herald serve \(limit.flag)), so nothing was stored. \(remedy), or have the operator raise \(limit.flag)"
        )
    }
}

extension DeviceQuota {
    /// At most this many devices share one user id (Pusher Beams' limit).
    public static let devicesPerUser = 100

    /// The error for a registration or user change that would give `userID` one device too many.
    static func userLimitExceeded(_ userID: String) -> StoreError {
        StoreError(
            .limitExceeded,
            "user \(userID) already has \(devicesPerUser) devices, the most one user may have; remove one (DELETE the device or clear its user) first"
        )
    }

    /// Refuses, inside the store's write transaction, a registration or a new set of
    /// interests that would take the app past the quota: a new device counts against the
    /// devices, `interests` replacing the device's `current` ones (how many it has) against
    /// the interests per device and the subscriptions. A change that adds neither a device
    /// nor subscriptions is always allowed, without reading the app's counts: `usage` (the
    /// app's devices and subscriptions) is asked only when the answer matters.
    func check(
        appID: String, newDevice: Bool, interests: Set<String>?, current: () throws -> Int,
        usage: () throws -> (devices: Int, subscriptions: Int)
    ) throws {
        if let interests, interests.count > interestsPerDevice {
            throw exceeded(
                .interestsPerDevice, "interests: \(interests.count) distinct interests for one device",
                remedy: "Subscribe the device to fewer interests")
        }
        let current = newDevice || interests == nil ? 0 : try current()
        guard newDevice || (interests?.count ?? 0) > current else { return }
        let usage = try usage()
        if newDevice, usage.devices >= devicesPerApp {
            throw exceeded(
                .devicesPerApp, "app \(appID) already has \(usage.devices) devices",
                remedy: "Delete the devices the app no longer uses (DELETE /v1/apps/\(appID)/devices/{id})")
        }
        guard let interests else { return }
        let after = usage.subscriptions - current + interests.count
        if interests.count > current, after > subscriptionsPerApp {
            throw exceeded(
                .subscriptionsPerApp,
                "app \(appID) has \(usage.subscriptions) interest subscriptions (each device's interests, summed) and this would make \(after)",
                remedy: "Remove interests the devices no longer need, or delete unused devices")
        }
    }
}

extension DeviceQuota {
    /// At most this many different action ids one device may report for one publish: a
    /// notification's category offers a few actions, and each new id is one more stored row.
    public static let actionsPerDelivery = 10

    /// The error for an action receipt that would give one delivery one action id too many.
    static func actionsExceeded(_ event: DeviceEvent) -> StoreError {
        StoreError(
            .limitExceeded,
            "device \(event.deviceID) already reported \(actionsPerDelivery) different actionIds for publish \(event.publishID), the most one delivery may have, so nothing was stored; report only the actions of the notification's category"
        )
    }

    /// Refuses, inside the store's write transaction and after its inserts, receipts that
    /// took the app past `eventsPerApp`: `added` new rows, `count` the app's stored receipts
    /// with them (kept by migration 13's triggers), read only when there is a quota to check.
    func checkEvents(appID: String, added: Int, count: () throws -> Int) throws {
        guard added > 0, eventsPerApp < .max else { return }
        let after = try count()
        guard after > eventsPerApp else { return }
        throw exceeded(
            .eventsPerApp, "app \(appID) stores \(after - added) receipts and these \(added) would make \(after)",
            remedy: "Receipts go when retention prunes finished publishes (herald serve --retention); report fewer")
    }
}
