import Foundation
import PackagePlugin

/// Builds Herald Console into HeraldGateway: at build time, ConsoleAssetsGenerator writes
/// every file of Sources/HeraldGateway/Console/Assets/ into ConsoleAssets.swift in this
/// plugin's work folder, which is compiled with the target's own sources. An asset edited,
/// added or removed is in the next build.
@main
struct ConsoleAssetsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        // The target's default folder: tools version 6.0 gives a target's folder only as a
        // deprecated Path.
        let folder = context.package.directoryURL.appendingPathComponent("Sources/\(target.name)/Console/Assets")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        let files = names.map { folder.appendingPathComponent($0) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("ConsoleAssets.swift")
        return [
            .buildCommand(
                displayName: "Generating ConsoleAssets.swift for \(target.name)",
                executable: try context.tool(named: "ConsoleAssetsGenerator").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
