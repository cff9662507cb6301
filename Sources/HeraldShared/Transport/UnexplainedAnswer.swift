import Foundation

/// The reason of a push service's answer that gave none: a body without the service's
/// reason field, or a redirect (a push service never redirects a request it took; the
/// clients never follow one). Without it a delivery would fail with an empty reason.
public enum UnexplainedAnswer {
    /// The body's reason when it has one; else what happened, from the status and the
    /// `Location` of a redirect: `HTTP 302 redirect to https://… (not followed)`,
    /// `HTTP 500 without a reason`.
    public static func reason(_ given: String, status: Int, location: String?) -> String {
        let text = given.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.isEmpty || (300..<400).contains(status) else { return given }
        guard (300..<400).contains(status) else { return "HTTP \(status) without a reason" }
        let target = location.map { "redirect to \(String($0.prefix(200)))" } ?? "redirect without a Location"
        return "HTTP \(status) \(target) (not followed)"
    }
}
