import Foundation

/// Keeps accepted notifications: in memory (bounded) and as JSON lines in a file.
///
/// Written from the server thread, read from tests; the file is written every 256 KiB,
/// at most 0.1 s after a notification was accepted (`herald device` follows the file
/// live), and when the simulator stops, so recording never slows the server down.
final class NotificationRecorder: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [RecordedNotification] = []
    private let keepLimit: Int
    private var handle: FileHandle?
    private var pending: [UInt8] = []
    /// When the oldest notification not yet written was accepted (monotonic seconds).
    private var pendingSince: Double?
    private(set) var count = 0

    init(file: String?, keep: Int) throws(APNSSimulatorError) {
        keepLimit = keep
        if let file {
            guard FileManager.default.createFile(atPath: file, contents: nil), let handle = FileHandle(forWritingAtPath: file) else {
                throw APNSSimulatorError("--record", "\(file): cannot be created; give a path in a writable folder")
            }
            self.handle = handle
        }
    }

    func record(_ notification: RecordedNotification) {
        lock.lock()
        count += 1
        if kept.count < keepLimit { kept.append(notification) }
        lock.unlock()
        guard handle != nil else { return }
        pending.append(contentsOf: notification.jsonLine.utf8)
        pending.append(0x0a)
        if pending.count >= 256 * 1024 { flush() }
    }

    /// Whether notifications wait to be written (the server loop then polls briefly).
    var hasPending: Bool { !pending.isEmpty }

    /// Writes what is pending when the oldest of it has waited 0.1 s (server thread).
    func flushIfDue(now: Double) {
        guard !pending.isEmpty else { return }
        guard let since = pendingSince else {
            pendingSince = now
            return
        }
        if now - since >= 0.1 { flush() }
    }

    /// Writes what is pending to the file (server thread, or after it stopped).
    func flush() {
        guard let handle, !pending.isEmpty else { return }
        try? handle.write(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
        pendingSince = nil
    }

    func close() {
        flush()
        try? handle?.close()
        handle = nil
    }

    var notifications: [RecordedNotification] {
        lock.lock()
        defer { lock.unlock() }
        return kept
    }

    var total: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func reset() {
        lock.lock()
        kept.removeAll()
        count = 0
        lock.unlock()
    }
}
