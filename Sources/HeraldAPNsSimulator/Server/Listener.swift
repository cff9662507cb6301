import Foundation

/// The simulator's listening socket: loopback addresses only, non-blocking.
package enum Listener {
    package static func bind(host: String, port: Int) throws(APNSSimulatorError) -> (fd: Int32, port: Int) {
        let isV6 = host.contains(":")
        guard host == "localhost" || host == "::1" || host.hasPrefix("127.") else {
            throw APNSSimulatorError("--listen", "\(host) is not a loopback address; the simulator listens on 127.0.0.1 or ::1 only")
        }
        guard (0...65535).contains(port) else { throw APNSSimulatorError("--listen", "port \(port) is not 0...65535") }
        let fd = socket(isV6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw APNSSimulatorError("--listen", "socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let result: Int32
        if isV6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port)).bigEndian
            _ = inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) } }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port)).bigEndian
            _ = inet_pton(AF_INET, host == "localhost" ? "127.0.0.1" : host, &address.sin_addr)
            result = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        }
        guard result == 0, listen(fd, 1024) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw APNSSimulatorError("--listen", "cannot listen on \(host):\(port): \(message)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        var bound = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &bound) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        let boundPort = withUnsafePointer(to: &bound) { pointer -> UInt16 in
            isV6 ? pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
                : pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
        }
        return (fd, Int(UInt16(bigEndian: boundPort)))
    }
}
