import HeraldShared

/// Where one of the endpoint's URLs sends requests: its origin, and the path the URL
/// itself has (empty for Apple's), which goes before every request's path.
/// Read once from the configuration, never from a request.
package struct H2Route: Sendable, Equatable {
    package var origin: H2Origin
    package var basePath: String

    /// The route of an `https://host[:port][/path]` URL; `nil` when it is not one.
    package init?(url: String) {
        guard let (origin, path) = H2Origin.split(url) else { return nil }
        self.origin = origin
        basePath = path == "/" ? "" : path
    }

    /// `path` on this route's origin.
    package func path(_ path: String) -> String {
        basePath.isEmpty ? path : basePath + path
    }
}
