import HeraldAPNsModel

/// Devices: registrations, device keys, interests, users, and the console's device lookups.
public protocol DeviceStore: AnyObject, Sendable {
    /// Registers a token, or updates the device that already has it (same id,
    /// `created` false), and gives it the registration's new key unless the caller
    /// presented the key it has. Throws `limitExceeded` past 100 devices per user, and
    /// `quotaExceeded` (storing nothing) when it would take the app past `quota`.
    func registerDevice(appID: String, _ registration: DeviceRegistration, quota: DeviceQuota, now: Double) throws -> RegisteredDevice
    /// Registers many devices in one transaction (an import from another provider, a
    /// benchmark), read from `source` one at a time so that none is held longer than its
    /// turn: all or none (an error from the source rolls everything back). How many were new.
    func importDevices(appID: String, from source: DeviceImportSource, quota: DeviceQuota, now: Double) throws -> Int
    /// How many devices and interest subscriptions the app has (the counts its quota is
    /// checked against; (0, 0) for no such app).
    func usage(appID: String) throws -> (devices: Int, subscriptions: Int)
    func device(appID: String, id: String) throws -> DeviceRecord?
    /// The id of the app's device whose key hashes to `keyHash`.
    func deviceID(appID: String, keyHash: String) throws -> String?
    func deviceKeyState(appID: String, id: String) throws -> DeviceKeyState
    /// How many of the app's devices have no device key yet.
    func keylessDeviceCount(appID: String) throws -> Int
    /// `false` when no such device; `quotaExceeded` (changing nothing) past `quota`.
    func setInterests(appID: String, deviceID: String, _ interests: [String], quota: DeviceQuota, now: Double) throws -> Bool
    func setUser(appID: String, deviceID: String, _ userID: String?, now: Double) throws -> Bool
    /// Sets the attributes the change names, keeping the others; `false` when no such device.
    func setAttributes(appID: String, deviceID: String, _ change: DeviceAttributes, now: Double) throws -> Bool
    func deleteDevice(appID: String, deviceID: String, now: Double) throws -> Bool
    /// Everything kept about the app's user `userID` (empty when nothing is).
    func userData(appID: String, userID: String) throws -> UserData
    /// Deletes everything kept about the user, in one transaction, and how many rows of each
    /// kind went (all 0 when nothing was kept). Deliveries to the user's devices not
    /// finished yet count as failed, so their publishes finish.
    func deleteUser(appID: String, userID: String, now: Double) throws -> UserDeletion
    /// The app's devices that match, oldest first (one statement, whatever the limit).
    func devices(appID: String, matching lookup: DeviceLookup, limit: Int) throws -> [DeviceRecord]
}

extension DeviceStore {
    /// Imports without a quota: the operator's own import is not held to the limits set
    /// for client keys.
    public func importDevices(appID: String, _ registrations: [DeviceRegistration], now: Double) throws -> Int {
        try importDevices(appID: appID, registrations, quota: .unlimited, now: now)
    }

    /// Imports registrations already in memory.
    public func importDevices(appID: String, _ registrations: [DeviceRegistration], quota: DeviceQuota, now: Double) throws -> Int {
        try importDevices(appID: appID, from: DeviceImportSource(registrations), quota: quota, now: now)
    }
}

/// The registrations an import reads, in order, one at a time. `open` starts them from the
/// beginning each time it is called: a transaction that runs again (PostgreSQL runs one
/// again after a deadlock) reads them again.
public struct DeviceImportSource: Sendable {
    public let open: @Sendable () throws -> () throws -> DeviceRegistration?

    public init(open: @escaping @Sendable () throws -> () throws -> DeviceRegistration?) {
        self.open = open
    }

    /// Registrations already in memory.
    public init(_ registrations: [DeviceRegistration]) {
        open = {
            var iterator = registrations.makeIterator()
            return { iterator.next() }
        }
    }
}
