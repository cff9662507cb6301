import Foundation
import HeraldCore
import HeraldGateway
import HeraldStore

/// The JSON lines of `herald app import-devices`, read a line at a time, never held whole:
/// checked first, every line by the API's rules for a device (an error names the line and
/// nothing is imported), then read again by the store's one transaction, a device at a
/// time (`source`). Standard input is copied to a temporary file while it is checked, so
/// that it can be read again.
struct DeviceImportFile {
    /// How errors name the input: the path, or `<stdin>`.
    let name: String
    /// The file read by the import (the temporary copy for standard input).
    let path: String
    /// The devices it holds.
    let count: Int
    private let temporary: Bool

    /// Checks the input `name` (a path, or `-` for standard input) line by line.
    static func check(_ name: String, terminal: Terminal) throws -> DeviceImportFile {
        guard name == "-" else {
            try PayloadInput.checkFile(name, what: "a file of JSON lines")
            return DeviceImportFile(name: name, path: name, count: try checkAll(JSONLines.file(name)), temporary: false)
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("herald-import-\(UUID().uuidString).jsonl").path
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let copy = FileHandle(forWritingAtPath: path)
        else { throw InputError("cannot make a temporary file for standard input in \(FileManager.default.temporaryDirectory.path)") }
        defer { try? copy.close() }
        do {
            let lines = JSONLines(name: "<stdin>") {
                let piece = terminal.readStandardInputPiece()
                try copy.write(contentsOf: piece)
                return piece
            }
            return DeviceImportFile(name: "<stdin>", path: path, count: try checkAll(lines), temporary: true)
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    /// The devices, read again from the start each time the store opens them.
    var source: DeviceImportSource {
        let (name, path) = (name, path)
        return DeviceImportSource {
            let lines = try JSONLines.file(path, name: name)
            return { try lines.next().map { try Self.registration($0, at: lines.place) } }
        }
    }

    /// Removes the temporary copy of standard input, if any.
    func remove() {
        if temporary { try? FileManager.default.removeItem(atPath: path) }
    }

    /// How many devices the lines hold, each checked.
    private static func checkAll(_ lines: JSONLines) throws -> Int {
        var count = 0
        while let line = try lines.next() {
            _ = try registration(line, at: lines.place)
            count += 1
        }
        return count
    }

    /// One line as a device, checked by the API's rules (`DeviceFields.imported`).
    private static func registration(_ line: ArraySlice<UInt8>, at place: String) throws -> DeviceRegistration {
        let value: JSONValue
        do {
            value = try JSONParser().parse(Array(line))
        } catch {
            throw ValidationError(place, "not valid JSON: \(error)")
        }
        do {
            return try DeviceFields.imported(value)
        } catch let error as ValidationError {
            throw ValidationError(place, "\(error.field): \(error.message)")
        }
    }
}
