import HeraldShared

// The shapes of the services Herald recognises. Sources for each shape are cited
// in docs/providers.md and in the test fixtures.

extension ProviderSpec {
    /// Every built-in provider, in tie-breaking order.
    public static let builtIn: [ProviderSpec] = [
        .herald, .pusherBeams, .oneSignal, .airship, .braze, .iterable, .fcm, .jpush, .getui, .umeng,
    ]

    /// Herald's own gateway: `herald.publishId`, optional `herald.link` and `herald.image`.
    public static let herald = ProviderSpec(
        id: .herald, allOf: ["herald.publishId"], markers: [.init("herald.publishId", weight: 50)],
        idPaths: ["herald.publishId"], linkPaths: ["herald.link"],
        attachmentPaths: ["herald.image", "herald.attachments"], reservedKeys: ["herald"])

    /// Pusher Beams: `data.pusher.publishId`; the app's data sits in `data` beside `pusher`.
    /// `data.pusher.userShouldIgnore: true` marks a push Beams sends for its own SDK.
    public static let pusherBeams = ProviderSpec(
        id: .pusherBeams, allOf: ["data.pusher"], markers: [.init("data.pusher.publishId", weight: 20), .init("data.pusher", weight: 10)],
        idPaths: ["data.pusher.publishId"], container: "data", containerReserved: ["pusher"],
        internalFlags: ["data.pusher.userShouldIgnore"])

    /// OneSignal: `custom.i` id, `custom.u` launch URL, `custom.a` additional data, `att` media by id;
    /// or the newer `os_data` form with the same keys and additional data at the top level.
    public static let oneSignal = ProviderSpec(
        id: .oneSignal, anyOf: ["custom.i", "os_data"],
        markers: [.init("custom.i", weight: 20), .init("os_data", weight: 20), .init("att", weight: 2)],
        idPaths: ["custom.i", "os_data.i"], linkPaths: ["custom.u", "os_data.u"], attachmentPaths: ["att", "os_data.att"],
        reservedKeys: ["custom", "att", "os_data", "buttons"], container: "custom.a", containerIsExclusive: true)

    /// Airship: `_` send id, `^d` deep link, `com.urbanairship.media_attachment` media and content.
    public static let airship = ProviderSpec(
        id: .airship,
        markers: [
            .init(["_"], weight: 8), .init("^d", weight: 5), .init(["com.urbanairship.media_attachment"], weight: 12),
            .init(prefix: "com.urbanairship.", weight: 12),
        ],
        idPaths: [["_"]], linkPaths: [["^d"], ["^u"]],
        attachmentPaths: [
            ["com.urbanairship.media_attachment", "url"], ["com.urbanairship.media_attachment", "urls"],
            ["media_attachment", "url"], ["media_attachment", "urls"],
        ],
        reservedKeys: ["_", "_uamid", "media_attachment"], reservedPrefixes: ["^", "com.urbanairship."],
        titlePaths: [["com.urbanairship.media_attachment", "content", "title"]],
        subtitlePaths: [["com.urbanairship.media_attachment", "content", "subtitle"]],
        bodyPaths: [["com.urbanairship.media_attachment", "content", "body"]])

    /// Braze: the `ab` dictionary (`c` campaign tracking, `att` media), `ab_uri` deep link.
    public static let braze = ProviderSpec(
        id: .braze, allOf: ["ab"], markers: [.init("ab", weight: 15), .init("ab_uri", weight: 5)],
        idPaths: ["ab.c", "ab.cid"], linkPaths: ["ab_uri"], attachmentPaths: ["ab.att"],
        reservedKeys: ["ab", "ab_uri", "ab_use_webview", "ab_cat"])

    /// Iterable: the `itbl` dictionary with `messageId`, `defaultAction` and `attachment-url`.
    public static let iterable = ProviderSpec(
        id: .iterable, allOf: ["itbl"], markers: [.init("itbl", weight: 15)],
        idPaths: ["itbl.messageId", ["messageId"]], linkPaths: ["itbl.defaultAction.data"],
        attachmentPaths: [["itbl", "attachment-url"]], reservedKeys: ["itbl", "notificationType", "messageId"],
        refine: { envelope, payload in
            if payload[path: "itbl.defaultAction.type"]?.stringValue != "openUrl" { envelope.link = nil }
            // `messageId` and `notificationType` at the top level are Iterable's only in ghost pushes.
            if payload[path: "itbl.isGhostPush"]?.boolValue != true {
                for key in ["messageId", "notificationType"] { envelope.data[key] = payload[key] }
                if payload[path: "itbl.messageId"] == nil { envelope.id = nil }
            }
        })

    /// Firebase Cloud Messaging: `gcm.message_id`, `google.c.*`, `fcm_options.image`.
    public static let fcm = ProviderSpec(
        id: .fcm,
        markers: [
            .init(["gcm.message_id"], weight: 20), .init(["google.c.a.e"], weight: 10),
            .init(["google.c.sender.id"], weight: 10), .init(["google.c.fid"], weight: 5), .init("fcm_options", weight: 8),
        ],
        idPaths: [["gcm.message_id"]], linkPaths: [["gcm.app_link"]], attachmentPaths: ["fcm_options.image"],
        reservedKeys: ["fcm_options", "from", "collapse_key"], reservedPrefixes: ["gcm.", "google."],
        titlePaths: [["gcm.notification.title"], ["gcm.n.title"]], bodyPaths: [["gcm.notification.body"], ["gcm.n.body"]])

    /// JPush (极光): `_j_msgid` and the other `_j_` keys; extras at the top level.
    public static let jpush = ProviderSpec(
        id: .jpush, markers: [.init(["_j_msgid"], weight: 20), .init(["_j_business"], weight: 5), .init(["_j_uid"], weight: 5)],
        idPaths: [["_j_msgid"]], reservedPrefixes: ["_j_"])

    /// GeTui (个推): `_ge_`, `_gmid_`, `_gurl_`; transparent data as a JSON string in `payload`.
    public static let getui = ProviderSpec(
        id: .getui, anyOf: [["_gmid_"], ["_ge_"]],
        markers: [.init(["_gmid_"], weight: 20), .init(["_ge_"], weight: 10), .init(["_gurl_"], weight: 5)],
        idPaths: [["_gmid_"]], attachmentPaths: [["_grinfo_"]],
        reservedKeys: ["_ge_", "_gmid_", "_gurl_", "_grinfo_", "_gvp_t_", "_gvp_m_"],
        refine: { envelope, payload in
            // `_grinfo_` types: 1 image, 2 audio, 3 video.
            let kinds: [Int: AttachmentKind] = [1: .image, 2: .audio, 3: .video]
            for item in payload["_grinfo_"]?.arrayValue ?? [] {
                guard let url = item["url"]?.stringValue, let kind = item["type"]?.intValue.flatMap({ kinds[$0] }) else { continue }
                if let index = envelope.attachments.firstIndex(where: { $0.url == url }) { envelope.attachments[index].kind = kind }
            }
        })

    /// UMeng (友盟): `d` message id and `p` policy, both at the top level.
    public static let umeng = ProviderSpec(
        id: .umeng, allOf: ["d", "p"], markers: [.init("d", weight: 6), .init("p", weight: 6)],
        idPaths: ["d"], reservedKeys: ["d", "p"])
}
