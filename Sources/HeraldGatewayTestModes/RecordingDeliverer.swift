import Foundation
import HeraldAPNsModel
import HeraldFCMModel
import HeraldGateway
import HeraldShared

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// TEST MODE (`herald serve --deliverer record:FILE`): sends nothing. Appends every
/// notification of a batch to FILE as one JSON line each, makes them durable with one
/// `fsync`, then answers 200 for each. A test that kills the gateway reads FILE as
/// "what APNs received": a line on disk is a notification that reached APNs. FCM's
/// notifications are lines too, with `"platform": "fcm"` and the message rendered for
/// Android as FCM would receive it.
public final class RecordingDeliverer: PushDeliverer, FCMDeliverer, @unchecked Sendable {
    /// A test mode sends nowhere: an app needs no credentials for it.
    public var sendsWithoutCredentials: Bool { true }

    public let path: String
    private let fd: Int32
    private let lock = NSLock()
    /// Seconds to wait per batch before writing, like a network round trip.
    public let latency: Double

    public init(path: String, latency: Double = 0) throws {
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let code = errno
            throw StorageError("open", path: path, code: code, reason: String(cString: strerror(code)))
        }
        // A process killed mid-write leaves a torn last line: start on a line of our own,
        // or our first record would be glued to it and read as torn too.
        let end = lseek(fd, 0, SEEK_END)
        if end > 0 {
            var last: UInt8 = 0
            if pread(fd, &last, 1, end - 1) == 1, last != UInt8(ascii: "\n") {
                var newline = UInt8(ascii: "\n")
                _ = write(fd, &newline, 1)
            }
        }
        self.fd = fd
        self.path = path
        self.latency = latency
    }

    deinit { close(fd) }

    public func deliver(_ batch: [OutgoingNotification], credentials: APNSCredentials?) async -> [DeliveryOutcome] {
        await TestModeDelivery.wait(latency: latency)
        if let failure = append(batch.map { Self.json($0) }) {
            return batch.map { _ in .transportFailure("record file \(path): \(failure)") }
        }
        return batch.map { .accepted(apnsID: $0.apnsID) }
    }

    /// FCM's batch: one line per notification rendered for Android; one that cannot be
    /// rendered is unsendable (as the FCM deliverer would answer) and not written.
    public func deliver(_ batch: [OutgoingNotification], credentials: FCMCredentials?) async -> [DeliveryOutcome] {
        await TestModeDelivery.wait(latency: latency)
        let now = Date().timeIntervalSince1970
        let rendered = batch.map { notification in Result { () throws(FCMMessageError) in try notification.fcmMessage(now: now) } }
        var lines: [JSONValue] = []
        for (notification, message) in zip(batch, rendered) {
            if case .success(let message) = message { lines.append(Self.json(notification, fcm: message)) }
        }
        if let failure = append(lines) { return batch.map { _ in .transportFailure("record file \(path): \(failure)") } }
        return zip(batch, rendered).map { notification, message in
            switch message {
            case .success: .accepted(apnsID: notification.apnsID)
            case .failure(let error): .unsendable("fcm: \(error)")
            }
        }
    }

    /// A channel is made at once (a random base64 id) and deleted at once; nothing is written.
    public func manageChannel(_ request: ChannelRequest, bundleID: String, credentials: APNSCredentials?) async -> ChannelOutcome {
        TestModeDelivery.channelOutcome(request)
    }

    /// A broadcast is one line, with `channelId` (APNs' id) instead of `token`.
    public func broadcast(_ broadcast: OutgoingBroadcast, credentials: APNSCredentials?) async -> DeliveryOutcome {
        await TestModeDelivery.wait(latency: latency)
        if let failure = append([Self.json(broadcast)]) { return .transportFailure("record file \(path): \(failure)") }
        return .accepted(apnsID: broadcast.requestID)
    }

    /// Appends one line per record and makes them durable with one `fsync`; the error, if any.
    private func append(_ records: [JSONValue]) -> String? {
        var text = ""
        for record in records { text += JSONWriter.serialize(record) + "\n" }
        let bytes = Array(text.utf8)
        return lock.withLock {
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += written
            }
            return fsync(fd) == 0 ? nil : String(cString: strerror(errno))
        }
    }

    /// One record line of a broadcast: the headers APNs would get and the payload as JSON.
    public static func json(_ broadcast: OutgoingBroadcast) -> JSONValue {
        [
            "publishId": .string(broadcast.publishID), "channelId": .string(broadcast.apnsChannelID),
            "heraldChannelId": .string(broadcast.channelID), "apnsId": .string(broadcast.requestID),
            "bundleId": .string(broadcast.bundleID), "pushType": "liveactivity", "priority": .int(broadcast.priority),
            "expiration": broadcast.expiration.map(JSONValue.double) ?? .null,
            "payload": (try? JSONParser().parse(broadcast.payload)) ?? .null,
        ]
    }

    /// One record line of an FCM notification: the message FCM would get, with the
    /// delivery's id under `apnsId` (the same on every attempt, as for APNs).
    public static func json(_ notification: OutgoingNotification, fcm message: FCMMessage) -> JSONValue {
        [
            "platform": "fcm", "publishId": .string(notification.publishID), "token": .string(notification.deviceToken),
            "apnsId": .string(notification.apnsID), "message": message.json,
        ]
    }

    /// One record line: the headers APNs would get and the payload as JSON.
    public static func json(_ notification: OutgoingNotification) -> JSONValue {
        [
            "publishId": .string(notification.publishID), "token": .string(notification.deviceToken),
            "apnsId": .string(notification.apnsID),
            "topic": .string(notification.topic), "pushType": .string(notification.pushType), "priority": .int(notification.priority),
            "expiration": notification.expiration.map(JSONValue.double) ?? .null,
            "collapseId": notification.collapseID.map(JSONValue.string) ?? .null,
            "payload": (try? JSONParser().parse(notification.payload)) ?? .null,
        ]
    }
}
