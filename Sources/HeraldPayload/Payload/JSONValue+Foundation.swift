import Foundation
import HeraldShared

extension JSONValue {
    /// Converts a Foundation property list such as a notification's `userInfo`.
    ///
    /// Booleans are told apart from numbers by the NSNumber's type encoding; values
    /// that JSON cannot hold (dates, data) become their description, so nothing is lost.
    public init(foundation value: Any) {
        switch value {
        case is NSNull:
            self = .null
        case let string as String:
            self = .string(string)
        case let number as NSNumber:
            self = Self.number(number)
        case let array as [Any]:
            self = .array(array.map(JSONValue.init(foundation:)))
        case let dictionary as [AnyHashable: Any]:
            var members: [String: JSONValue] = [:]
            for (key, member) in dictionary { members["\(key.base)"] = JSONValue(foundation: member) }
            self = .object(members)
        default:
            self = .string("\(value)")
        }
    }

    private static func number(_ number: NSNumber) -> JSONValue {
        let encoding = String(cString: number.objCType)
        if encoding == "c" || encoding == "B" {
            #if canImport(Darwin)
            if CFGetTypeID(number) == CFBooleanGetTypeID() { return .bool(number.boolValue) }
            return .int(number.intValue)
            #else
            return .bool(number.boolValue)
            #endif
        }
        if encoding == "f" || encoding == "d" { return .double(number.doubleValue) }
        return .int(number.intValue)
    }
}

extension PayloadDecoder {
    /// Decodes a notification's `userInfo` dictionary.
    public func decode(userInfo: [AnyHashable: Any]) throws(PayloadDecodingError) -> PushNotification {
        try decode(JSONValue(foundation: userInfo))
    }
}
