import HeraldHTTP

extension HTTPServerCounters {
    /// Counters whose events are also kept in `metrics` for `/metrics`.
    public convenience init(metrics: GatewayMetrics) {
        self.init { event in
            switch event {
            case .refusedFull: metrics.increment("herald_http_refused_total", [("reason", "full")])
            case .refusedAddressFull: metrics.increment("herald_http_refused_total", [("reason", "address_full")])
            case .refusedNoDescriptors: metrics.increment("herald_http_refused_total", [("reason", "no_descriptors")])
            case .evicted: metrics.increment("herald_http_evicted_total", [])
            case .timeout: metrics.increment("herald_http_timeouts_total", [])
            case .protocolError: metrics.increment("herald_http_protocol_errors_total", [])
            case .busy: metrics.increment("herald_http_busy_total", [])
            case .handlerTimeout: metrics.increment("herald_http_handler_timeouts_total", [])
            case .overloaded: metrics.increment("herald_http_overloaded_total", [])
            }
        }
    }
}
