import CCurl
import Foundation

/// One libcurl easy handle and the state of the exchange it carries.
///
/// Handles are reused: options that never change are set once, and each job sets
/// only its URL, headers and body. Used on its connection's thread only.
final class CurlTransfer {
    let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var body: UnsafeMutableRawPointer?
    private var errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    var job: TransportJob?
    var answer = TransportAnswer(status: 0, body: [])

    init(settings: CurlSettings, sockets: UnsafeMutablePointer<herald_curl_sockets>) throws(APNSTransportError) {
        guard let easy = curl_easy_init() else { throw APNSTransportError(code: 0, message: "libcurl could not make an easy handle") }
        self.easy = easy
        errorBuffer.initialize(to: 0)
        let context = Unmanaged.passUnretained(self).toOpaque()
        try check(herald_curl_easy_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS)), "HTTP/2")
        try check(herald_curl_easy_setopt_long(easy, CURLOPT_PIPEWAIT, 1), "PIPEWAIT")
        try check(herald_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1), "NOSIGNAL")
        try check(herald_curl_easy_setopt_long(easy, CURLOPT_TCP_NODELAY, 1), "TCP_NODELAY")
        try check(herald_curl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, Int(settings.requestTimeout * 1000)), "TIMEOUT")
        try check(herald_curl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, Int(settings.connectTimeout * 1000)), "CONNECTTIMEOUT")
        try check(herald_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer), "ERRORBUFFER")
        try check(herald_curl_easy_setopt_pointer(easy, CURLOPT_PRIVATE, context), "PRIVATE")
        try check(herald_curl_easy_track_sockets(easy, sockets), "SOCKOPTFUNCTION")
        try check(herald_curl_easy_setopt_callback(easy, CURLOPT_WRITEFUNCTION, CurlTransfer.receiveBody), "WRITEFUNCTION")
        try check(herald_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context), "WRITEDATA")
        try check(herald_curl_easy_setopt_callback(easy, CURLOPT_HEADERFUNCTION, CurlTransfer.receiveHeader), "HEADERFUNCTION")
        try check(herald_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context), "HEADERDATA")
        if let ca = settings.caFile { try check(herald_curl_easy_setopt_string(easy, CURLOPT_CAINFO, ca), "CAINFO \(ca)") }
        if let certificate = settings.certificate { try setCertificate(certificate) }
    }

    /// The client certificate and its key: file names, or bytes libcurl copies (a blob),
    /// so that a certificate held in memory is never written to disk.
    private func setCertificate(_ certificate: APNSClientCertificate) throws(APNSTransportError) {
        switch certificate.certificate {
        case .file(let path): try check(herald_curl_easy_setopt_string(easy, CURLOPT_SSLCERT, path), "SSLCERT")
        case .memory(let bytes): try check(bytes.withUnsafeBytes { herald_curl_easy_setopt_sslcert_blob(easy, $0.baseAddress, $0.count) }, "SSLCERT_BLOB")
        }
        try check(herald_curl_easy_setopt_string(easy, CURLOPT_SSLCERTTYPE, certificate.format.rawValue), "SSLCERTTYPE")
        switch certificate.key {
        case .file(let path)?: try check(herald_curl_easy_setopt_string(easy, CURLOPT_SSLKEY, path), "SSLKEY")
        case .memory(let bytes)?: try check(bytes.withUnsafeBytes { herald_curl_easy_setopt_sslkey_blob(easy, $0.baseAddress, $0.count) }, "SSLKEY_BLOB")
        case nil: break
        }
        if let password = certificate.password { try check(herald_curl_easy_setopt_string(easy, CURLOPT_KEYPASSWD, password), "KEYPASSWD") }
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        body?.deallocate()
        errorBuffer.deallocate()
    }

    /// Points the handle at `job`'s URL, headers and body.
    func prepare(_ job: TransportJob) throws(APNSTransportError) {
        self.job = job
        answer = TransportAnswer(status: 0, body: [])
        errorBuffer.pointee = 0
        curl_slist_free_all(headerList)
        headerList = nil
        for header in job.headers + ["content-type: application/json", "accept:"] {
            guard let appended = curl_slist_append(headerList, header) else { throw APNSTransportError(code: 0, message: "libcurl could not copy a header") }
            headerList = appended
        }
        body?.deallocate()
        let stored = UnsafeMutableRawPointer.allocate(byteCount: max(job.body.count, 1), alignment: 1)
        job.body.withUnsafeBytes { if let base = $0.baseAddress { stored.copyMemory(from: base, byteCount: $0.count) } }
        body = stored
        try check(herald_curl_easy_setopt_string(easy, CURLOPT_URL, job.url), "URL")
        try check(herald_curl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList), "HTTPHEADER")
        switch job.method {
        case .post:
            try check(herald_curl_easy_setopt_long(easy, CURLOPT_POST, 1), "POST")
            try check(herald_curl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, nil), "CUSTOMREQUEST")
            try check(herald_curl_easy_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(job.body.count)), "POSTFIELDSIZE")
            try check(herald_curl_easy_setopt_pointer(easy, CURLOPT_POSTFIELDS, stored), "POSTFIELDS")
        case .get, .delete:
            // HTTPGET undoes POST on a reused handle; DELETE is a GET with another method name.
            try check(herald_curl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1), "HTTPGET")
            try check(herald_curl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, job.method == .delete ? "DELETE" : nil), "CUSTOMREQUEST")
        }
    }

    /// The reply once libcurl reports the transfer done with `code`.
    func reply(_ code: CURLcode) -> TransportReply {
        guard code == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            let text = String(cString: curl_easy_strerror(code))
            return .failure(APNSTransportError(code: Int(code.rawValue), message: detail.isEmpty ? text : "\(text): \(detail)"))
        }
        var status = 0
        _ = herald_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var version = 0
        _ = herald_curl_easy_getinfo_long(easy, CURLINFO_HTTP_VERSION, &version)
        guard version == Int(CURL_HTTP_VERSION_2_0) else {
            return .failure(APNSTransportError(code: 0, message: "the server did not speak HTTP/2 (ALPN h2); APNs and its simulators always do, so check the endpoint URL"))
        }
        answer.status = status
        return .answer(answer)
    }

    private func check(_ code: CURLcode, _ option: String) throws(APNSTransportError) {
        guard code == CURLE_OK else {
            throw APNSTransportError(code: Int(code.rawValue), message: "libcurl refused option \(option): \(String(cString: curl_easy_strerror(code)))")
        }
    }

    private static let receiveBody: herald_curl_data_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        if transfer.answer.body.count < 64 * 1024 {
            data.withMemoryRebound(to: UInt8.self, capacity: length) { transfer.answer.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length)) }
        }
        return length
    }

    private static let receiveHeader: herald_curl_data_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let length = size * count
        // Only five headers matter; the others (and the status line) are skipped
        // without making strings.
        data.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
            let line = UnsafeBufferPointer(start: bytes, count: length)
            if let value = headerValue(line, named: apnsIDName) {
                transfer.answer.apnsID = value
            } else if let value = headerValue(line, named: uniqueIDName) {
                transfer.answer.uniqueID = value
            } else if let value = headerValue(line, named: retryAfterName) {
                transfer.answer.retryAfter = Double(value)
            } else if let value = headerValue(line, named: requestIDName) {
                transfer.answer.requestID = value
            } else if let value = headerValue(line, named: channelIDName) {
                transfer.answer.channelID = value
            }
        }
        return length
    }

    private static let apnsIDName = Array("apns-id:".utf8)
    private static let uniqueIDName = Array("apns-unique-id:".utf8)
    private static let retryAfterName = Array("retry-after:".utf8)
    private static let requestIDName = Array("apns-request-id:".utf8)
    private static let channelIDName = Array("apns-channel-id:".utf8)

    /// The trimmed value of the header line `line` when its name (with the colon,
    /// lowercase) is `name`, compared without regard to case.
    static func headerValue(_ line: UnsafeBufferPointer<UInt8>, named name: [UInt8]) -> String? {
        guard line.count >= name.count else { return nil }
        for i in 0..<name.count {
            var byte = line[i]
            if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
            guard byte == name[i] else { return nil }
        }
        var start = name.count
        var end = line.count
        func blank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        while start < end && blank(line[start]) { start += 1 }
        while end > start && blank(line[end - 1]) { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
    }
}
