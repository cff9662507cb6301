@testable import HeraldStore

extension FlakyStore {
    func explanationFacts(appID: String, publishID: String, deviceID: String, now: Double) throws -> ExplanationFacts? {
        try pass(base).explanationFacts(appID: appID, publishID: publishID, deviceID: deviceID, now: now)
    }

    func previewFacts(appID: String, deviceIDs: [String], userIDs: [String], limit: Int, now: Double) throws -> PreviewFacts {
        try pass(base).previewFacts(appID: appID, deviceIDs: deviceIDs, userIDs: userIDs, limit: limit, now: now)
    }
}
