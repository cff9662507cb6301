// TEST-ONLY declaration stubs of the Security keychain API HeraldApple uses (Linux only;
// never a product). Shapes follow Apple's SDK; every function traps if called.
import Foundation

public typealias OSStatus = Int32  // Apple: Security OSStatus, iOS 2.0
// Linux: no Core Foundation bridging; the Swift types stand in for CFString and CFDictionary.
public typealias CFString = String  // Linux: no Core Foundation; Apple: CoreFoundation, iOS 2.0
public typealias CFDictionary = [String: Any]  // Linux: no Core Foundation; Apple: CoreFoundation, iOS 2.0
public typealias CFTypeRef = AnyObject  // Linux: no Core Foundation; Apple: CoreFoundation, iOS 2.0

public let errSecSuccess: OSStatus = 0  // Apple: Security errSecSuccess, iOS 2.0
public let errSecItemNotFound: OSStatus = -25300  // Apple: Security errSecItemNotFound, iOS 2.0
public let errSecDuplicateItem: OSStatus = -25299  // Apple: Security errSecDuplicateItem, iOS 2.0

public let kSecClass: CFString = "class"  // Apple: Security kSecClass, iOS 2.0
public let kSecClassGenericPassword: CFString = "genp"  // Apple: Security kSecClassGenericPassword, iOS 2.0
public let kSecAttrService: CFString = "svce"  // Apple: Security kSecAttrService, iOS 2.0
public let kSecAttrAccount: CFString = "acct"  // Apple: Security kSecAttrAccount, iOS 2.0
public let kSecAttrAccessGroup: CFString = "agrp"  // Apple: Security kSecAttrAccessGroup, iOS 3.0
public let kSecAttrAccessible: CFString = "pdmn"  // Apple: Security kSecAttrAccessible, iOS 4.0
public let kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly: CFString = "cku"  // Apple: Security kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, iOS 4.0
public let kSecValueData: CFString = "v_Data"  // Apple: Security kSecValueData, iOS 2.0
public let kSecReturnData: CFString = "r_Data"  // Apple: Security kSecReturnData, iOS 2.0
public let kSecMatchLimit: CFString = "m_Limit"  // Apple: Security kSecMatchLimit, iOS 2.0
public let kSecMatchLimitOne: CFString = "m_LimitOne"  // Apple: Security kSecMatchLimitOne, iOS 2.0

public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {  // Apple: Security SecItemAdd(_:_:), iOS 2.0
    fatalError("Security stub")
}
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {  // Apple: Security SecItemCopyMatching(_:_:), iOS 2.0
    fatalError("Security stub")
}
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus { fatalError("Security stub") }  // Apple: Security SecItemUpdate(_:_:), iOS 2.0
public func SecItemDelete(_ query: CFDictionary) -> OSStatus { fatalError("Security stub") }  // Apple: Security SecItemDelete(_:), iOS 2.0
