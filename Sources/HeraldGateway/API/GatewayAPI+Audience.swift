import HeraldHTTP
import HeraldShared
import HeraldStore

extension GatewayAPI {
    /// POST /v1/apps/{app}/audience: how many devices a publish with these `interests`,
    /// `users` and `filter` (the publish's rules) would reach now, by platform and language;
    /// creates nothing.
    func audience(_ context: Context) throws -> HTTPResponse {
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["interests", "users", "filter"])
        let filter = try PublishRequest.filter(reader)
        guard filter != nil || reader.has("interests") || reader.has("users") else {
            throw ValidationError("body", "give interests, users or filter (alone: the whole app)")
        }
        let target = try PublishRequest.target(reader, filtered: filter != nil)
        switch audienceCounts.start(app: context.appID, now: now()) {
        case .running?:
            throw APIError(
                429, "count_running",
                "this app has an audience count running; one runs at a time per app: wait for its answer, or cancel the request you no longer need",
                headers: [("Retry-After", "1")])
        case .rate(let wait)?:
            let seconds = max(1, Int(wait.rounded(.up)))
            throw APIError(
                429, "rate_limited",
                "more than \(Int(audienceCounts.rate)) audience counts per second, in bursts of \(Int(audienceCounts.burst)), for this app; retry after \(seconds) s",
                headers: [("Retry-After", String(seconds))])
        case nil: break
        }
        defer { audienceCounts.finish(app: context.appID) }
        let count = try store.audience(appID: context.appID, target: target, filter: filter)
        return .json(
            200,
            [
                "devices": .int(count.devices),
                "byPlatform": .object(Dictionary(uniqueKeysWithValues: count.byPlatform.map { ($0.key.rawValue, .int($0.value)) })),
                "byLanguage": .object(count.byLanguage.mapValues(JSONValue.int)),
            ])
    }
}
