import CSpawn
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process started with `posix_spawn`, for tests and benchmarks that run
/// helpers (servers, the `herald` binary, Python tools).
///
/// Foundation's `Process.run()` on Linux (Swift 6.3.1) crashes now and then: it reads
/// `/proc/self/fd` entries past their end (swift-corelibs-foundation PR #5472). Spawning
/// directly avoids it. The child inherits only the three standard streams: pipes are
/// close-on-exec from birth and every other descriptor is closed in the child, so a
/// child spawned on one thread never holds another child's pipe open.
public final class ChildProcess: @unchecked Sendable {
    public let pid: pid_t
    /// Writes to the child's standard input, when it was requested.
    public let standardInput: FileHandle?
    /// Reads the child's standard output, when it was captured.
    public let standardOutput: FileHandle?
    /// Reads the child's standard error, when it was captured.
    public let standardError: FileHandle?
    private let lock = NSLock()
    private var status: Int32?

    /// What to do with one of the child's standard streams.
    public enum Stream: Sendable {
        /// The parent's own stream.
        case inherit
        /// `/dev/null`.
        case discard
        /// A pipe the parent reads (or, for standard input, writes).
        case pipe
    }

    /// Starts `executable` (a path, or a name looked up on PATH) with `arguments`.
    public init(
        _ executable: String, _ arguments: [String], stdin: Stream = .discard, stdout: Stream = .pipe, stderr: Stream = .discard,
        environment: [String: String]? = nil, directory: String? = nil
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [FileHandle?] = [nil, nil, nil]
        var childEnds: [Int32] = []
        for (target, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .inherit:
                break
            case .discard:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .pipe:
                // Both ends close-on-exec from birth: a child that another thread spawns
                // at the same moment must not inherit them, or it would hold this pipe
                // open and a reader here would wait for that other child's exit.
                var fds: [Int32] = [0, 0]
                guard herald_cloexec_pipe(&fds) == 0 else { throw ChildProcessError("pipe", errno) }
                let (childEnd, parentEnd) = target == 0 ? (fds[0], fds[1]) : (fds[1], fds[0])
                // dup2 onto 0, 1 or 2 gives the child a copy without close-on-exec.
                posix_spawn_file_actions_adddup2(&actions, childEnd, target)
                posix_spawn_file_actions_addclose(&actions, childEnd)
                childEnds.append(childEnd)
                parentEnds[Int(target)] = FileHandle(fileDescriptor: parentEnd, closeOnDealloc: true)
            }
        }
        // Nothing else of this process (sockets of servers under test, other pipes)
        // reaches the child, whatever flags it was opened with.
        _ = herald_spawn_close_from(&actions, 3)
        if let directory, herald_spawn_chdir(&actions, directory) != 0 {
            throw ChildProcessError("change to \(directory)", ENOSYS)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let env = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { env.forEach { free($0) } }
        // Signals start at their defaults and unblocked, whatever this process (a test
        // runner) ignores or blocks: SIGTERM must end the child.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        let result =
            executable.contains("/")
            ? posix_spawn(&child, executable, &actions, &attributes, argv, env)
            : posix_spawnp(&child, executable, &actions, &attributes, argv, env)
        childEnds.forEach { close($0) }
        guard result == 0 else { throw ChildProcessError("spawn \(executable)", result) }
        pid = child
        (standardInput, standardOutput, standardError) = (parentEnds[0], parentEnds[1], parentEnds[2])
    }

    /// Sends `signal` (SIGTERM by default; SIGKILL for crash tests).
    public func kill(_ signal: Int32 = SIGTERM) {
        #if canImport(Glibc)
            _ = Glibc.kill(pid, signal)
        #else
            _ = Darwin.kill(pid, signal)
        #endif
    }

    /// Waits for the child to end; its exit status, or 128 + the signal that ended it.
    @discardableResult
    public func wait() -> Int32 {
        if let status = lock.withLock({ status }) { return status }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        let code = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        lock.withLock { status = code }
        return code
    }

    /// Whether the child is still running.
    public var isRunning: Bool {
        if lock.withLock({ status }) != nil { return false }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, WNOHANG)
        guard result == pid else { return result == 0 }
        let code = (raw & 0x7F) == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F)
        lock.withLock { status = code }
        return false
    }
}

/// A child process could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
    public var operation: String
    public var code: Int32
    init(_ operation: String, _ code: Int32) {
        self.operation = operation
        self.code = code
    }
    public var description: String { "\(operation) failed: \(String(cString: strerror(code)))" }
}

extension ChildProcess {
    /// What a finished child printed, and how it ended.
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: Data
        public var out: String { String(decoding: stdout, as: UTF8.self) }
        public var err: String { String(decoding: stderr, as: UTF8.self) }
    }

    /// Runs `executable` to the end with `input` on its standard input, reading both
    /// output streams at once so a full pipe cannot block the child.
    public static func run(
        _ executable: String, _ arguments: [String], input: Data = Data(), environment: [String: String]? = nil, directory: String? = nil
    ) throws -> Output {
        let child = try ChildProcess(
            executable, arguments, stdin: .pipe, stdout: .pipe, stderr: .pipe, environment: environment, directory: directory)
        let errors = OutputCollector()
        let reader = Thread { errors.set(child.standardError?.readDataToEndOfFile() ?? Data()) }
        reader.start()
        try? child.standardInput?.write(contentsOf: input)
        try? child.standardInput?.close()
        let out = child.standardOutput?.readDataToEndOfFile() ?? Data()
        let status = child.wait()
        return Output(status: status, stdout: out, stderr: errors.wait())
    }
}

/// Data one thread reads and another waits for.
final class OutputCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.lock()
        data = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data ?? Data()
    }
}
