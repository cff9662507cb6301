import CCurl
import Foundation
import HeraldGateway
import HeraldShared

/// Webhook requests over libcurl's multi interface, all on one thread: many endpoints at
/// once, each request bounded by its timeout, so a slow endpoint holds nothing but its own
/// transfer. No redirects are followed, no proxy from the environment is used, only the
/// scheme the policy allows is spoken, and every address a request connects to is asked of
/// the policy first (`herald_curl_guarded_open`): a name that resolves to a refused address
/// now fails as `refused:` without a connection.
public final class CurlWebhookTransport: WebhookTransport, @unchecked Sendable {
    private static let globalInit: CURLcode = herald_curl_global_init()
    private let policy: WebhookAddressPolicy
    private let lock = NSLock()
    private let multi: UnsafeMutableRawPointer
    private var adds: [Transfer] = []
    private var active: [UnsafeMutableRawPointer: Transfer] = [:]
    private var running = false

    public init(policy: WebhookAddressPolicy) throws {
        guard Self.globalInit == CURLE_OK, let multi = curl_multi_init() else {
            throw WebhookURLTransportError("libcurl could not be started")
        }
        self.policy = policy
        self.multi = multi
    }

    deinit { curl_multi_cleanup(multi) }

    public func post(_ request: WebhookRequest, completion: @escaping @Sendable (WebhookAnswer) -> Void) {
        let transfer: Transfer
        do {
            transfer = try Transfer(request, policy: policy, completion: completion)
        } catch {
            return completion(WebhookAnswer(status: nil, error: "\(error)"))
        }
        let start = lock.withLock {
            adds.append(transfer)
            defer { running = true }
            return !running
        }
        if start {
            let thread = Thread { [self] in run() }
            thread.name = "herald-webhook-io"
            thread.start()
        } else {
            curl_multi_wakeup(multi)
        }
    }

    private func run() {
        while takeAdds() {
            var stillRunning: Int32 = 0
            curl_multi_perform(multi, &stillRunning)
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                    let transfer = active.removeValue(forKey: easy)
                else { continue }
                let code = herald_curl_msg_result(message)
                curl_multi_remove_handle(multi, easy)
                transfer.completion(transfer.answer(code))
            }
            if active.isEmpty { continue }
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
    }

    /// Starts the transfers added; false (the thread ends) when none is left.
    private func takeAdds() -> Bool {
        let added: [Transfer] = lock.withLock {
            defer { adds = [] }
            if adds.isEmpty && active.isEmpty { running = false }
            return adds
        }
        for transfer in added {
            active[transfer.handle] = transfer
            curl_multi_add_handle(multi, transfer.handle)
        }
        return !active.isEmpty
    }

    /// One request on an easy handle; its body is discarded as it arrives.
    final class Transfer: @unchecked Sendable {
        let handle: UnsafeMutableRawPointer
        let completion: @Sendable (WebhookAnswer) -> Void
        private let policy: WebhookAddressPolicy
        private var headers: UnsafeMutablePointer<curl_slist>?
        private let guardian = UnsafeMutablePointer<herald_curl_address_guard>.allocate(capacity: 1)
        private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        private(set) var refusal: String?

        init(_ request: WebhookRequest, policy: WebhookAddressPolicy, completion: @escaping @Sendable (WebhookAnswer) -> Void) throws {
            guard let handle = curl_easy_init() else { throw WebhookURLTransportError("curl_easy_init failed") }
            self.handle = handle
            self.policy = policy
            self.completion = completion
            errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
            let me = Unmanaged.passUnretained(self).toOpaque()
            guardian.initialize(
                to: herald_curl_address_guard(
                    check: { context, address in
                        guard let context else { return 0 }
                        return Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue().allows(address) ? 1 : 0
                    }, context: me, refused: 0))
            for (name, value) in request.headers + [("Expect", "")] {
                headers = curl_slist_append(headers, value.isEmpty ? "\(name):" : "\(name): \(value)")
            }
            let discard: herald_curl_data_callback = { _, size, count, _ in size * count }
            try check(herald_curl_easy_setopt_string(handle, CURLOPT_URL, request.url), "URL")
            try check(
                herald_curl_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, policy.allowHTTP ? "http,https" : "https"), "protocols")
            try check(herald_curl_easy_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0), "no redirects")
            try check(herald_curl_easy_setopt_string(handle, CURLOPT_PROXY, ""), "no proxy")
            try check(herald_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1), "no signals")
            try check(herald_curl_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(request.timeout * 1000)), "timeout")
            try check(herald_curl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, headers), "headers")
            try check(herald_curl_easy_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)), "body size")
            try request.body.withUnsafeBytes { bytes in
                try check(herald_curl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!)), "body")
            }
            try check(herald_curl_easy_setopt_callback(handle, CURLOPT_WRITEFUNCTION, discard), "write callback")
            try check(herald_curl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer), "error buffer")
            try check(herald_curl_easy_guard_addresses(handle, guardian), "address guard")
        }

        deinit {
            curl_easy_cleanup(handle)
            curl_slist_free_all(headers)
            guardian.deallocate()
            errorBuffer.deallocate()
        }

        private func allows(_ address: UnsafePointer<sockaddr>?) -> Bool {
            guard let ip = IPAddress(socketAddress: address) else { return false }
            if let why = policy.refusal(ip) {
                refusal = why
                return false
            }
            return true
        }

        func answer(_ code: CURLcode) -> WebhookAnswer {
            if let refusal { return WebhookAnswer(status: nil, error: "refused: " + refusal) }
            guard code == CURLE_OK else {
                let detail = String(cString: errorBuffer)
                return WebhookAnswer(status: nil, error: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
            }
            var status = 0
            _ = herald_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            return WebhookAnswer(status: status)
        }

        private func check(_ code: CURLcode, _ what: String) throws {
            guard code == CURLE_OK else { throw WebhookURLTransportError("libcurl refused the \(what): \(String(cString: curl_easy_strerror(code)))") }
        }
    }
}

struct WebhookURLTransportError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
