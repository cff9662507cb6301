import Foundation

extension PushNotification {
    /// Decodes the app's own `Decodable` model from the notification in one call.
    ///
    /// ```swift
    /// struct Push: Decodable { let id: String; let url: URL?; let urltype: String }
    /// let push = try notification.message(Push.self)                      // top-level data
    /// let topic = try notification.message(Topic.self, from: .path("payload.aps"))
    /// let msg = try notification.message(Msg.self, from: .encrypted("msg", decryptor: key))
    /// ```
    public func message<Message: Decodable>(
        _ type: Message.Type, from source: MessageSource = .data, decoder: JSONDecoder = JSONDecoder()
    ) throws -> Message {
        let (value, where_) = try value(for: source)
        let bytes = Data(JSONWriter.serialize(value).utf8)
        do {
            return try decoder.decode(Message.self, from: bytes)
        } catch let error as DecodingError {
            throw MessageDecodingError(path: where_, problem: Self.describe(error))
        }
    }

    private func value(for source: MessageSource) throws -> (JSONValue, String) {
        switch source.kind {
        case .data:
            return (.object(data), "data")
        case .root:
            return (.object(raw), "payload")
        case .path(let path):
            guard let found = self[path] else {
                throw MessageDecodingError(path: path.description, problem: "no such key in the payload")
            }
            if let text = found.stringValue, let parsed = try? JSONStringUnwrapper().unwrap(field: path.description, value: .string(text)) {
                return (parsed, path.description)
            }
            return (found, path.description)
        case .encrypted(let path, let unwrapper):
            guard let found = JSONValue.object(raw)[path: path] else {
                throw MessageDecodingError(path: path.description, problem: "no such key in the payload")
            }
            do {
                return (try unwrapper.unwrap(field: path.description, value: found) ?? found, path.description)
            } catch {
                throw MessageDecodingError(path: path.description, problem: "\(error)")
            }
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func at(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? "" : " at \(path.hasPrefix(".") ? String(path.dropFirst()) : path)"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key \"\(key.stringValue)\"\(at(context))"
        case .typeMismatch(let type, let context):
            return "expected \(type)\(at(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "expected \(type), found null\(at(context))"
        case .dataCorrupted(let context):
            return "\(context.debugDescription)\(at(context))"
        @unknown default:
            return "\(error)"
        }
    }
}
