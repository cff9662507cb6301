#if os(macOS) || os(Linux)
    import Foundation
    import HeraldServerTestSupport
    import HeraldTestSupport
    import Testing

    #if canImport(Glibc)
        import Glibc
    #endif

    /// The child processes tests and benchmarks start: they get the three standard streams
    /// and nothing else, so one child never keeps another child's pipe open.
    @Suite("ChildProcess")
    struct ChildProcessTests {
        static let probe =
            "import os, sys\nfor fd in map(int, sys.argv[1:]):\n    try:\n        os.fstat(fd); print(fd, 'open')\n    except OSError:\n        print(fd, 'closed')\n"

        @Test("a descriptor opened without close-on-exec does not reach the child")
        func descriptorsStayHome() throws {
            var fds: [Int32] = [0, 0]
            #expect(pipe(&fds) == 0)
            defer { fds.forEach { close($0) } }
            let output = try ChildProcess.run("python3", ["-c", Self.probe, String(fds[0]), String(fds[1])])
            #expect(output.status == 0, "\(output.err)")
            #expect(output.out == "\(fds[0]) closed\n\(fds[1]) closed\n")
        }

        @Test("SIGTERM ends a child at once, whatever signals this process blocks or ignores")
        func terminate() throws {
            let child = try ChildProcess("sleep", ["30"], stdin: .pipe)
            child.kill()
            #expect(child.wait() == 128 + SIGTERM)
        }

        @Test("runs in the directory it is given")
        func directory() throws {
            let output = try ChildProcess.run("pwd", [], directory: "/")
            #expect(output.out == "/\n")
        }
    }
#endif
