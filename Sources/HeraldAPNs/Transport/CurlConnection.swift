import CCurl
import Foundation
import HeraldCore

/// One HTTP/2 connection to APNs: a libcurl multi handle limited to one connection,
/// on its own thread, carrying many multiplexed streams.
///
/// libcurl keeps the server's SETTINGS_MAX_CONCURRENT_STREAMS (and
/// `maxConcurrentStreams`, whichever is lower): transfers beyond it wait inside the
/// multi handle. After GOAWAY or a dropped connection libcurl opens a new one for the
/// next transfers and retries streams the server refused.
final class CurlConnection: @unchecked Sendable {
    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))

    let index: Int
    private let multi: UnsafeMutableRawPointer
    private let settings: CurlSettings
    private let logger: any HeraldLogger
    private let queue = Locked(Queue())
    private let finished = DispatchSemaphore(value: 0)
    /// The multi handle's sockets, corked while `curl_multi_perform` writes (see shim.h).
    private let sockets: UnsafeMutablePointer<herald_curl_sockets>
    private var idle: [CurlTransfer] = []
    private var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    private struct Queue {
        var jobs: [TransportJob] = []
        var stopping = false
    }

    init(index: Int, settings: CurlSettings, logger: any HeraldLogger) throws(APNSTransportError) {
        guard Self.globalInit == CURLE_OK else { throw APNSTransportError(code: Int(Self.globalInit.rawValue), message: "curl_global_init failed") }
        guard let multi = curl_multi_init() else { throw APNSTransportError(code: 0, message: "libcurl could not make a multi handle") }
        self.index = index
        self.multi = multi
        self.settings = settings
        self.logger = logger
        sockets = .allocate(capacity: 1)
        herald_curl_sockets_init(sockets)
        for (option, value) in [
            (CURLMOPT_PIPELINING, CURLPIPE_MULTIPLEX), (CURLMOPT_MAX_HOST_CONNECTIONS, 1), (CURLMOPT_MAXCONNECTS, 2),
            (CURLMOPT_MAX_CONCURRENT_STREAMS, settings.maxConcurrentStreams),
        ] {
            let code = herald_curl_multi_setopt_long(multi, option, value)
            guard code == CURLM_OK else {
                curl_multi_cleanup(multi)
                sockets.deallocate()
                throw APNSTransportError(code: Int(code.rawValue), message: "libcurl refused a multi option: \(String(cString: curl_multi_strerror(code)))")
            }
        }
        let thread = Thread { [self] in run() }
        thread.name = "herald-apns-\(index)"
        thread.start()
    }

    deinit {
        curl_multi_cleanup(multi)
        sockets.deallocate()
    }

    /// Queues `job`; its completion runs on this connection's thread. Fails at once when stopping.
    ///
    /// Only the job that finds the queue empty wakes the thread: the thread takes the
    /// whole queue at once, and that wakeup is pending until its next poll, so the jobs
    /// queued behind it need none (one write to libcurl's wakeup socket per batch, not
    /// per request).
    func submit(_ job: TransportJob) {
        let outcome = queue.withLock { state -> Bool? in
            guard !state.stopping else { return nil }
            state.jobs.append(job)
            return state.jobs.count == 1
        }
        guard let wake = outcome else {
            return job.completion(.failure(APNSTransportError(code: 0, message: "the APNs client is shut down")))
        }
        if wake { curl_multi_wakeup(multi) }
    }

    /// Lets queued and running transfers finish, then ends the thread; returns when it has.
    func stop() {
        queue.withLock { $0.stopping = true }
        curl_multi_wakeup(multi)
        finished.wait()
    }

    private func run() {
        var stillRunning: Int32 = 0
        while true {
            let (jobs, stopping) = queue.withLock { state -> ([TransportJob], Bool) in
                defer { state.jobs.removeAll(keepingCapacity: true) }
                return (state.jobs, state.stopping)
            }
            for job in jobs { start(job) }
            herald_curl_sockets_cork(sockets, 1)
            let code = curl_multi_perform(multi, &stillRunning)
            herald_curl_sockets_cork(sockets, 0)
            if code != CURLM_OK { logger.log(.error, "APNs connection \(index): curl_multi_perform: \(String(cString: curl_multi_strerror(code)))") }
            collectDone()
            if stopping && active.isEmpty && queue.withLock({ $0.jobs.isEmpty }) { break }
            _ = curl_multi_poll(multi, nil, 0, 250, nil)
        }
        idle.removeAll()
        finished.signal()
    }

    private func start(_ job: TransportJob) {
        do throws(APNSTransportError) {
            let transfer: CurlTransfer
            if let reused = idle.popLast() { transfer = reused } else { transfer = try CurlTransfer(settings: settings, sockets: sockets) }
            try transfer.prepare(job)
            let code = curl_multi_add_handle(multi, transfer.easy)
            guard code == CURLM_OK else {
                throw APNSTransportError(code: Int(code.rawValue), message: "libcurl could not start a transfer: \(String(cString: curl_multi_strerror(code)))")
            }
            active[transfer.easy] = transfer
        } catch {
            job.completion(.failure(error))
        }
    }

    private func collectDone() {
        var waiting: Int32 = 0
        while let message = curl_multi_info_read(multi, &waiting) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let transfer = active.removeValue(forKey: easy)
            else { continue }
            let reply = transfer.reply(message.pointee.data.result)
            curl_multi_remove_handle(multi, easy)
            let job = transfer.job
            transfer.job = nil
            idle.append(transfer)
            job?.completion(reply)
        }
    }
}
