import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `GatewayClient` keeps between launches and shares with the app's extensions: the
/// device id and device key the gateway answered, and the token they are for (so the
/// client can register again by itself when the gateway no longer knows the key).
public struct GatewayDeviceState: Sendable, Hashable {
    public var deviceID: String
    /// `hdk_…`: this device's own key; every call about the device carries it.
    public var deviceKey: String?
    /// The APNs token in hex, or FCM's registration token.
    public var token: String?
    /// The APNs environment; `nil` for an FCM token.
    public var environment: APNsEnvironment?
    /// The push service the token is for.
    public var platform: PushPlatform
    /// The locale, time zone and app version the gateway last got (`nil` before any).
    public var attributes: GatewayDeviceAttributes?

    public init(
        deviceID: String, deviceKey: String?, token: String?, environment: APNsEnvironment?, platform: PushPlatform = .apns,
        attributes: GatewayDeviceAttributes? = nil
    ) {
        self.deviceID = deviceID
        self.deviceKey = deviceKey
        self.token = token
        self.environment = environment
        self.platform = platform
        self.attributes = attributes
    }

    /// As JSON bytes, the form every store keeps.
    public func encoded() -> Data {
        var object: [String: JSONValue] = ["deviceId": .string(deviceID)]
        object["deviceKey"] = deviceKey.map(JSONValue.string)
        object["token"] = token.map(JSONValue.string)
        object["environment"] = environment.map { .string($0.rawValue) }
        if platform != .apns { object["platform"] = .string(platform.rawValue) }
        object["attributes"] = attributes?.json
        return Data(JSONWriter.serialize(.object(object)).utf8)
    }

    /// From `encoded()` bytes (or the older file with only `deviceId`); `nil` when unreadable.
    public init?(encoded data: Data) {
        guard let value = try? JSONParser().parse(data), let id = value["deviceId"]?.stringValue else { return nil }
        self.init(
            deviceID: id, deviceKey: value["deviceKey"]?.stringValue, token: value["token"]?.stringValue,
            environment: value["environment"]?.stringValue.flatMap(APNsEnvironment.init(rawValue:)),
            platform: value["platform"]?.stringValue.flatMap(PushPlatform.init(rawValue:)) ?? .apns,
            attributes: value["attributes"].map(GatewayDeviceAttributes.init(json:)))
    }
}

/// Where `GatewayClient` keeps its `GatewayDeviceState`: the keychain on Apple platforms
/// (`KeychainGatewayDeviceStore` in HeraldApple, shared with the extensions through a
/// keychain access group), a file of mode 0600 elsewhere (`FileGatewayDeviceStore`).
public protocol GatewayDeviceStore: Sendable {
    func load() -> GatewayDeviceState?
    func save(_ state: GatewayDeviceState) throws
    func clear()
}

/// Keeps the state in `herald-gateway-device.json` in a folder (the App Group folder the
/// app and its extensions share), written atomically with mode 0600.
public struct FileGatewayDeviceStore: GatewayDeviceStore {
    public let file: URL

    public init(directory: URL) {
        file = directory.appendingPathComponent("herald-gateway-device.json")
    }

    public func load() -> GatewayDeviceState? {
        (try? Data(contentsOf: file)).flatMap(GatewayDeviceState.init(encoded:))
    }

    public func save(_ state: GatewayDeviceState) throws {
        // Written to a private temporary file beside it, then renamed: never readable by others.
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString)")
        let bytes = state.encoded()
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: bytes)
            try handle.synchronize()
            guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path]) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    public func clear() { try? FileManager.default.removeItem(at: file) }
}
