import Foundation

/// Where a command reads and writes; tests use a buffer, the executable the process streams.
public final class Terminal: @unchecked Sendable {
    private let writeOut: (String) -> Void
    private let writeErr: (String) -> Void
    private let readIn: () -> Data
    private let readInPiece: (() -> Data)?
    /// Whether `readStandardInputPiece` gave the whole of `readIn` already (without pieces).
    private var gaveWholeInput = false

    /// `inputPiece`: standard input a piece at a time, empty at its end; without it,
    /// `input` is one piece.
    public init(
        out: @escaping (String) -> Void, err: @escaping (String) -> Void, input: @escaping () -> Data, inputPiece: (() -> Data)? = nil
    ) {
        self.writeOut = out
        self.writeErr = err
        self.readIn = input
        self.readInPiece = inputPiece
    }

    /// The process's standard streams.
    public static func standard() -> Terminal {
        Terminal(
            out: { FileHandle.standardOutput.write(Data($0.utf8)) },
            err: { FileHandle.standardError.write(Data($0.utf8)) },
            input: { FileHandle.standardInput.readDataToEndOfFile() },
            inputPiece: { FileHandle.standardInput.availableData })
    }

    func print(_ line: String) { writeOut(line + "\n") }
    func error(_ line: String) { writeErr(line + "\n") }
    func readStandardInput() -> Data { readIn() }

    /// The next piece of standard input, empty at its end: a large input is read without
    /// being held whole.
    func readStandardInputPiece() -> Data {
        if let readInPiece { return readInPiece() }
        guard !gaveWholeInput else { return Data() }
        gaveWholeInput = true
        return readIn()
    }
}
