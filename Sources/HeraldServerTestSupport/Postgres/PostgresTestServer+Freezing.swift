import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Freezing the server as a stopped machine or VM would: every process of it stopped with
/// SIGSTOP, while the kernel still accepts connections and acknowledges what clients send,
/// so nothing answers and nothing fails. For a server of the test's own, not the shared one.
extension PostgresTestServer {
    /// Runs `body` with the server frozen, and always resumes it after (also when `body` throws).
    public func whileFrozen<T>(_ body: () throws -> T) throws -> T {
        try freeze()
        defer { thaw() }
        return try body()
    }

    /// Stops the postmaster (the first line of `data/postmaster.pid`), then its children.
    /// `thaw()` resumes them.
    public func freeze() throws(Failure) {
        let postmaster = try postmasterPID()
        guard kill(postmaster, SIGSTOP) == 0 else {
            throw Failure("cannot stop the server process \(postmaster): \(String(cString: strerror(errno)))")
        }
        for child in Self.children(of: postmaster) { kill(child, SIGSTOP) }
    }

    /// Resumes the processes `freeze()` stopped (and any other child of the postmaster).
    public func thaw() {
        guard let postmaster = try? postmasterPID() else { return }
        for child in Self.children(of: postmaster) { kill(child, SIGCONT) }
        kill(postmaster, SIGCONT)
    }

    private func postmasterPID() throws(Failure) -> pid_t {
        let file = "\(folder)/data/postmaster.pid"
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
            let pid = text.split(separator: "\n").first.flatMap({ pid_t($0.trimmingCharacters(in: .whitespaces)) }), pid > 0
        else { throw Failure("cannot read the server's process id from \(file): is it running?") }
        return pid
    }

    /// The processes whose parent is `parent` (from /proc/PID/stat).
    private static func children(of parent: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // After "pid (name)": the state, then the parent's pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == parent ? pid : nil
        }
    }
}
