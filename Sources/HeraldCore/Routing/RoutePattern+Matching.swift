extension RoutePattern {
    /// What two patterns must share to be duplicates: everything but the placeholder names.
    struct Shape: Hashable {
        var scheme: String
        var host: RouteHost?
        var port: Int?
        var segments: [RouteSegment]
    }

    /// The pattern with placeholder names erased; two routes of one shape match the same links.
    var shape: Shape {
        Shape(scheme: scheme, host: host, port: port, segments: segments.map(\.shape))
    }

    /// How this pattern ranks against others that match the same link.
    var specificity: RouteSpecificity {
        RouteSpecificity(segments: segments, host: host)
    }

    /// The path captures when `link` matches this pattern, or `nil`.
    func match(_ link: RouteLink) -> [String: String]? {
        guard link.scheme == scheme else { return nil }
        if let host {
            guard let linkHost = link.host, host.matches(linkHost) else { return nil }
            if let port, link.port != port { return nil }
        }
        let path = link.segments
        var captures: [String: String] = [:]
        var position = 0
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .literal(let expected):
                guard position < path.count else { return nil }
                let actual = index == 0 && host == nil ? link.foldedFirstSegment ?? path[position] : path[position]
                guard actual == expected else { return nil }
                position += 1
            case .placeholder(let name, let kind):
                guard position < path.count, kind.accepts(path[position]) else { return nil }
                captures[name] = path[position]
                position += 1
            case .wildcard:
                guard position < path.count else { return nil }
                position += 1
            case .rest:
                position = path.count
            case .path(let name):
                guard position < path.count else { return nil }
                captures[name] = path[position...].joined(separator: "/")
                position = path.count
            }
        }
        return position == path.count ? captures : nil
    }
}
