import Foundation
import HeraldShared

extension APNSError {
    /// The error of a non-200 answer: `reason` and `timestamp` from the JSON body.
    ///
    /// A body that is missing or not JSON still gives an error with the status
    /// (reason `.unknown` with the body's text), so no answer is ever lost; an empty one,
    /// or a redirect, says so with its status and `location` (`UnexplainedAnswer`).
    public init(status: Int, body: [UInt8], apnsID: String?, retryAfter: Double? = nil, location: String? = nil) {
        let json = try? JSONParser().parse(body)
        let given = json?["reason"]?.stringValue ?? String(decoding: body.prefix(200), as: UTF8.self)
        let text = UnexplainedAnswer.reason(given, status: status, location: location)
        var timestamp: Date?
        if let milliseconds = json?["timestamp"]?.doubleValue {
            timestamp = Date(timeIntervalSince1970: milliseconds / 1000)
        }
        self.init(status: status, reason: Reason(text: text), apnsID: apnsID, timestamp: timestamp, retryAfter: retryAfter)
    }
}
