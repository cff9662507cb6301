import HeraldHTTP


extension GatewayAPI {
    /// GET /metrics. With a metrics token configured (`herald serve --metrics-token`), only
    /// a request bearing it is answered, with every series per app; without one, anyone
    /// gets the totals with the `app` label left out, so app ids and each app's traffic
    /// cannot be probed there either.
    func scrapeMetrics(_ context: Context) throws -> HTTPResponse {
        if let metricsTokenHash {
            let token = context.request.bearerToken ?? ""
            guard !token.isEmpty, APIKey.matches(token, storedHash: metricsTokenHash) else { throw APIError.metricsTokenRequired }
        }
        return HTTPResponse(
            status: 200, headers: [("Content-Type", "text/plain; version=0.0.4")],
            body: Array(metrics.render(perApp: metricsTokenHash != nil).utf8))
    }
}

extension APIError {
    static let metricsTokenRequired = APIError(
        401, "unauthorized",
        "GET /metrics needs the gateway's metrics token as 'Authorization: Bearer TOKEN' (herald serve --metrics-token or HERALD_METRICS_TOKEN); app keys are not accepted here",
        headers: [("WWW-Authenticate", "Bearer")])
}
