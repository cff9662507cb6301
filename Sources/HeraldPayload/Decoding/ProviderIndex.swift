import HeraldShared

/// Finds the providers worth asking about a payload from its top-level keys, so
/// recognition costs a few hash look-ups instead of every provider's every marker.
struct ProviderIndex: Sendable {
    private let providers: [any PushProvider]
    /// Provider positions by anchor key.
    private let byKey: [String: [Int]]
    /// Provider positions by anchor prefix.
    private let byPrefix: [(prefix: String, position: Int)]
    /// Providers without anchors: always asked.
    private let always: [Int]

    init(_ providers: [any PushProvider]) {
        self.providers = providers
        var byKey: [String: [Int]] = [:]
        var byPrefix: [(String, Int)] = []
        var always: [Int] = []
        for (position, provider) in providers.enumerated() {
            guard let anchors = provider.anchors else {
                always.append(position)
                continue
            }
            for key in anchors.keys { byKey[key, default: []].append(position) }
            for prefix in anchors.prefixes { byPrefix.append((prefix, position)) }
        }
        self.byKey = byKey
        self.byPrefix = byPrefix
        self.always = always
    }

    /// The providers that may claim `payload`, in their configured order.
    func candidates(for payload: [String: JSONValue]) -> [any PushProvider] {
        // A bit per provider; the configured order falls out of the bit order.
        var mask = [UInt64](repeating: 0, count: (providers.count + 63) / 64)
        func mark(_ position: Int) { mask[position / 64] |= 1 << UInt64(position % 64) }
        always.forEach(mark)
        for key in payload.keys {
            byKey[key]?.forEach(mark)
            for entry in byPrefix where key.utf8.starts(with: entry.prefix.utf8) { mark(entry.position) }
        }
        var result: [any PushProvider] = []
        for (word, bits) in mask.enumerated() where bits != 0 {
            for bit in 0..<64 where bits & (1 << UInt64(bit)) != 0 { result.append(providers[word * 64 + bit]) }
        }
        return result
    }
}
