import Foundation
import HeraldCore

#if canImport(Glibc)
    import Glibc
#endif

/// A tiny HTTP/1.1 client over a loopback socket, so tests control every byte
/// (oversized bodies, raw garbage, slow senders) and depend on no HTTP stack.
enum RawHTTPClient {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var json: JSONValue? { try? JSONParser().parse(body) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func request(
        port: UInt16, _ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = [], timeout: Double = 10,
        from source: String? = nil
    ) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        if !body.isEmpty || method == "POST" || method == "PUT" { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        return try parse(exchange(port: port, Array(head.utf8) + body, timeout: timeout, from: source))
    }

    static func json(port: UInt16, _ method: String, _ path: String, key: String? = nil, _ value: JSONValue? = nil) throws -> Response {
        var headers: [String: String] = [:]
        if let key { headers["Authorization"] = "Bearer \(key)" }
        if value != nil { headers["Content-Type"] = "application/json" }
        return try request(port: port, method, path, headers: headers, body: value.map { Array(JSONWriter.serialize($0).utf8) } ?? [])
    }

    /// A connected socket that sends nothing (to hold a connection slot); close it with `close`.
    static func openIdle(port: UInt16) throws -> Int32 {
        try connectLoopback(port: port)
    }

    /// A socket connected to 127.0.0.1:`port` from `source` (another loopback address,
    /// such as 127.0.0.2, acts as another client), with a receive timeout when given.
    static func connectLoopback(port: UInt16, timeout: Double? = nil, from source: String? = nil) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket failed") }
        if let timeout {
            var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1e6))
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        }
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                throw Failure(description: "bind to \(source) failed: errno \(errno)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw Failure(description: "connect to port \(port) failed: errno \(code)")
        }
        return fd
    }

    /// Sends `bytes` and reads until the server closes.
    static func exchange(port: UInt16, _ bytes: [UInt8], timeout: Double = 10, from source: String? = nil) throws -> [UInt8] {
        let fd = try connectLoopback(port: port, timeout: timeout, from: source)
        defer { close(fd) }
        sendAll(fd, bytes)
        return receiveAll(fd)
    }

    /// Sends what the socket takes of `bytes` (the server may answer and close first).
    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { break }
            offset += sent
        }
    }

    /// Reads until the server closes or the receive timeout passes.
    static func receiveAll(_ fd: Int32) -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        return received
    }

    static func parse(_ bytes: [UInt8]) throws -> Response {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<($0 + 4)]) == separator }) else {
            throw Failure(description: "no HTTP response: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        let lines = String(decoding: bytes[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure(description: "bad status line \(lines[0])") }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(bytes[(end + 4)...])
        if let length = headers["content-length"].flatMap(Int.init), length < body.count { body = Array(body.prefix(length)) }
        return Response(status: status, headers: headers, body: body)
    }
}

/// Runs blocking work (sockets, child processes) on its own thread, not on the few threads
/// of Swift's cooperative pool, which other tests need meanwhile.
func blocking<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.start()
    }
}
