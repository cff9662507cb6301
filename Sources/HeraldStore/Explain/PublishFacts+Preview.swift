import HeraldShared
import HeraldAPNsModel

extension PublishFacts {
    /// A publish not committed, as the store would keep it under `id` (a placeholder): what
    /// a preview explains. Its payloads carry `herald.publishId` and its collapse id is the
    /// id when none is given, as a committed publish's are.
    public init(preview publish: NewPublish, id: String) {
        var options = publish.options
        options.collapseID = options.collapseID ?? id
        let record = PublishRecord(
            id: id, appID: publish.appID, target: publish.target, filter: publish.filter, payload: publish.storedPayload(id: id),
            options: options, status: publish.initialStatus, createdAt: publish.createdAt, counts: PublishCounts(), failures: [:])
        self.init(
            record: record, fanOutDone: false, pruned: false, updatedAt: publish.createdAt,
            variants: publish.localized.mapValues { publish.storedPayload(id: id, $0) }, keepsInboxMessage: publish.inbox != nil)
    }

    /// When the publish's deliveries are due, unless a local time gives each its own: its
    /// creation, or its `sendAt`.
    public var dueAt: Double { max(record.createdAt, record.options.sendAt ?? 0) }
}

extension PublishFacts {
    /// The job a claim makes of this publish for one token (the variant's payload, the
    /// local time's own instant and the expiry moved with it): what an explanation shows
    /// was, or would be, sent.
    public func job(deviceID: String?, token: String, environment: APNsEnvironment, platform: PushPlatform, variant: String?, dueAt: Double?)
        -> DeliveryJob
    {
        var job = DeliveryJob(
            seq: 0, publishID: record.id, appID: record.appID, deviceID: deviceID, token: token, environment: environment, attempts: 0,
            payload: variant.flatMap { variants[$0] } ?? record.payload, options: record.options,
            apnsID: DeliveryJob.apnsID(publishID: record.id, token: token), inDoubt: false, dueAt: self.dueAt, platform: platform)
        job.due(atOwnInstant: record.options.localTime == nil ? nil : dueAt)
        return job
    }
}
