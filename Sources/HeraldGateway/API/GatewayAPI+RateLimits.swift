import Foundation
import HeraldHTTP

extension GatewayAPI {
    /// Whose bucket a request with `principal`'s key spends: the server key's, the client
    /// key's for the request's client address, or the device key's own.
    func caller(_ principal: Principal, app: String, _ request: HTTPRequest) -> APIRateLimiter.Caller {
        switch principal {
        case .server: .server(app: app)
        case .client: .client(app: app, address: console.client(of: request))
        case .device(let id): .device(app: app, id: id)
        }
    }

    /// Refuses the request with 429 and Retry-After when `caller` is over its rate.
    func admit(_ caller: APIRateLimiter.Caller) throws {
        guard let wait = rateLimiter.admit(caller, now: now()), let (rate, burst) = rateLimiter.rate(caller) else { return }
        let seconds = max(1, Int(wait.rounded(.up)))
        let rateText = rate == rate.rounded() ? String(Int(rate)) : String(rate)
        let limit: String
        switch caller {
        case .server:
            limit = "\(rateText) requests per second with this app's server key (herald serve --server-rate-limit)"
        case .client:
            limit =
                "\(rateText) requests per second, in bursts of \(Int(burst)), with this app's client key from this address (herald serve --api-rate-limit, --api-burst)"
        case .device:
            limit =
                "\(rateText) requests per second, in bursts of \(Int(burst)), with this device's key (herald serve --device-rate-limit, --device-burst)"
        }
        throw APIError(429, "rate_limited", "more than \(limit); retry after \(seconds) s", headers: [("Retry-After", String(seconds))])
    }
}
