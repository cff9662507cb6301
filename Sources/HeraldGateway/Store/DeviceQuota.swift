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

    public init(interestsPerDevice: Int = 100, devicesPerApp: Int = 1_000_000, subscriptionsPerApp: Int = 10_000_000) {
        self.interestsPerDevice = interestsPerDevice
        self.devicesPerApp = devicesPerApp
        self.subscriptionsPerApp = subscriptionsPerApp
    }

    /// No limit (imports by the operator, tests).
    public static let unlimited = DeviceQuota(interestsPerDevice: .max, devicesPerApp: .max, subscriptionsPerApp: .max)

    /// One of the limits, named as `herald serve` names it.
    public enum Limit: String, Sendable, CaseIterable {
        case interestsPerDevice = "max-interests-per-device"
        case devicesPerApp = "max-devices-per-app"
        case subscriptionsPerApp = "max-subscriptions-per-app"

        /// The `herald serve` option that sets it.
        public var flag: String { "--" + rawValue }
    }

    public subscript(limit: Limit) -> Int {
        get {
            switch limit {
            case .interestsPerDevice: interestsPerDevice
            case .devicesPerApp: devicesPerApp
            case .subscriptionsPerApp: subscriptionsPerApp
            }
        }
        set {
            switch limit {
            case .interestsPerDevice: interestsPerDevice = newValue
            case .devicesPerApp: devicesPerApp = newValue
            case .subscriptionsPerApp: subscriptionsPerApp = newValue
            }
        }
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
