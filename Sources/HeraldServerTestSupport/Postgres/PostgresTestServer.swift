import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real PostgreSQL server for tests: a new cluster (initdb) in a fresh temporary folder,
/// started with pg_ctl, listening on a Unix socket in that folder and on 127.0.0.1 at a
/// free port. Over the socket the user `herald` needs no password; over TCP it needs
/// `password` (SCRAM). When this process is root the server runs as an unprivileged
/// system user (see `PostgresInstallation`), who owns the folder.
///
/// `shared()` is the one server of a test process: started by the first test that asks,
/// stopped when the process exits. Each test takes its own `PostgresTestDatabase` in it.
/// `stop()` stops the server and removes the folder. A watchdog child does the same if
/// this process dies first: it waits for this process's end of a pipe to close.
public final class PostgresTestServer: @unchecked Sendable {
    public static let user = "herald"
    /// The folder of the cluster (`data/`), its log (`server.log`) and the socket.
    public let folder: String
    /// The TCP port on 127.0.0.1 (the socket's name carries it too: `.s.PGSQL.<port>`).
    public let port: Int
    /// The password of `herald` over TCP.
    public let password: String
    let installation: PostgresInstallation
    private let watchdog: ChildProcess
    private let lock = NSLock()
    private var stopped = false

    /// Why PostgreSQL could not be set up; tests that need it fail with this message.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = "PostgreSQL for the tests: \(description)" }
    }

    /// Creates and starts a new server (a second or two).
    public init() throws(Failure) {
        let installation = try PostgresInstallation.find()
        let folder = try Self.makeFolder(installation)
        let password = UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        // From here on the watchdog removes the folder whatever happens.
        let watchdog: ChildProcess
        do {
            let stop = installation.command("pg_ctl", ["-D", "\(folder)/data", "-m", "fast", "-w", "-s", "stop"])
            watchdog = try ChildProcess(
                "bash", ["-c", Self.watchdogScript, "watchdog", folder] + stop, stdin: .pipe, stdout: .discard, stderr: .discard,
                directory: "/")
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw Failure("cannot start the cleanup watchdog (bash): \(error)")
        }
        do {
            try Self.initializeCluster(installation, folder: folder, password: password)
            port = try Self.start(installation, folder: folder)
        } catch {
            try? watchdog.standardInput?.close()
            watchdog.wait()
            throw error
        }
        (self.installation, self.folder, self.password, self.watchdog) = (installation, folder, password, watchdog)
    }

    deinit { stop() }

    /// The shared server, started on first use; its start-up error is kept and thrown to
    /// every caller, so each test that needs it fails saying why.
    public static func shared() throws(Failure) -> PostgresTestServer {
        try Shared.instance.server()
    }

    /// A URL for `database` over the Unix socket (no password).
    public func socketURL(database: String) -> String {
        let host = folder.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "/-._~"))) ?? folder
        return "postgres://\(Self.user)@/\(database)?host=\(host)&port=\(port)"
    }

    /// A URL for `database` over TCP with the password (`sslmode=disable`: no TLS here).
    public func tcpURL(database: String) -> String {
        "postgres://\(Self.user):\(password)@127.0.0.1:\(port)/\(database)?sslmode=disable"
    }

    /// Stops the server (fast: open sessions are ended) and removes the folder; waits for both.
    public func stop() {
        let first = lock.withLock {
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        try? watchdog.standardInput?.close()
        watchdog.wait()
    }

    /// Stops the server process (fast: open sessions are ended) and keeps its data, as an
    /// operator's restart or a crash of the database machine would; `startAgain()` brings it
    /// back on the same port. For a server of the test's own, not the shared one.
    public func stopInPlace() throws(Failure) {
        let result = try run("pg_ctl", ["-D", "\(folder)/data", "-m", "fast", "-w", "-t", "60", "-s", "stop"])
        guard result.status == 0 else { throw Failure("pg_ctl stop failed (exit \(result.status)): \(result.err)") }
    }

    /// Starts a server stopped by `stopInPlace()` again, on the same port and data.
    public func startAgain() throws(Failure) {
        let result = try run("pg_ctl", ["-D", "\(folder)/data", "-l", "\(folder)/server.log", "-w", "-t", "60", "-s", "start"])
        guard result.status == 0 else { throw Failure("pg_ctl start failed (exit \(result.status)): \(result.err)") }
    }

    /// Runs a program of the installation (createdb, dropdb, psql…) as the server's user.
    func run(_ program: String, _ arguments: [String]) throws(Failure) -> ChildProcess.Output {
        try installation.run(program, arguments, in: folder)
    }

    /// On EOF from this process: stop the server if it runs, then remove the folder.
    /// Signals from a terminal are ignored so that an interrupted run still cleans up.
    private static let watchdogScript = """
        trap '' INT HUP TERM
        folder=$1; shift
        read -r _ || true
        [ -e "$folder/data/postmaster.pid" ] && "$@"
        rm -rf -- "$folder"
        """

    /// A new folder for the cluster: under TMPDIR when the server's user can reach it and
    /// the socket's path fits (107 bytes), else under /tmp.
    private static func makeFolder(_ installation: PostgresInstallation) throws(Failure) -> String {
        let temporary = FileManager.default.temporaryDirectory.path
        let fits = { (base: String) in base.utf8.count + "/herald-pg-XXXXXX/.s.PGSQL.65535".utf8.count < 100 }
        let base = installation.canEnter(temporary) && fits(temporary) ? temporary : "/tmp"
        var template = Array("\(base)/herald-pg-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        guard let folder = made else {
            throw Failure("cannot make a temporary folder in \(base): \(String(cString: strerror(errno)))")
        }
        do {
            try installation.giveAway(folder)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        return folder
    }

    private static func initializeCluster(_ installation: PostgresInstallation, folder: String, password: String) throws(Failure) {
        let passwordFile = "\(folder)/password"
        guard
            FileManager.default.createFile(
                atPath: passwordFile, contents: Data("\(password)\n".utf8), attributes: [.posixPermissions: 0o600])
        else { throw Failure("cannot write \(passwordFile)") }
        try installation.giveAway(passwordFile)
        let result = try installation.run(
            "initdb",
            [
                "-D", "\(folder)/data", "-U", Self.user, "--pwfile=\(passwordFile)", "--auth-local=trust", "--auth-host=scram-sha-256",
                "-E", "UTF8", "--locale=C", "--no-sync",
            ], in: folder)
        try? FileManager.default.removeItem(atPath: passwordFile)
        guard result.status == 0 else { throw Failure("initdb failed (exit \(result.status)): \(result.err)\(result.out)") }
    }

    /// Starts the server on a free port (trying another when the port was taken meanwhile).
    private static func start(_ installation: PostgresInstallation, folder: String) throws(Failure) -> Int {
        var lastLog = ""
        for _ in 1...3 {
            let port = try Self.freePort()
            try configure(folder: folder, port: port)
            let log = "\(folder)/server.log"
            let result = try installation.run("pg_ctl", ["-D", "\(folder)/data", "-l", log, "-w", "-t", "60", "-s", "start"], in: folder)
            if result.status == 0 { return port }
            lastLog = (try? String(contentsOfFile: log, encoding: .utf8)) ?? result.err
            guard lastLog.contains("could not bind") || lastLog.contains("already in use") else { break }
        }
        throw Failure("the server did not start; its log says: \(lastLog.suffix(2000))")
    }

    /// Settings for a disposable test cluster, appended to postgresql.conf (the last wins).
    private static func configure(folder: String, port: Int) throws(Failure) {
        let settings = """

            # Herald tests
            listen_addresses = '127.0.0.1'
            port = \(port)
            unix_socket_directories = '\(folder.replacingOccurrences(of: "'", with: "''"))'
            max_connections = 400
            fsync = off
            synchronous_commit = off
            full_page_writes = off

            """
        guard let file = FileHandle(forWritingAtPath: "\(folder)/data/postgresql.conf") else {
            throw Failure("cannot open \(folder)/data/postgresql.conf")
        }
        defer { try? file.close() }
        do {
            try file.seekToEnd()
            try file.write(contentsOf: Data(settings.utf8))
        } catch {
            throw Failure("cannot write \(folder)/data/postgresql.conf: \(error)")
        }
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now.
    private static func freePort() throws(Failure) -> Int {
        do {
            return try FreePort.find()
        } catch {
            throw Failure("cannot find a free port on 127.0.0.1: \(error)")
        }
    }
}

extension PostgresTestServer {
    /// The process-wide server: started once, stopped at exit.
    private final class Shared: @unchecked Sendable {
        static let instance = Shared()
        private let lock = NSLock()
        private var result: Result<PostgresTestServer, Failure>?

        func server() throws(Failure) -> PostgresTestServer {
            try lock.withLock {
                if let result { return result }
                let started = Result { () throws(Failure) in try PostgresTestServer() }
                if case .success = started { atexit { Shared.instance.stop() } }
                result = started
                return started
            }.get()
        }

        func stop() {
            if case .success(let server) = lock.withLock({ result }) { server.stop() }
        }
    }
}
