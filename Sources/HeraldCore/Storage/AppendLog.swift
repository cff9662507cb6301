import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A durable, append-only log of JSON records that several processes (an app and its
/// extensions, in a shared App Group folder) append to safely.
///
/// - Each record is one line, `crc32 json\n`, written with one `write` and made durable
///   with `fsync` before `transaction` returns: a returned append is acknowledged.
/// - Every change happens under an exclusive `flock` on a separate lock file, after
///   reading what other processes appended; a process killed mid-write leaves at most
///   one torn line at the end, which the next writer detects, reports and cuts off.
/// - `rewrite` compacts by writing a new file and renaming it over the old one; other
///   processes notice the new inode under the lock and re-read.
public final class AppendLog: @unchecked Sendable {
    public let url: URL
    private let lockURL: URL
    private let mutex = NSLock()
    private var lockFD: Int32 = -1
    private var fd: Int32 = -1
    private var inode: (dev: UInt64, ino: UInt64) = (0, 0)
    private var scanned = 0
    private var cache: [JSONValue] = []
    /// The torn tail the last read found (and, under a write, cut off).
    public private(set) var lastTornTail: TornTail?
    /// Offsets of corrupt lines the last full read skipped.
    public private(set) var corruptOffsets: [Int] = []
    /// Changes whenever the record list is rebuilt rather than extended (a reopen after
    /// another process compacted, or a rewrite): caches derived from the records check it.
    public private(set) var generation = 0

    /// Opens (creating if needed) `name` in `directory`, which must exist.
    public init(directory: URL, name: String) throws(StorageError) {
        url = directory.appendingPathComponent(name)
        lockURL = directory.appendingPathComponent(name + ".lock")
        lockFD = try Self.open(lockURL.path, O_RDWR | O_CREAT)
    }

    deinit {
        if fd >= 0 { close(fd) }
        if lockFD >= 0 { close(lockFD) }
    }

    /// Reads every record under a shared lock (other readers may read at once).
    public func records() throws -> [JSONValue] {
        try locked(LOCK_SH) { () throws in
            try refresh(repair: false)
            return cache
        }
    }

    /// Runs `body` with every record so far, under the exclusive lock; the records it
    /// returns are appended and made durable before this returns.
    @discardableResult
    public func transaction<T>(_ body: ([JSONValue]) throws -> (append: [JSONValue], result: T)) throws -> T {
        try locked(LOCK_EX) { () throws in
            try refresh(repair: true)
            let (append, result) = try body(cache)
            if !append.isEmpty {
                try write(append.flatMap(LogScan.encode))
                cache += append
            }
            return result
        }
    }

    /// Replaces the whole log with `records` (compaction): a new file, fsync, rename, fsync of
    /// the folder. Call inside `transaction` only through `rewriteLocked`; this takes the lock itself.
    public func rewrite(_ transform: ([JSONValue]) throws -> [JSONValue]) throws {
        try locked(LOCK_EX) { () throws in
            try refresh(repair: true)
            try rewriteLocked(try transform(cache))
        }
    }

    private func rewriteLocked(_ records: [JSONValue]) throws(StorageError) {
        let temporary = url.path + ".compact"
        let newFD = try Self.open(temporary, O_RDWR | O_CREAT | O_TRUNC)
        let bytes = records.flatMap(LogScan.encode)
        try Self.writeAll(newFD, bytes, path: temporary)
        guard fsync(newFD) == 0 else { throw Self.error("fsync", temporary) }
        guard rename(temporary, url.path) == 0 else { throw Self.error("rename", temporary) }
        try Self.syncDirectory(url.deletingLastPathComponent().path)
        if fd >= 0 { close(fd) }
        fd = newFD
        inode = try Self.identity(fd, path: url.path)
        scanned = bytes.count
        cache = records
        generation += 1
    }

    // MARK: Internals

    private func locked<T>(_ mode: Int32, _ body: () throws -> T) throws -> T {
        mutex.lock()
        defer { mutex.unlock() }
        while flock(lockFD, mode) != 0 {
            guard errno == EINTR else { throw Self.error("flock", lockURL.path) }
        }
        defer { _ = flock(lockFD, LOCK_UN) }
        return try body()
    }

    /// Brings the cache up to date with the file: reopens after another process's
    /// compaction, reads what others appended, and (when writing) cuts off a torn tail.
    private func refresh(repair: Bool) throws(StorageError) {
        var pathStat = stat()
        let exists = stat(url.path, &pathStat) == 0
        if fd < 0 || !exists || (UInt64(pathStat.st_dev), UInt64(pathStat.st_ino)) != inode {
            if fd >= 0 { close(fd) }
            fd = try Self.open(url.path, O_RDWR | O_CREAT)
            inode = try Self.identity(fd, path: url.path)
            scanned = 0
            cache = []
            corruptOffsets = []
            generation += 1
        }
        let size = Int(lseek(fd, 0, SEEK_END))
        guard size > scanned else {
            if size < scanned {
                scanned = 0
                cache = []
                generation += 1
                return try refresh(repair: repair)
            }
            return
        }
        var bytes = [UInt8](repeating: 0, count: size - scanned)
        let count = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(scanned)) }
        guard count == bytes.count else { throw Self.error("read", url.path) }
        let scan = LogScan.parse(bytes, base: scanned)
        cache += scan.records
        corruptOffsets += scan.corrupt
        lastTornTail = scan.tornTail
        scanned = scan.goodEnd
        if repair, scan.tornTail != nil {
            guard ftruncate(fd, off_t(scan.goodEnd)) == 0, fsync(fd) == 0 else { throw Self.error("truncate", url.path) }
        }
    }

    private func write(_ bytes: [UInt8]) throws(StorageError) {
        guard lseek(fd, off_t(scanned), SEEK_SET) >= 0 else { throw Self.error("seek", url.path) }
        try Self.writeAll(fd, bytes, path: url.path)
        guard fsync(fd) == 0 else { throw Self.error("fsync", url.path) }
        scanned += bytes.count
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(StorageError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { POSIX.write(fd, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw error("write", path)
            }
            offset += written
        }
    }

    private static func open(_ path: String, _ flags: Int32) throws(StorageError) -> Int32 {
        let fd = POSIX.open(path, flags | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw error("open", path) }
        return fd
    }

    private static func identity(_ fd: Int32, path: String) throws(StorageError) -> (dev: UInt64, ino: UInt64) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw error("stat", path) }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    private static func syncDirectory(_ path: String) throws(StorageError) {
        let dir = POSIX.open(path, O_RDONLY | O_CLOEXEC, 0)
        guard dir >= 0 else { throw error("open", path) }
        defer { close(dir) }
        _ = fsync(dir)
    }

    private static func error(_ operation: String, _ path: String) -> StorageError {
        let code = errno
        return StorageError(operation, path: path, code: code, reason: String(cString: strerror(code)))
    }
}

/// The POSIX calls whose Swift names clash with methods, from the platform's C library.
enum POSIX {
    static func write(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #else
        Darwin.write(fd, buffer, count)
        #endif
    }

    static func open(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.open(path, flags, mode)
        #else
        Darwin.open(path, flags, mode)
        #endif
    }
}
