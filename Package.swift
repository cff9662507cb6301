// swift-tools-version:6.0
// Herald: push notifications for iOS apps, from payload to screen, and a self-hosted gateway.
import PackageDescription

let package = Package(
    name: "Herald",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "HeraldCore", targets: ["HeraldCore"]),
        .library(name: "HeraldSimulator", targets: ["HeraldSimulator"]),
        .library(name: "HeraldDownload", targets: ["HeraldDownload"]),
        .executable(name: "herald", targets: ["herald"]),
    ],
    targets: [
        // Every decision: payloads, policy, routing, receipts. Foundation only.
        .target(name: "HeraldCore"),
        // A headless app around the runtime on a virtual clock: `herald simulate` and tests.
        .target(name: "HeraldSimulator", dependencies: ["HeraldCore"]),
        // libcurl, with typed wrappers for its variadic calls (Debian: libcurl4-openssl-dev).
        .systemLibrary(name: "CCurl", providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
        // Attachment downloads for the Service Extension pipeline on Linux: libcurl's multi
        // interface on one thread, streamed to disk in bounded chunks.
        // Live attachment downloaders: libcurl on Linux, URLSession everywhere (the one iOS uses).
        .target(
            name: "HeraldDownload",
            dependencies: ["HeraldCore", .target(name: "CCurl", condition: .when(platforms: [.linux]))]),
        // The `herald` command line, as a library so that tests can drive it in-process.
        .target(name: "HeraldCLI", dependencies: ["HeraldCore", "HeraldSimulator", "HeraldDownload"]),
        .executableTarget(name: "herald", dependencies: ["HeraldCLI"]),
        .testTarget(name: "HeraldCoreTests", dependencies: ["HeraldCore"], exclude: ["Fixtures"]),
        // A child process the outbox crash tests kill at random points.
        .executableTarget(name: "herald-outbox-stress", dependencies: ["HeraldCore"], path: "Tests/Tools/OutboxStress"),
        .testTarget(name: "HeraldCLITests", dependencies: ["HeraldCLI", "HeraldCore"]),
        .testTarget(name: "HeraldSimulatorTests", dependencies: ["HeraldSimulator", "HeraldCore"]),
        .testTarget(name: "HeraldDownloadTests", dependencies: ["HeraldDownload", "HeraldCore"]),
    ],
    swiftLanguageModes: [.v6]
)
