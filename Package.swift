// swift-tools-version:6.0
// Herald: push notifications for iOS apps, from payload to screen, and a self-hosted gateway.
import PackageDescription

let package = Package(
    name: "Herald",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: [
        .library(name: "HeraldCore", targets: ["HeraldCore"]),
        .library(name: "HeraldSimulator", targets: ["HeraldSimulator"]),
        .library(name: "HeraldGateway", targets: ["HeraldGateway"]),
        .executable(name: "herald", targets: ["herald"]),
    ],
    targets: [
        // Every decision: payloads, policy, routing, receipts. Foundation only.
        .target(name: "HeraldCore"),
        // A headless app around the runtime on a virtual clock: `herald simulate` and tests.
        .target(name: "HeraldSimulator", dependencies: ["HeraldCore"]),
        // SQLite 3 from the system (Debian libsqlite3-dev), with a shim for its macro-based calls.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        // GNU libmicrohttpd from the system (Debian libmicrohttpd-dev), with a shim for its variadic calls.
        .systemLibrary(name: "CMicroHTTPD", path: "Sources/CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),
        // The gateway: devices, interests, users, durable publishing, receipts and statistics.
        .target(name: "HeraldGateway", dependencies: ["HeraldCore", "CSQLite", "CMicroHTTPD"]),
        // The `herald` command line, as a library so that tests can drive it in-process.
        .target(name: "HeraldCLI", dependencies: ["HeraldCore", "HeraldSimulator", "HeraldGateway"]),
        .executableTarget(name: "herald", dependencies: ["HeraldCLI"]),
        .testTarget(name: "HeraldCoreTests", dependencies: ["HeraldCore"], exclude: ["Fixtures"]),
        // A child process the outbox crash tests kill at random points.
        .executableTarget(name: "herald-outbox-stress", dependencies: ["HeraldCore"], path: "Tests/Tools/OutboxStress"),
        .testTarget(name: "HeraldCLITests", dependencies: ["HeraldCLI", "HeraldCore"]),
        .testTarget(name: "HeraldGatewayTests", dependencies: ["HeraldGateway", "HeraldCore"]),
        .testTarget(name: "HeraldSimulatorTests", dependencies: ["HeraldSimulator", "HeraldCore"]),
    ],
    swiftLanguageModes: [.v6]
)
