import Foundation

/// Writes Herald Console's files as Swift source: `ConsoleAsset`, and `ConsoleAssets` with
/// each file's text and a digest of them all (the ETag). ConsoleAssetsPlugin runs it when
/// HeraldGateway is built, so the console is inside the `herald` binary (a resource bundle
/// would sit beside it) and no generated copy is kept in the repository.
///
/// Usage: `ConsoleAssetsGenerator OUTPUT FILE...` (the files of Console/Assets/).
@main
struct ConsoleAssetsGenerator {
    /// The Content-Type of each kind of file the console has; any other file is an error.
    static let contentTypes = [
        "html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
    ]

    /// Why the files cannot be written as Swift.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let output = arguments.first else {
            FileHandle.standardError.write(Data("usage: ConsoleAssetsGenerator OUTPUT FILE...\n".utf8))
            exit(2)
        }
        do {
            let source = try render(arguments.dropFirst().map { URL(fileURLWithPath: $0) })
            try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            FileHandle.standardError.write(Data("error: ConsoleAssetsGenerator: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The Swift source for `files`, in the order of their names' bytes. The version is the
    /// first 16 hex digits of SHA-256 over each file's name, a NUL, its text and a NUL.
    static func render(_ files: [URL]) throws -> String {
        var digest: [UInt8] = []
        var entries = ""
        let byName = files.sorted { $0.lastPathComponent.utf8.lexicographicallyPrecedes($1.lastPathComponent.utf8) }
        for file in byName {
            let name = file.lastPathComponent
            guard let contentType = contentTypes[file.pathExtension] else {
                throw Failure(description: "\(file.path): no content type for .\(file.pathExtension) files; add one to contentTypes")
            }
            guard let text = String(data: try Data(contentsOf: file), encoding: .utf8) else {
                throw Failure(description: "\(file.path) is not UTF-8 text")
            }
            digest += Array(name.utf8) + [0] + Array(text.utf8) + [0]
            entries += """
                        "\(name)": ConsoleAsset(
                            contentType: "\(contentType)",
                            text: \(rawDelimiter(for: text))\"""
                \(text)
                \"""\(rawDelimiter(for: text))),

                """
        }
        return """
            // swift-format-ignore-file
            // Generated at build time by ConsoleAssetsGenerator (ConsoleAssetsPlugin) from Console/Assets/; do not edit.

            /// One file of the console: its Content-Type and its text.
            struct ConsoleAsset: Sendable {
                var contentType: String
                var text: String
            }

            /// The console's files, built into the binary.
            enum ConsoleAssets {
                /// A digest of every file: the ETag.
                static let version = "\(SHA256.hex(digest).prefix(16))"

                static let files: [String: ConsoleAsset] = [
            \(entries)    ]
            }

            """
    }

    /// The `#`s around a raw string literal that holds `text` as it is: more than any run
    /// of them after a `"""` or a backslash in the text.
    static func rawDelimiter(for text: String) -> String {
        var hashes = "#"
        while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        return hashes
    }
}
