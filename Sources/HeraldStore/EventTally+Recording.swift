extension EventTally {
    /// Records a request's receipts by the rules both stores keep, through the store's own
    /// calls inside its transaction: `publishExists(id)` (asked once per publish),
    /// `delivery(event)` (the stored state of the delivery of that publish to that device
    /// of the app, and when it last changed, which for a sent one is when it was sent; nil
    /// when it has none), `insert(event, counted)` (false when the same receipt is there
    /// already), `actions(event)` (the different action ids stored for that delivery),
    /// `count(event, series)` (adds one to the publish's counter and its history) and
    /// `storedEvents()` (the app's receipts, for `quota`); `counted(events)` gets those
    /// counted now, once the quota allows them (their events are logged). Past `DeviceQuota.actionsPerDelivery`
    /// or the quota it throws, and the store's transaction stores nothing of the request.
    static func record(
        _ events: [DeviceEvent], appID: String, quota: DeviceQuota, publishExists: (String) throws -> Bool,
        delivery: (DeviceEvent) throws -> (state: Int, changedAt: Double)?, insert: (DeviceEvent, _ counted: Bool) throws -> Bool,
        actions: (DeviceEvent) throws -> Int, count: (DeviceEvent, PublishTimeline.Series) throws -> Void,
        storedEvents: () throws -> Int, counted: ([DeviceEvent]) throws -> Void
    ) throws -> EventTally {
        var tally = EventTally()
        var countedNow: [DeviceEvent] = []
        var known: [String: Bool] = [:]
        for var event in events {
            let exists = try known[event.publishID] ?? publishExists(event.publishID)
            known[event.publishID] = exists
            guard exists else {
                tally.unknownPublishes += 1
                continue
            }
            // Only a device the publish was sent to, and that APNs accepted, can report on
            // it: a leaked client key or a made-up device id cannot inflate the statistics.
            guard let (state, changedAt) = try delivery(event) else {
                tally.notTargeted += 1
                continue
            }
            // A device can hear of a push before the gateway hears APNs' 200: such a
            // receipt is kept, uncounted, and counted when the delivery is marked sent.
            let counted: Bool
            switch DeliveryState(rawValue: state) {
            case .sent: counted = true
            case .pending, .inFlight: counted = false
            case .failed, .invalidated, .cancelled, .capped, .none:
                tally.notSent += 1
                continue
            }
            // A device's clock behind the gateway's cannot put a receipt before its push.
            if counted { event.at = max(event.at, changedAt) }
            guard try insert(event, counted) else {
                tally.duplicates += 1
                continue
            }
            if event.kind == .action, try actions(event) > DeviceQuota.actionsPerDelivery {
                throw DeviceQuota.actionsExceeded(event)
            }
            guard counted else {
                tally.pending += 1
                continue
            }
            tally.accepted += 1
            countedNow.append(event)
            if let series = event.kind.series { try count(event, series) }
        }
        try quota.checkEvents(appID: appID, added: tally.accepted + tally.pending, count: storedEvents)
        try counted(countedNow)
        return tally
    }
}
