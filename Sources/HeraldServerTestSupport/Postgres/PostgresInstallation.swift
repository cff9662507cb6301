import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where PostgreSQL's server programs are, and who runs them: this process's user, or,
/// when it is root (PostgreSQL refuses to run as root), an existing unprivileged system
/// user (`postgres`, which Debian's package creates, else `nobody`) through `setpriv`.
struct PostgresInstallation: Sendable {
    /// The folder holding initdb, pg_ctl, createdb and dropdb.
    var binDirectory: String
    /// The user the server runs as, when it is not this process's.
    var serverUser: ServerUser?

    struct ServerUser: Sendable {
        var name: String
        var uid: uid_t
        var gid: gid_t
    }

    /// Debian's newest /usr/lib/postgresql/<version>/bin, else the folder of `initdb` on PATH.
    static func find() throws(PostgresTestServer.Failure) -> PostgresInstallation {
        let binDirectory = try findBinDirectory()
        guard geteuid() == 0 else { return PostgresInstallation(binDirectory: binDirectory) }
        for name in ["postgres", "nobody"] {
            if let entry = getpwnam(name), entry.pointee.pw_uid != 0 {
                return PostgresInstallation(
                    binDirectory: binDirectory, serverUser: ServerUser(name: name, uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid))
            }
        }
        throw PostgresTestServer.Failure(
            "the tests run as root, which PostgreSQL refuses, and neither a 'postgres' nor a 'nobody' user exists to run it as; "
                + "install Debian's postgresql package (it creates 'postgres')")
    }

    private static func findBinDirectory() throws(PostgresTestServer.Failure) -> String {
        let debian = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? [])
            .compactMap { name in Double(name).map { (version: $0, path: "\(debian)/\(name)/bin") } }
            .sorted { $0.version > $1.version }
        if let newest = versions.first(where: { hasPrograms($0.path) }) { return newest.path }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        if let folder = path.split(separator: ":").map(String.init).first(where: hasPrograms) { return folder }
        throw PostgresTestServer.Failure(
            "PostgreSQL's server programs (initdb, pg_ctl) are not in \(debian)/<version>/bin or on PATH; "
                + "install them (Debian: apt-get install postgresql; 'make deps' does)")
    }

    private static func hasPrograms(_ folder: String) -> Bool {
        ["initdb", "pg_ctl", "createdb", "dropdb"].allSatisfy { FileManager.default.isExecutableFile(atPath: "\(folder)/\($0)") }
    }

    /// The command that runs `program` (from the bin folder) as the server's user.
    func command(_ program: String, _ arguments: [String]) -> [String] {
        let path = "\(binDirectory)/\(program)"
        guard let user = serverUser else { return [path] + arguments }
        return ["setpriv", "--reuid=\(user.uid)", "--regid=\(user.gid)", "--clear-groups", "--", path] + arguments
    }

    /// Runs `program` as the server's user in `folder`; its output.
    func run(_ program: String, _ arguments: [String], in folder: String) throws(PostgresTestServer.Failure) -> ChildProcess.Output {
        let command = command(program, arguments)
        do {
            return try ChildProcess.run(command[0], Array(command.dropFirst()), directory: folder)
        } catch {
            throw PostgresTestServer.Failure("cannot run \(command.joined(separator: " ")): \(error)")
        }
    }

    /// Hands `path` to the server's user (no-op when the server runs as this process's user).
    func giveAway(_ path: String) throws(PostgresTestServer.Failure) {
        guard let user = serverUser else { return }
        guard chown(path, user.uid, user.gid) == 0 else {
            throw PostgresTestServer.Failure("cannot hand \(path) to user \(user.name): \(String(cString: strerror(errno)))")
        }
    }

    /// Whether the server's user may pass through `folder` and each folder above it.
    func canEnter(_ folder: String) -> Bool {
        guard let user = serverUser else { return true }
        var path = URL(fileURLWithPath: folder).standardizedFileURL.path
        while true {
            var info = stat()
            guard stat(path, &info) == 0 else { return false }
            let bit: mode_t = info.st_uid == user.uid ? S_IXUSR : info.st_gid == user.gid ? S_IXGRP : S_IXOTH
            guard info.st_mode & bit != 0 else { return false }
            if path == "/" { return true }
            path = (path as NSString).deletingLastPathComponent
        }
    }
}
