import CMicroHTTPD
import Foundation

/// An HTTP/1.1 server on GNU libmicrohttpd: a pool of polling threads (epoll on Linux),
/// a connection limit, an idle timeout and a body size limit. Each complete request is
/// handed to `handler` on one of the pool's threads.
public final class HTTPServer: @unchecked Sendable {
    public struct Configuration: Sendable {
        /// Polling threads; each handles many connections.
        public var threads: Int = max(2, ProcessInfo.processInfo.activeProcessorCount)
        /// Connections open at once; more are refused at accept.
        public var connectionLimit: Int = 1024
        /// Seconds a connection may stay idle (slow clients included) before it is closed.
        public var timeoutSeconds: Int = 30
        /// Largest request body read; a larger one is discarded and answered 413.
        public var maxBodyBytes: Int = 1 << 20
        /// Memory per connection for headers and buffers.
        public var memoryLimitBytes: Int = 64 * 1024

        public init() {}
    }

    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    public let address: ListenAddress
    public let configuration: Configuration
    let handler: Handler
    private var daemon: OpaquePointer?
    private let lock = NSLock()

    /// Starts listening; the actual port (when 0 was asked) is in `port`.
    public init(address: ListenAddress, configuration: Configuration = Configuration(), handler: @escaping Handler) throws(HTTPServerError)
    {
        self.address = address
        self.configuration = configuration
        self.handler = handler
        var flags = UInt32(MHD_USE_INTERNAL_POLLING_THREAD.rawValue) | UInt32(MHD_USE_ERROR_LOG.rawValue)
        #if os(Linux)
            flags |= UInt32(MHD_USE_EPOLL.rawValue)
        #else
            flags |= UInt32(MHD_USE_AUTO.rawValue)
        #endif
        if address.isIPv6 { flags |= UInt32(MHD_USE_IPv6.rawValue) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = address.withSocketAddress { socketAddress in
            herald_mhd_start(
                flags, socketAddress, httpServerAccess, context, httpServerCompleted, context, UInt32(max(1, configuration.threads)),
                UInt32(max(1, configuration.connectionLimit)), UInt32(max(1, configuration.timeoutSeconds)), configuration.memoryLimitBytes)
        }
        guard daemon != nil else {
            let code = errno
            throw HTTPServerError(
                .startFailed,
                "cannot listen on \(address): \(String(cString: strerror(code))); is another process using the port? (--listen HOST:PORT picks another)"
            )
        }
    }

    deinit { stop() }

    /// The port listened on.
    public var port: UInt16 {
        lock.withLock { daemon.map { herald_mhd_bound_port($0) } ?? 0 }
    }

    /// Stops accepting, closes connections, and waits for the threads to end.
    public func stop() {
        let running: OpaquePointer? = lock.withLock {
            defer { daemon = nil }
            return daemon
        }
        if let running { MHD_stop_daemon(running) }
    }

    /// A request being read: its body so far.
    final class RequestState {
        var body: [UInt8] = []
        var tooLarge = false
    }

    func access(
        _ connection: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?, _ upload: UnsafePointer<CChar>?,
        _ uploadSize: UnsafeMutablePointer<Int>?, _ stateSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> MHD_Result {
        guard let stateSlot, let uploadSize else { return MHD_Result.NO }
        guard let pointer = stateSlot.pointee else {
            stateSlot.pointee = Unmanaged.passRetained(RequestState()).toOpaque()
            return MHD_Result.YES
        }
        let state = Unmanaged<RequestState>.fromOpaque(pointer).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            if !state.tooLarge, let upload {
                if state.body.count + count > configuration.maxBodyBytes {
                    state.tooLarge = true
                    state.body = []
                } else {
                    upload.withMemoryRebound(to: UInt8.self, capacity: count) {
                        state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                    }
                }
            }
            uploadSize.pointee = 0
            return MHD_Result.YES
        }
        var headers: [String: String] = [:]
        for name in ["Authorization", "Content-Type", "Accept"] {
            if let value = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, name) {
                headers[name] = String(cString: value)
            }
        }
        let path = url.map { String(cString: $0) } ?? "/"
        let request = HTTPRequest(
            method: method.map { String(cString: $0) } ?? "GET", path: String(path.prefix { $0 != "?" }), headers: headers,
            body: state.body,
            bodyTooLarge: state.tooLarge)
        let response = handler(request)
        return respond(connection, response)
    }

    private func respond(_ connection: OpaquePointer?, _ response: HTTPResponse) -> MHD_Result {
        let created = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
        guard let created else { return MHD_Result.NO }
        defer { MHD_destroy_response(created) }
        for (name, value) in response.headers {
            guard MHD_add_response_header(created, name, value) == MHD_Result.YES else { return MHD_Result.NO }
        }
        return MHD_queue_response(connection, UInt32(response.status), created)
    }

    func completed(_ stateSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) {
        guard let stateSlot, let pointer = stateSlot.pointee else { return }
        Unmanaged<RequestState>.fromOpaque(pointer).release()
        stateSlot.pointee = nil
    }
}

/// libmicrohttpd's access handler: forwards to the server in `context`.
private func httpServerAccess(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?,
    version: UnsafePointer<CChar>?, upload: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>?,
    state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let context else { return MHD_Result.NO }
    return Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().access(connection, url, method, upload, uploadSize, state)
}

/// libmicrohttpd's request-completed callback: frees the request's state.
private func httpServerCompleted(
    context: UnsafeMutableRawPointer?, connection: OpaquePointer?, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    code: MHD_RequestTerminationCode
) {
    guard let context else { return }
    Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue().completed(state)
}
