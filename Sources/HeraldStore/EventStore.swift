import HeraldAPNsModel

/// Receipts (delivered, opened, actions) that devices report.
public protocol EventStore: AnyObject, Sendable {
    /// Receipts count only from devices the publish was sent to and APNs accepted; one
    /// whose delivery is still pending or in flight is kept and counted if APNs accepts.
    /// A counted receipt counts no earlier than its delivery was sent. Throws, storing
    /// nothing of the request, `limitExceeded` past `DeviceQuota.actionsPerDelivery` and
    /// `quotaExceeded` past the app's `quota.eventsPerApp`.
    func recordEvents(appID: String, _ events: [DeviceEvent], quota: DeviceQuota) throws -> EventTally
    /// How many receipts the app stores (the count its events quota is checked against; 0
    /// for no such app).
    func eventCount(appID: String) throws -> Int
}
