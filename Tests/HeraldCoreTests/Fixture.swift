import Foundation
import Testing

@testable import HeraldCore

/// A payload fixture: `{source, note, payload, expect}` (see Fixtures/Providers).
struct Fixture: CustomTestStringConvertible, Sendable {
    let name: String
    let document: JSONValue

    var testDescription: String { name }
    var payload: JSONValue { document["payload"] ?? .null }
    var expect: JSONValue { document["expect"] ?? .null }
    var source: String? { document["source"]?.stringValue }

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Every fixture in `folder`, sorted by name.
    static func all(in folder: String) -> [Fixture] {
        let url = directory.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: url.appendingPathComponent(name).path),
                let document = try? JSONParser().parse(data)
            else { return nil }
            return Fixture(name: name, document: document)
        }
    }

    /// The raw bytes of a file in `folder`.
    static func bytes(_ folder: String, _ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(folder).appendingPathComponent(name))
    }
}
