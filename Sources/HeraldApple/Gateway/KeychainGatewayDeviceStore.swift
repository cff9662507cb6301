#if canImport(UIKit)
import Foundation
import HeraldCore
import Security

/// Keeps `GatewayClient`'s device id and device key in the keychain: one generic-password
/// item, readable after the first unlock (a push can wake the Service Extension on a locked
/// device) and never restored onto another device (the key belongs to this device's token).
/// Give the app and its extensions the same `accessGroup` (a keychain access group both
/// have in their entitlements) so the extension's receipts carry the key.
public struct KeychainGatewayDeviceStore: GatewayDeviceStore {
    public let service: String
    public let accessGroup: String?

    public init(service: String = "org.herald.gateway-device", accessGroup: String? = nil) {
        self.service = service
        self.accessGroup = accessGroup
    }

    private var query: [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: "device",
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        return query
    }

    public func load() -> GatewayDeviceState? {
        var lookup = query
        lookup[kSecReturnData as String] = true
        lookup[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        guard SecItemCopyMatching(lookup as CFDictionary, &result) == errSecSuccess, let data = result as? Data else { return nil }
        return GatewayDeviceState(encoded: data)
    }

    public func save(_ state: GatewayDeviceState) throws {
        let data = state.encoded()
        let update: [String: Any] = [kSecValueData as String: data]
        var status = SecItemUpdate(query as CFDictionary, update as CFDictionary)
        if status == errSecItemNotFound {
            var item = query
            item[kSecValueData as String] = data
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            status = SecItemAdd(item as CFDictionary, nil)
        }
        guard status == errSecSuccess else {
            throw NSError(domain: NSOSStatusErrorDomain, code: Int(status), userInfo: [NSLocalizedDescriptionKey: "keychain status \(status)"])
        }
    }

    public func clear() { _ = SecItemDelete(query as CFDictionary) }
}
#endif
