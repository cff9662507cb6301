// swift-tools-version:6.0
// Herald: push notifications for iOS apps, from payload to screen, and a self-hosted gateway.
import PackageDescription

let package = Package(
    name: "Herald",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "HeraldCore", targets: ["HeraldCore"]),
        .library(name: "HeraldSimulator", targets: ["HeraldSimulator"]),
        .executable(name: "herald", targets: ["herald"]),
    ],
    targets: [
        // Every decision: payloads, policy, routing, receipts. Foundation only.
        .target(name: "HeraldCore"),
        // A headless app around the runtime on a virtual clock: `herald simulate` and tests.
        .target(name: "HeraldSimulator", dependencies: ["HeraldCore"]),
        // The `herald` command line, as a library so that tests can drive it in-process.
        .target(name: "HeraldCLI", dependencies: ["HeraldCore", "HeraldSimulator"]),
        .executableTarget(name: "herald", dependencies: ["HeraldCLI"]),
        .testTarget(name: "HeraldCoreTests", dependencies: ["HeraldCore"], exclude: ["Fixtures"]),
        // A child process the outbox crash tests kill at random points.
        .executableTarget(name: "herald-outbox-stress", dependencies: ["HeraldCore"], path: "Tests/Tools/OutboxStress"),
        .testTarget(name: "HeraldCLITests", dependencies: ["HeraldCLI", "HeraldCore"]),
        .testTarget(name: "HeraldSimulatorTests", dependencies: ["HeraldSimulator", "HeraldCore"]),
    ],
    swiftLanguageModes: [.v6]
)
