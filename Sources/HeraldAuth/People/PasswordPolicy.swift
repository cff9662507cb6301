/// What a password must be: at least 12 characters (at most 200), not the account's
/// e-mail or its name part, and not a common password. Common means one of the passwords
/// people pick most (`CommonPasswords`), alone or wrapped in digits and punctuation
/// ("password2024!", "123qwerty123"), a single character repeated, or a run along the
/// digits, the alphabet or a keyboard row ("1234567890ab", "qwertyuiopas").
public enum PasswordPolicy {
    public static let minLength = 12
    public static let maxLength = 200

    /// Why `password` is refused for `email`; nil when it is acceptable.
    public static func problem(_ password: String, email: String) -> String? {
        let count = password.count
        if count < minLength { return "is \(count) characters; use at least \(minLength) (a few unrelated words make a strong one)" }
        if count > maxLength { return "is longer than \(maxLength) characters" }
        let lower = password.lowercased()
        let mail = email.lowercased()
        let name = mail.split(separator: "@").first.map(String.init) ?? mail
        if lower == mail || lower.contains(mail) || (name.count >= 4 && core(lower) == name) {
            return "is the account's e-mail address; choose a password that says nothing about the account"
        }
        if isCommon(lower) { return "is among the most common passwords, which are guessed first; choose another (a few unrelated words make a strong one)" }
        return nil
    }

    /// The password with the digits and punctuation around it taken off.
    static func core(_ lower: String) -> String {
        let letters = lower.unicodeScalars
        let isPadding: (Unicode.Scalar) -> Bool = { !(("a"..."z").contains($0) || $0.value > 0x7f) }
        guard let first = letters.firstIndex(where: { !isPadding($0) }), let last = letters.lastIndex(where: { !isPadding($0) }) else { return "" }
        return String(letters[first...last])
    }

    static func isCommon(_ lower: String) -> Bool {
        let core = core(lower)
        // Two characters at most, or mostly digits and punctuation around a few letters.
        if Set(lower).count <= 2 || core.count < 4 { return true }
        if CommonPasswords.all.contains(lower) || CommonPasswords.all.contains(core) { return true }
        return isRun(lower) || isRun(core)
    }

    /// Whether the password is made only of steps along one of the sequences, forwards or
    /// back: the digits, the alphabet, the keyboard's letter rows read on from one row to
    /// the next, its columns.
    static func isRun(_ lower: String) -> Bool {
        let characters = Array(lower)
        for sequence in ["0123456789", "abcdefghijklmnopqrstuvwxyz", "qwertyuiopasdfghjklzxcvbnm", "1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p"] {
            let order = Array(sequence)
            var runs = true
            for index in 1..<characters.count {
                guard let a = order.firstIndex(of: characters[index - 1]), let b = order.firstIndex(of: characters[index]),
                    abs(a - b) == 1 || (a == order.count - 1 && b == 0) || (a == 0 && b == order.count - 1)
                else {
                    runs = false
                    break
                }
            }
            if runs { return true }
        }
        return false
    }
}
