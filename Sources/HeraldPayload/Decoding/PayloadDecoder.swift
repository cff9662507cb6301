import Foundation
import HeraldShared

/// Decodes any push payload (APNs, Pusher Beams, GeTui, JPush, UMeng, FCM,
/// OneSignal, Airship, Braze, Iterable, Herald) into a `PushNotification`.
///
/// Lenient: sloppy values are read and reported in `notes`. Strict about input it
/// cannot trust: too large, too deep, not JSON or not an object throws.
public struct PayloadDecoder: Sendable {
    public let options: PayloadDecoderOptions
    private let index: ProviderIndex
    /// Top-level data keys that any of `options.attachmentPaths` can start with.
    private let attachmentKeys: Set<String>

    public init(options: PayloadDecoderOptions = PayloadDecoderOptions()) {
        self.options = options
        self.index = ProviderIndex(options.providers)
        self.attachmentKeys = Set(options.attachmentPaths.flatMap(\.topLevelKeys))
    }

    /// The decoder with the default options, built once (building indexes every provider).
    public static let standard = PayloadDecoder()

    /// Decodes the bytes of a JSON payload.
    public func decode(_ data: Data) throws(PayloadDecodingError) -> PushNotification {
        try decode(try parse(data))
    }

    /// Decodes the bytes of a JSON payload.
    public func decode(_ bytes: [UInt8]) throws(PayloadDecodingError) -> PushNotification {
        try decode(try parse(Data(bytes)))
    }

    /// Parses payload bytes within the size and depth limits, without decoding them.
    public func parse(_ data: Data) throws(PayloadDecodingError) -> JSONValue {
        guard data.count <= options.maxBytes else {
            throw PayloadDecodingError(.tooLarge(bytes: data.count, limit: options.maxBytes))
        }
        do {
            return try JSONParser(maxDepth: options.maxDepth).parse(data)
        } catch {
            throw PayloadDecodingError(.invalidJSON(error))
        }
    }

    /// Decodes a payload given as text.
    public func decode(_ text: String) throws(PayloadDecodingError) -> PushNotification {
        try decode(Data(text.utf8))
    }

    /// Decodes an already parsed payload.
    public func decode(_ value: JSONValue) throws(PayloadDecodingError) -> PushNotification {
        guard let payload = value.objectValue else { throw PayloadDecodingError(.notAnObject(found: value.typeDescription)) }
        var notes: [DecodingNote] = []
        let aps = payload["aps"].map { APS.decode($0, notes: &notes) } ?? APS()
        let provider = try recognize(payload)
        var envelope = provider?.envelope(of: payload) ?? ProviderEnvelope(data: payload)
        if provider == nil { envelope.data["aps"] = nil }
        envelope.data = unwrap(envelope.data, notes: &notes)
        return PushNotification(
            provider: provider?.id ?? .apns,
            id: envelope.id ?? firstText(in: envelope.data, keys: options.idKeys),
            aps: aps,
            content: content(aps.alert, fallback: envelope.content),
            link: envelope.link ?? fallbackLink(in: envelope.data),
            attachments: attachments(envelope, payload: payload),
            data: envelope.data,
            raw: payload,
            notes: notes,
            providerInternal: envelope.internalFlag.map { "\(provider?.id ?? .apns): \($0)" })
    }

    /// The provider that claims `payload` most confidently, or `nil` for plain APNs.
    func recognize(_ payload: [String: JSONValue]) throws(PayloadDecodingError) -> (any PushProvider)? {
        if let forced = options.forcedProvider {
            if forced == .apns { return nil }
            guard let provider = options.providers.first(where: { $0.id == forced }) else {
                throw PayloadDecodingError(.unknownProvider(forced))
            }
            return provider
        }
        var best: (provider: any PushProvider, score: Int)?
        for provider in index.candidates(for: payload) {
            if let score = provider.confidence(for: payload), score > (best?.score ?? 0) {
                best = (provider, score)
            }
        }
        return best?.provider
    }

    private func unwrap(_ data: [String: JSONValue], notes: inout [DecodingNote]) -> [String: JSONValue] {
        var result = data
        var found: [DecodingNote] = []
        for (key, original) in data {
            var value = original
            for unwrapper in options.unwrappers {
                do {
                    if let unwrapped = try unwrapper.unwrap(field: key, value: value) {
                        value = unwrapped
                        found.append(
                            DecodingNote(
                                path: key, problem: "holds \(unwrapped.typeDescription) inside a string", outcome: "unwrapped",
                                severity: .info))
                    }
                } catch {
                    found.append(DecodingNote(path: key, problem: "\(error)", outcome: "kept as received", severity: .warning))
                }
            }
            if value != original { result[key] = value }
        }
        // Dictionary order changes between processes; notes come out sorted so output is stable.
        notes += found.sorted { $0.path < $1.path }
        return result
    }

    private func content(_ alert: Alert?, fallback: AlertContent) -> AlertContent {
        func pick(_ value: String?, _ other: String?) -> String? {
            if let value, !value.isEmpty { return value }
            return other
        }
        return AlertContent(
            title: pick(alert?.title, fallback.title), subtitle: pick(alert?.subtitle, fallback.subtitle),
            body: pick(alert?.body, fallback.body))
    }

    private func attachments(_ envelope: ProviderEnvelope, payload: [String: JSONValue]) -> [AttachmentReference] {
        var found = envelope.attachments
        if envelope.data.keys.contains(where: attachmentKeys.contains) {
            let data = JSONValue.object(envelope.data)
            for path in options.attachmentPaths {
                found += ProviderSpec.attachments(in: data[path: path])
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.url).inserted }
    }

    /// A generic link key of the app's data that holds a URL (with a scheme): a bare
    /// code such as seed 000's native `url: "2"`, or a number, is data for field routes.
    private func fallbackLink(in data: [String: JSONValue]) -> String? {
        for key in options.linkKeys {
            if let text = data[key]?.stringValue, MediaURL.Parts(text) != nil { return text }
        }
        return nil
    }

    private func firstText(in payload: [String: JSONValue], keys: [String]) -> String? {
        for key in keys {
            if let text = payload[key]?.scalarText, !text.isEmpty { return text }
        }
        return nil
    }
}
