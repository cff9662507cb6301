extension EventTally {
    /// Records a request's receipts by the rules both stores keep, through the store's own
    /// calls inside its transaction: `publishExists(id)` (asked once per publish),
    /// `deliveryState(event)` (the stored state of the delivery of that publish to that
    /// device of the app; nil when it has none), `insert(event, counted)` (false when the
    /// same receipt is there already) and `count(event, series)` (adds one to the publish's
    /// counter and its history).
    static func record(
        _ events: [DeviceEvent], publishExists: (String) throws -> Bool, deliveryState: (DeviceEvent) throws -> Int?,
        insert: (DeviceEvent, _ counted: Bool) throws -> Bool, count: (DeviceEvent, PublishTimeline.Series) throws -> Void
    ) throws -> EventTally {
        var tally = EventTally()
        var known: [String: Bool] = [:]
        for event in events {
            let exists = try known[event.publishID] ?? publishExists(event.publishID)
            known[event.publishID] = exists
            guard exists else {
                tally.unknownPublishes += 1
                continue
            }
            // Only a device the publish was sent to, and that APNs accepted, can report on
            // it: a leaked client key or a made-up device id cannot inflate the statistics.
            guard let state = try deliveryState(event) else {
                tally.notTargeted += 1
                continue
            }
            // A device can hear of a push before the gateway hears APNs' 200: such a
            // receipt is kept, uncounted, and counted when the delivery is marked sent.
            let counted: Bool
            switch DeliveryState(rawValue: state) {
            case .sent: counted = true
            case .pending, .inFlight: counted = false
            case .failed, .invalidated, .cancelled, .none:
                tally.notSent += 1
                continue
            }
            guard try insert(event, counted) else {
                tally.duplicates += 1
                continue
            }
            guard counted else {
                tally.pending += 1
                continue
            }
            tally.accepted += 1
            if let series = event.kind.series { try count(event, series) }
        }
        return tally
    }
}
