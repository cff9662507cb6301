import Foundation

/// Keeps accepted notifications: in memory (bounded) and as JSON lines in a file.
///
/// The file is opened for appending (a restarted simulator adds to it) and each line is
/// handed to the kernel with write(2) before the notification is answered, so a record
/// is never missing for a 200, even after kill -9 (no fsync: a power cut may lose it).
/// Written from the server thread, read from tests.
package final class NotificationRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [RecordedNotification] = []
    private let keepLimit: Int
    private var fd: Int32 = -1
    private(set) var count = 0

    package init(file: String?, keep: Int) throws(APNSSimulatorError) {
        keepLimit = keep
        if let file {
            fd = open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                let reason = String(cString: strerror(errno))
                throw APNSSimulatorError(
                    "--record", "\(file): cannot be opened for appending (\(reason)); give a path in a writable folder")
            }
        }
    }

    deinit { close() }

    /// Keeps `notification` and appends its line to the file. `false` when the file could
    /// not take it (a full disk): the caller must not answer 200 for it.
    func record(_ notification: RecordedNotification) -> Bool {
        if fd >= 0 {
            let line = Array((notification.jsonLine + "\n").utf8)
            guard Self.writeAll(fd, line) else { return false }
        }
        lock.withLock {
            count += 1
            if kept.count < keepLimit { kept.append(notification) }
        }
        return true
    }

    /// Appends `line` (one JSON object) to the file and counts it; `false` when the file
    /// could not take it. For another service's records (the FCM simulator's).
    package func record(line: String) -> Bool {
        if fd >= 0 {
            guard Self.writeAll(fd, Array((line + "\n").utf8)) else { return false }
        }
        lock.withLock { count += 1 }
        return true
    }

    /// write(2) until every byte is in the file (short writes and EINTR retried).
    private static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { write(fd, $0 + offset, raw.count - offset) } ?? 0
            }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    package func close() {
        guard fd >= 0 else { return }
        _ = Glibc.close(fd)
        fd = -1
    }

    var notifications: [RecordedNotification] { lock.withLock { kept } }

    var total: Int { lock.withLock { count } }

    func reset() {
        lock.withLock {
            kept.removeAll()
            count = 0
        }
    }
}
