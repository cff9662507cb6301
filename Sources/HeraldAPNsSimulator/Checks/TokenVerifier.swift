import HeraldAPNsModel

/// Checks `authorization: bearer <jwt>` like APNs: ES256 signature by a trusted key,
/// the key's team, and the token's age; a connection stays bound to its first key.
///
/// A signature is checked once per distinct token (then cached), so verification
/// costs one dictionary look-up per request and never makes the simulator the bottleneck.
final class TokenVerifier {
    private struct Checked {
        var keyID: String
        var issuedAt: Int
        var valid: Bool
    }

    private let keys: [String: APNSSimulatorConfiguration.TrustedKey]
    private let maxAge: Double
    private let now: @Sendable () -> Double
    private var cache: [String: Checked] = [:]

    init(configuration: APNSSimulatorConfiguration) {
        keys = Dictionary(configuration.trustedKeys.map { ($0.keyID, $0) }, uniquingKeysWith: { _, last in last })
        maxAge = configuration.maxTokenAge
        now = configuration.now
    }

    /// `nil` when the token is good for this connection, else the reason to refuse it.
    func check(_ authorization: String?, boundKeyID: inout String?) -> String? {
        guard let authorization else { return "MissingProviderToken" }
        guard authorization.hasPrefix("bearer ") || authorization.hasPrefix("Bearer ") else { return "InvalidProviderToken" }
        let token = String(authorization.dropFirst(7))
        let checked = cache[token] ?? verify(token)
        if cache.count > 10_000 { cache.removeAll() }
        cache[token] = checked
        guard checked.valid else { return "InvalidProviderToken" }
        if let bound = boundKeyID, bound != checked.keyID { return "UnrelatedKeyIdInToken" }
        let age = now() - Double(checked.issuedAt)
        if age > maxAge { return "ExpiredProviderToken" }
        if age < -300 { return "InvalidProviderToken" }
        boundKeyID = checked.keyID
        return nil
    }

    private func verify(_ token: String) -> Checked {
        guard let jwt = APNSJWT(token), jwt.algorithm == "ES256", let keyID = jwt.keyID, let issuedAt = jwt.issuedAt,
            let trusted = keys[keyID], jwt.teamID == trusted.teamID, jwt.isSigned(by: trusted.publicKey)
        else { return Checked(keyID: "", issuedAt: 0, valid: false) }
        return Checked(keyID: keyID, issuedAt: issuedAt, valid: true)
    }
}
