import HeraldShared
import HeraldStore

extension PublishRequest {
    /// `options.frequencyCap`: `{"max": N, "window": seconds}`, both whole numbers in
    /// `FrequencyCap`'s ranges. A channel's broadcast reaches no device one by one: refused there.
    static func frequencyCap(_ options: JSONObjectReader, target: PublishTarget) throws(ValidationError) -> FrequencyCap? {
        guard let object = try options.objectValue("frequencyCap") else { return nil }
        let fields = try JSONObjectReader(.object(object), path: options.field("frequencyCap"))
        try fields.allow(["max", "window"])
        let example = "such as {\"max\": 2, \"window\": 86400}"
        guard case .channels = target else {
            let max = try Self.capField(fields, "max", range: FrequencyCap.maxRange, unit: "", example: example)
            let window = try Self.capField(fields, "window", range: FrequencyCap.windowRange, unit: " seconds", example: example)
            return FrequencyCap(max: max, window: window)
        }
        throw ValidationError(
            options.field("frequencyCap"), "applies to deliveries to devices; a channel's broadcast cannot be capped: leave it out")
    }

    private static func capField(
        _ fields: JSONObjectReader, _ key: String, range: ClosedRange<Int>, unit: String, example: String
    ) throws(ValidationError) -> Int {
        guard let value = try fields.integer(key) else {
            throw ValidationError(fields.field(key), "is required: give max and window, \(example)")
        }
        guard range.contains(value) else {
            throw ValidationError(
                fields.field(key), "\(value) is not \(range.lowerBound) to \(range.upperBound)\(unit), \(example)")
        }
        return value
    }
}
