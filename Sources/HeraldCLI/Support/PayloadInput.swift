import Foundation
import HeraldCore

/// The payloads a command reads: files named on the command line, or `-`/nothing for standard input.
struct PayloadInput {
    var name: String
    var bytes: Data

    /// Reads every named input; a missing file is a clear error naming it.
    static func read(_ names: [String], terminal: Terminal, what: String = "a JSON payload file") throws(InputError) -> [PayloadInput] {
        let names = names.isEmpty ? ["-"] : names
        guard names.filter({ $0 == "-" }).count <= 1 else {
            throw InputError("standard input (-) can be read only once")
        }
        var inputs: [PayloadInput] = []
        for name in names {
            if name == "-" {
                inputs.append(PayloadInput(name: "<stdin>", bytes: terminal.readStandardInput()))
                continue
            }
            try checkFile(name, what: what)
            guard let data = FileManager.default.contents(atPath: name) else {
                throw InputError("\(name): cannot be read; check its permissions")
            }
            inputs.append(PayloadInput(name: name, bytes: data))
        }
        return inputs
    }

    /// Throws unless `name` is a file (not a folder), naming `what` to give instead.
    static func checkFile(_ name: String, what: String) throws(InputError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory) else {
            throw InputError("\(name): no such file; give \(what), or - to read standard input")
        }
        guard !isDirectory.boolValue else { throw InputError("\(name): is a folder; give \(what)") }
    }
}

/// Input that cannot be read; exit status 2.
struct InputError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
