// swift-tools-version:6.0
// Herald: push notifications for iOS apps, from payload to screen, and a self-hosted gateway.
import PackageDescription

var products: [Product] = [
    .library(name: "HeraldCore", targets: ["HeraldCore"]),
    .library(name: "HeraldPayload", targets: ["HeraldPayload"]),
    .library(name: "HeraldSimulator", targets: ["HeraldSimulator"]),
    .library(name: "HeraldDownload", targets: ["HeraldDownload"]),
    .library(name: "HeraldAPNsModel", targets: ["HeraldAPNsModel"]),
    .library(name: "HeraldAPNs", targets: ["HeraldAPNs"]),
    .library(name: "HeraldAPNsSimulator", targets: ["HeraldAPNsSimulator"]),
    .library(name: "HeraldFCMModel", targets: ["HeraldFCMModel"]),
    .library(name: "HeraldFCM", targets: ["HeraldFCM"]),
    .library(name: "HeraldFCMSimulator", targets: ["HeraldFCMSimulator"]),
    .library(name: "HeraldWebPushModel", targets: ["HeraldWebPushModel"]),
    .library(name: "HeraldAuth", targets: ["HeraldAuth"]),
    .library(name: "HeraldGateway", targets: ["HeraldGateway"]),
    .executable(name: "herald", targets: ["herald"]),
]

var heraldAppleDependencies: [Target.Dependency] = ["HeraldCore"]
var heraldAppleExtensionsDependencies: [Target.Dependency] = ["HeraldCore", "HeraldDownload"]

var targets: [Target] = [
    // What device and server code share, Foundation only: JSON, the server clock, the
    // logger, backoff, device tokens, `Locked`. Depends on no Herald target.
    .target(name: "HeraldShared"),
    // What a push is, Foundation only: the payload model, every provider's decoder and
    // the linter. The gateway and the APNs model use it without the app runtime.
    .target(name: "HeraldPayload", dependencies: ["HeraldShared"]),
    // Every decision on the device: policy, routing, receipts, the runtime. Foundation only.
    .target(name: "HeraldCore", dependencies: ["HeraldShared", "HeraldPayload"]),
    // A headless app around the runtime on a virtual clock: `herald simulate` and tests.
    .target(name: "HeraldSimulator", dependencies: ["HeraldCore"]),
    // C libraries from the system (Debian -dev packages), each behind a shim.h.
    .systemLibrary(
        name: "COpenSSL", pkgConfig: "openssl",
        providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]),
    .systemLibrary(
        name: "CCurl", pkgConfig: "libcurl",
        providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
    .systemLibrary(
        name: "CNGHTTP2", pkgConfig: "libnghttp2",
        providers: [.apt(["libnghttp2-dev"]), .brew(["libnghttp2"])]),
    .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    // PostgreSQL's client library; pkg-config adds its include folder (/usr/include/postgresql on Debian).
    .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"]), .brew(["libpq"])]),
    // Live attachment downloaders: libcurl on Linux, URLSession everywhere (the one iOS uses).
    .target(
        name: "HeraldDownload",
        dependencies: ["HeraldCore", .target(name: "CCurl", condition: .when(platforms: [.linux]))]),
    // APNs' model, without network code: requests and responses, reasons and error
    // classes, ES256 keys and provider tokens (OpenSSL's crypto only), broadcast and channel
    // requests. The client and the simulator share it.
    .target(name: "HeraldAPNsModel", dependencies: ["HeraldShared", "HeraldPayload", "HeraldCrypto", "COpenSSL"]),
    // OpenSSL helpers every crypto user shares: memory BIOs and the error queue as a Swift error.
    .target(name: "HeraldCrypto", dependencies: ["COpenSSL"]),
    // FCM's model, without network code: the service account, RS256 assertions and the
    // grant, the access-token cache, messages and their limits, errors and their classes.
    .target(name: "HeraldFCMModel", dependencies: ["HeraldShared", "HeraldPayload", "HeraldCrypto", "COpenSSL"]),
    // Web Push's model, without network code: RFC 8291 message encryption (aes128gcm), the
    // subscription's keys, RFC 8292 VAPID keys and tokens (OpenSSL's crypto only).
    .target(name: "HeraldWebPushModel", dependencies: ["HeraldShared", "HeraldCrypto", "COpenSSL"]),
    // Herald's own HTTP/2 client transport (nghttp2 framing, OpenSSL TLS, one poll loop per
    // connection, the pool and its back-pressure): what the APNs and FCM clients share.
    .target(name: "HeraldH2Client", dependencies: ["HeraldShared", "HeraldCrypto", "COpenSSL", "CNGHTTP2", "CPoller"]),
    // The APNs provider client on HeraldH2Client: token and certificate auth, retries, the batch API, channels.
    .target(name: "HeraldAPNs", dependencies: ["HeraldShared", "HeraldAPNsModel", "HeraldH2Client", "HeraldCrypto"]),
    // The FCM client on HeraldH2Client: the access token from the service account's
    // token_uri, sends and batches, retries on the injected clock, typed errors.
    .target(name: "HeraldFCM", dependencies: ["HeraldShared", "HeraldFCMModel", "HeraldH2Client"]),
    // The FCM simulator (`herald fcm-sim`): the send and token endpoints, their checks,
    // faults and record, served by the APNs simulator's TLS HTTP/2 server.
    .target(name: "HeraldFCMSimulator", dependencies: ["HeraldShared", "HeraldFCMModel", "HeraldAPNsSimulator"]),
    // The APNs simulator as a product of its own (HTTP/2 server on nghttp2, TLS, JWT
    // checks, faults, the record): `herald apns-sim` and the tests. It shares the model's
    // key and reason types, not the client.
    .target(name: "HeraldAPNsSimulator", dependencies: ["HeraldShared", "HeraldPayload", "HeraldAPNsModel", "HeraldCrypto", "COpenSSL", "CNGHTTP2"]),
    // Test support for the test targets only, never a product (the shipped `herald` does
    // not link them). Portable, Foundation only, builds for iOS: clocks, seeded randomness,
    // a recording gateway transport.
    .target(name: "HeraldTestSupport", dependencies: ["HeraldCore"]),
    // Test support for servers (macOS and Linux): child processes, a media server, a PostgreSQL
    // test server, free ports (plain sockets).
    .target(name: "HeraldServerTestSupport", dependencies: ["CSpawn"]),
    // Close-on-exec pipes and "close every other descriptor" for spawned children.
    .target(name: "CSpawn"),
    // User tokens (HS256 JWTs) for an app's backend to sign and the gateway to verify.
    .target(name: "HeraldAuth", dependencies: ["HeraldShared", "COpenSSL"]),
    // The gateway's HTTP/1.1 server: epoll event loops, a socket-free connection state
    // machine on the caller's clock, fair admission, a handler pool. Knows nothing of the API.
    .target(name: "HeraldHTTP", dependencies: ["HeraldShared", "CPoller"]),
    // For tests only: an HTTP connection driven byte by byte on a virtual clock.
    .target(name: "HeraldHTTPTestSupport", dependencies: ["HeraldHTTP", "HeraldShared"]),
    // The gateway's store: the GatewayStore port split by aggregate (apps and keys, devices,
    // activities and channels, publishes and deliveries, events, instances), SQLite and
    // PostgreSQL behind it, their statements and migrations written once over a dialect.
    .target(name: "HeraldStore", dependencies: ["HeraldShared", "HeraldAuth", "HeraldAPNsModel", "HeraldFCMModel", "CSQLite", "CLibPQ"]),
    // The self-hosted gateway: devices, interests, users, durable publishing, statistics;
    // the JSON API on HeraldHTTP, the delivery engine behind the PushDeliverer port, the console.
    .target(
        name: "HeraldGateway",
        dependencies: ["HeraldShared", "HeraldPayload", "HeraldHTTP", "HeraldAuth", "HeraldAPNsModel", "HeraldFCMModel", "HeraldStore", "COpenSSL"],
        // The console's files are built in: ConsoleAssetsPlugin turns Console/Assets into
        // ConsoleAssets.swift at build time (no resource bundle beside the binary).
        exclude: ["Console/Assets"], plugins: ["ConsoleAssetsPlugin"]),
    // Delivery through APNs: the gateway's deliverer over HeraldAPNs (a client per set of
    // credentials, batches, broadcast channels). One target per delivery channel.
    .target(name: "HeraldGatewayAPNs", dependencies: ["HeraldShared", "HeraldPayload", "HeraldAPNsModel", "HeraldAPNs", "HeraldGateway", "HeraldStore"]),
    // Delivery through FCM: the gateway's deliverer over HeraldFCM (a client per service
    // account, each publish rendered for Android, FCM's errors as the engine's actions).
    // Webhook requests over libcurl's multi interface (one thread, many endpoints at once,
    // every connection's address checked): the live transport of HeraldGateway's dispatcher.
    .target(name: "HeraldGatewayWebhooks", dependencies: ["HeraldShared", "HeraldGateway", "CCurl"]),
    .target(name: "HeraldGatewayFCM", dependencies: ["HeraldShared", "HeraldFCMModel", "HeraldFCM", "HeraldGateway"]),
    // The build-tool plugin above and its tool, which writes the assets as Swift source (Foundation only).
    .plugin(name: "ConsoleAssetsPlugin", capability: .buildTool(), dependencies: ["ConsoleAssetsGenerator"]),
    .executableTarget(name: "ConsoleAssetsGenerator"),
    // `herald serve --deliverer record:FILE|discard`: deliverers that send nothing, for tests
    // and benchmarks, kept out of the production gateway module.
    .target(name: "HeraldGatewayTestModes", dependencies: ["HeraldShared", "HeraldFCMModel", "HeraldGateway"]),
    // epoll, eventfd and accept4 for the gateway's HTTP server (epoll's event is packed);
    // the APNs transport's connections wake through its eventfd.
    .target(name: "CPoller"),
    // The `herald` command line, as a library so that tests can drive it in-process.
    .target(
        name: "HeraldCLI",
        dependencies: [
            "HeraldCore", "HeraldSimulator", "HeraldDownload", "HeraldAPNsModel", "HeraldAPNs", "HeraldAPNsSimulator", "HeraldAuth", "HeraldHTTP", "HeraldStore", "HeraldGateway",
            "HeraldGatewayAPNs", "HeraldGatewayFCM", "HeraldGatewayWebhooks", "HeraldGatewayTestModes", "HeraldFCMModel", "HeraldFCM", "HeraldFCMSimulator",
        ]),
    .executableTarget(name: "herald", dependencies: ["HeraldCLI"]),
    // Builds for the iOS Simulator: the server test support (child processes) only where it runs.
    .testTarget(
        name: "HeraldCoreTests",
        dependencies: ["HeraldCore", "HeraldTestSupport", .target(name: "HeraldServerTestSupport", condition: .when(platforms: [.linux, .macOS]))],
        exclude: ["Fixtures"]),
    // A child process the outbox crash tests kill at random points.
    .executableTarget(name: "herald-outbox-stress", dependencies: ["HeraldCore"], path: "Tests/Tools/OutboxStress"),
    .testTarget(
        name: "HeraldCLITests",
        dependencies: [
            "HeraldCLI", "HeraldStore", "HeraldCore", "HeraldAPNsModel", "HeraldAPNs", "HeraldAPNsSimulator", "HeraldFCMModel", "HeraldFCMSimulator",
            "HeraldTestSupport", "HeraldServerTestSupport",
        ]),
    .testTarget(name: "HeraldHTTPTests", dependencies: ["HeraldHTTP", "HeraldHTTPTestSupport", "HeraldShared", "HeraldTestSupport"]),
    .testTarget(name: "HeraldSimulatorTests", dependencies: ["HeraldSimulator", "HeraldCore"]),
    .testTarget(name: "HeraldDownloadTests", dependencies: ["HeraldDownload", "HeraldCore", "HeraldTestSupport", "HeraldServerTestSupport"]),
    .testTarget(
        name: "HeraldGatewayTests",
        dependencies: [
            "HeraldGateway", "HeraldStore", "HeraldGatewayAPNs", "HeraldGatewayFCM", "HeraldGatewayWebhooks", "HeraldHTTP", "HeraldHTTPTestSupport", "HeraldGatewayTestModes", "HeraldAuth", "HeraldCore",
            "HeraldAPNsModel", "HeraldAPNs", "HeraldAPNsSimulator", "HeraldFCMModel", "HeraldFCMSimulator", "HeraldTestSupport", "HeraldServerTestSupport",
        ],
        exclude: ["Store/Fixtures"]),
    .testTarget(
        name: "HeraldAPNsTests", dependencies: ["HeraldAPNsModel", "HeraldAPNs", "HeraldH2Client", "HeraldAPNsSimulator", "HeraldCore", "HeraldTestSupport", "HeraldServerTestSupport"],
        exclude: ["Fixtures"]),
    .testTarget(
        name: "HeraldFCMTests", dependencies: ["HeraldFCMModel", "HeraldFCM", "HeraldFCMSimulator", "HeraldH2Client", "HeraldCrypto", "HeraldShared", "HeraldTestSupport"]),
    .testTarget(name: "HeraldWebPushModelTests", dependencies: ["HeraldWebPushModel", "HeraldShared", "HeraldServerTestSupport"]),
    .testTarget(
        name: "HeraldGatewayFCMTests", dependencies: ["HeraldGatewayFCM", "HeraldGateway", "HeraldFCMModel", "HeraldFCMSimulator", "HeraldShared"]),
]

#if os(Linux)
// TEST-ONLY: declaration stubs named like Apple's frameworks, so that `canImport(UIKit)`
// is true on Linux and `swift build` / `make check-apple` type-check every Apple file.
// They trap if run, are never a product, and do not exist on Apple platforms (this
// block is false there). See AppleStubs/README.md.
targets += [
    .target(name: "Combine", path: "AppleStubs/Combine"),
    .target(name: "UserNotifications", path: "AppleStubs/UserNotifications"),
    .target(name: "Security", path: "AppleStubs/Security"),
    .target(name: "UIKit", dependencies: ["UserNotifications"], path: "AppleStubs/UIKit"),
    .target(name: "UserNotificationsUI", dependencies: ["UIKit", "UserNotifications"], path: "AppleStubs/UserNotificationsUI"),
    .target(name: "SwiftUI", dependencies: ["UIKit", "Combine"], path: "AppleStubs/SwiftUI"),
    .target(name: "ActivityKit", path: "AppleStubs/ActivityKit"),
]
heraldAppleDependencies += ["UIKit", "UserNotifications", "SwiftUI", "Combine", "Security", "ActivityKit"]
heraldAppleExtensionsDependencies += ["UIKit", "UserNotifications", "UserNotificationsUI"]
#else
// The iOS adapters: façade, UIKit banner, navigators, notification-center bridge.
products.append(.library(name: "HeraldApple", targets: ["HeraldApple"]))
// Extension-safe adapters (no UIApplication.shared): the Service Extension base class
// over the core pipeline, and the content extension's actions.
products.append(.library(name: "HeraldAppleExtensions", targets: ["HeraldAppleExtensions"]))
#endif

// One platform call per core call; every file is `#if canImport(UIKit)`.
targets.append(.target(name: "HeraldApple", dependencies: heraldAppleDependencies))
targets.append(.target(name: "HeraldAppleExtensions", dependencies: heraldAppleExtensionsDependencies))

let package = Package(
    name: "Herald",
    platforms: [.iOS(.v15), .macOS(.v13)],
    products: products,
    targets: targets,
    swiftLanguageModes: [.v6]
)
