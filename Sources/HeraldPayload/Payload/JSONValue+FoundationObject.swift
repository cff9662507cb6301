import Foundation
import HeraldShared

extension JSONValue {
    /// The value as a Foundation property list, the inverse of `init(foundation:)`:
    /// `NSNull`, `String`, `NSNumber` (Booleans as Boolean numbers), `[Any]` and
    /// `[String: Any]`. A local notification's `userInfo` is built from it.
    public var foundationObject: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let bool): return NSNumber(value: bool)
        case .int(let int): return NSNumber(value: int)
        case .double(let double): return NSNumber(value: double)
        case .string(let string): return string
        case .array(let array): return array.map(\.foundationObject)
        case .object(let object): return object.mapValues(\.foundationObject)
        }
    }
}
