import Foundation
import HeraldAPNs
import HeraldAPNsModel
import HeraldCore

/// The lines `herald send` prints: `TOKEN STATUS APNS-ID [REASON (CLASS)]`, or JSON.
struct SendReport {
    var json: Bool
    /// The JSON key of the first field: `token`, or `channel` for a broadcast.
    var subject = "token"

    func line(_ token: String, _ result: Result<APNSResponse, any Error>) -> String {
        var fields: [String: JSONValue] = [subject: .string(token)]
        var text: String
        switch result {
        case .success(let response):
            fields["status"] = .int(response.status)
            fields["apnsId"] = .string(response.apnsID)
            text = "\(token) \(response.status) \(response.apnsID)"
        case .failure(let error as APNSError):
            fields["status"] = .int(error.status)
            fields["apnsId"] = error.apnsID.map(JSONValue.string) ?? .null
            fields["reason"] = .string(error.reason.text)
            fields["class"] = .string(error.errorClass.rawValue)
            if let timestamp = error.timestamp { fields["timestamp"] = .int(Int(timestamp.timeIntervalSince1970 * 1000)) }
            text = "\(token) \(error.status) \(error.apnsID ?? "-") \(error.reason.text) (\(error.errorClass))"
        case .failure(let error as APNSTransportError):
            fields["status"] = .int(0)
            fields["reason"] = .string(error.description)
            fields["class"] = .string(error.errorClass.rawValue)
            text = "\(token) 0 - \(error.description) (\(error.errorClass))"
        case .failure(let error):
            fields["status"] = .int(0)
            fields["reason"] = .string("\(error)")
            text = "\(token) 0 - \(error)"
        }
        for key in ["apnsId", "reason", "class", "timestamp"] where fields[key] == nil { fields[key] = .null }
        return json ? JSONWriter.serialize(.object(fields)) : text
    }
}
