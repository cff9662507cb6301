import Foundation
import Testing

@testable import HeraldCore

@Suite("Localization: BundleLocalizer")
struct BundleLocalizerTests {
    @Test("reads a bundle's strings table; a key it lacks is nil, even one whose text would be the key")
    func strings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-bundle-\(UUID().uuidString).bundle")
        let strings = folder.appendingPathComponent("en.lproj")
        try FileManager.default.createDirectory(at: strings, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"""
        "NEW_MESSAGE" = "%1$@ sent you %2$@";
        "SAME" = "SAME";
        """#.write(to: strings.appendingPathComponent("Localizable.strings"), atomically: true, encoding: .utf8)
        try "\"OTHER\" = \"From another table\";".write(
            to: strings.appendingPathComponent("Orders.strings"), atomically: true, encoding: .utf8)
        let bundle = try #require(Bundle(url: folder))
        let localizer = BundleLocalizer(bundle: bundle)
        #expect(localizer.format(forKey: "NEW_MESSAGE") == "%1$@ sent you %2$@")
        #expect(localizer.format(forKey: "SAME") == "SAME")
        #expect(localizer.format(forKey: "MISSING") == nil)
        #expect(BundleLocalizer(bundle: bundle, table: "Orders").format(forKey: "OTHER") == "From another table")
        #expect(BundleLocalizer(bundle: bundle, table: "Orders").format(forKey: "NEW_MESSAGE") == nil)
    }
}
