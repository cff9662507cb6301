import Foundation

/// Where a command reads and writes; tests use a buffer, the executable the process streams.
public final class Terminal: @unchecked Sendable {
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void
    private let readIn: () -> Data

    public init(out: @escaping (String) -> Void, err: @escaping (String) -> Void, input: @escaping () -> Data) {
        self.writeOut = out
        self.writeErr = err
        self.readIn = input
    }

    /// The process's standard streams.
    public static func standard() -> Terminal {
        Terminal(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            input: { FileHandle.standardInput.readDataToEndOfFile() })
    }

    func print(_ line: String) { writeOut(line + "\n") }
    func error(_ line: String) { writeErr(line + "\n") }
    func readStandardInput() -> Data { readIn() }
}
