/// The field route some data matched: its target and the parameters read from the data.
public struct FieldMatch<Target: Sendable>: Sendable {
    /// The matched route's target.
    public var target: Target
    /// The scalar text at each of the route's parameter paths that exists.
    public var parameters: [String: String]

    /// A match of `target` with `parameters`.
    public init(target: Target, parameters: [String: String]) {
        self.target = target
        self.parameters = parameters
    }
}

extension FieldMatch: Equatable where Target: Equatable {}
extension FieldMatch: Hashable where Target: Hashable {}
