import HeraldShared

/// Why a user token was refused: a stable reason for code and a message for people that
/// says what is wrong and how to fix it. Messages never contain the token or the secret.
public typealias UserTokenError = ReasonError<UserTokenFailure>

/// Why: the reasons of a `UserTokenError`.
public enum UserTokenFailure: String, Sendable, Hashable, CaseIterable {
    /// Not three base64url parts with JSON objects, or too long.
    case malformed
    /// `alg` is not `HS256` (`none` and every other algorithm are refused).
    case unsupportedAlgorithm
    /// The signature is not the app's secret's.
    case badSignature
    /// A required claim (`sub`, `aud`, `exp`, `iat`) is missing or of the wrong type.
    case missingClaim
    /// `exp` has passed.
    case expired
    /// `iat` or `nbf` lies in the future.
    case notYetValid
    /// `exp` is more than an hour after `iat`, or more than an hour ahead.
    case lifetimeTooLong
    /// `sub` is another user.
    case wrongUser
    /// `aud` is another app.
    case wrongApp
    /// The app has no user-token secret (or the signer was given an empty one).
    case noSecret
}
