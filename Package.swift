// swift-tools-version:6.0
// Herald: push notifications for iOS apps, from payload to screen, and a self-hosted gateway.
import PackageDescription

var products: [Product] = [
    .library(name: "HeraldCore", targets: ["HeraldCore"]),
    .library(name: "HeraldSimulator", targets: ["HeraldSimulator"]),
    .executable(name: "herald", targets: ["herald"]),
]

var heraldAppleDependencies: [Target.Dependency] = ["HeraldCore"]

var targets: [Target] = [
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
]

#if os(Linux)
// TEST-ONLY: declaration stubs named like Apple's frameworks, so that `canImport(UIKit)`
// is true on Linux and `swift build` / `make check-apple` type-check every Apple file.
// They trap if run, are never a product, and do not exist on Apple platforms (this
// block is false there). See AppleStubs/README.md.
targets += [
    .target(name: "Combine", path: "AppleStubs/Combine"),
    .target(name: "UserNotifications", path: "AppleStubs/UserNotifications"),
    .target(name: "UIKit", dependencies: ["UserNotifications"], path: "AppleStubs/UIKit"),
    .target(name: "UserNotificationsUI", dependencies: ["UIKit", "UserNotifications"], path: "AppleStubs/UserNotificationsUI"),
    .target(name: "SwiftUI", dependencies: ["UIKit", "Combine"], path: "AppleStubs/SwiftUI"),
]
heraldAppleDependencies += ["UIKit", "UserNotifications", "SwiftUI", "Combine"]
#else
// The iOS adapters: façade, UIKit banner, navigators, notification-center bridge.
products.append(.library(name: "HeraldApple", targets: ["HeraldApple"]))
#endif

// One platform call per core call; every file is `#if canImport(UIKit)`.
targets.append(.target(name: "HeraldApple", dependencies: heraldAppleDependencies))

let package = Package(
    name: "Herald",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: products,
    targets: targets,
    swiftLanguageModes: [.v6]
)
