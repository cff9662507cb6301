#if canImport(CCurl)
import CCurl
import Foundation
import HeraldCore

/// Drives every transfer of a downloader on one thread with libcurl's multi
/// interface. Adding and cancelling come from any thread and wake the loop at
/// once (`curl_multi_wakeup`), so a cancelled transfer stops without waiting for
/// a stalled server. The thread exits when there is nothing to do.
final class CurlMultiLoop: @unchecked Sendable {
    private static let globalInit: CURLcode = herald_curl_global_init()

    private let lock = NSLock()
    private let multi: UnsafeMutableRawPointer
    private var adds: [CurlTransfer] = []
    private var cancels: [ObjectIdentifier] = []
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var running = false

    init() throws(AttachmentSkip) {
        guard Self.globalInit == CURLE_OK else {
            throw AttachmentSkip(.transfer("curl_global_init failed: \(String(cString: curl_easy_strerror(Self.globalInit)))"))
        }
        guard let multi = curl_multi_init() else { throw AttachmentSkip(.transfer("curl_multi_init failed")) }
        self.multi = multi
    }

    deinit {
        curl_multi_cleanup(multi)
    }

    /// Starts `transfer`; its completion runs on the loop's thread.
    func add(_ transfer: CurlTransfer) {
        let start = lock.withLock {
            adds.append(transfer)
            defer { running = true }
            return !running
        }
        if start {
            let thread = Thread { [self] in run() }
            thread.name = "herald.download"
            thread.start()
        } else {
            curl_multi_wakeup(multi)
        }
    }

    /// Whether no transfer is running or waiting (cancelled ones are cleaned up).
    var isIdle: Bool { lock.withLock { !running } }

    /// Stops `transfer` and deletes its partial file; its completion is not called.
    func cancel(_ transfer: CurlTransfer) {
        lock.withLock { cancels.append(ObjectIdentifier(transfer)) }
        curl_multi_wakeup(multi)
    }

    private func run() {
        while takeWork() {
            var stillRunning: Int32 = 0
            curl_multi_perform(multi, &stillRunning)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                    let transfer = active.removeValue(forKey: easy)
                else { continue }
                let code = herald_curl_msg_result(message)
                curl_multi_remove_handle(multi, easy)
                transfer.completion(transfer.finish(code))
            }
            // Nothing left running: back to takeWork at once, which ends the thread when idle.
            if active.isEmpty { continue }
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
    }

    /// Applies pending adds and cancels; false (and the loop ends) when nothing is left.
    private func takeWork() -> Bool {
        let (newTransfers, cancelled): ([CurlTransfer], Set<ObjectIdentifier>) = lock.withLock {
            defer {
                adds = []
                cancels = []
            }
            return (adds, Set(cancels))
        }
        for transfer in newTransfers {
            if cancelled.contains(ObjectIdentifier(transfer)) {
                transfer.abandon()
            } else if curl_multi_add_handle(multi, transfer.handle) == CURLM_OK {
                active[transfer.handle] = transfer
            } else {
                transfer.completion(.failure(AttachmentSkip(.transfer("curl_multi_add_handle failed"))))
            }
        }
        for (easy, transfer) in active where cancelled.contains(ObjectIdentifier(transfer)) {
            curl_multi_remove_handle(multi, easy)
            active[easy] = nil
            transfer.abandon()
        }
        return lock.withLock {
            if active.isEmpty && adds.isEmpty {
                running = false
                return false
            }
            return true
        }
    }
}
#endif
