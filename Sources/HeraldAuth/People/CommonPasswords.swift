/// Passwords people pick most, as the cores `PasswordPolicy` compares a password's
/// letters with (digits and punctuation around them are taken off first): common words
/// and names, keyboard patterns, and this product's own name.
enum CommonPasswords {
    static let all: Set<String> = [
        "123abc", "1q2w3e4r", "1q2w3e4r5t6y", "1qaz2wsx", "a1b2c3", "aa123456", "abc123", "access", "admin", "administrator",
        "angel", "apple", "arsenal", "asdfgh", "asdfghjkl", "ashley", "autumn", "azerty", "babygirl", "banana", "barcelona",
        "baseball", "basketball", "batman", "blessed", "buster", "changeme", "charlie", "charlie1", "chelsea", "chocolate",
        "christ", "computer", "console", "contraseña", "cookie", "daniel", "daniel1", "default", "dragon", "facebook", "family",
        "flower", "football", "forever", "freedom", "friends", "ginger", "godisgood", "google", "guest", "harley", "heaven",
        "hello", "hello123", "hellokitty", "herald", "heraldpush", "hockey", "hunter", "iloveyou", "instagram", "internet",
        "iphone", "jennifer", "jessica", "jesus", "jordan", "killer", "letmein", "linkedin", "liverpool", "login", "lovely",
        "loveme", "maggie", "master", "matrix", "michael", "michelle", "microsoft", "monkey", "motdepasse", "mustang", "mylove",
        "mypass", "mypassword", "myspace", "newpassword", "ninja", "nothing", "notifications", "oldpassword", "orange",
        "p@ssw0rd", "p@ssword", "pass123", "passw0rd", "password", "passwort", "pepper", "pokemon", "princess", "purple",
        "pushnotification", "q1w2e3r4", "q1w2e3r4t5y6", "qazwsx", "qwe123", "qwerty", "qwertyuiop", "qwertz", "ranger",
        "realmadrid", "root", "samsung", "secret", "senha", "shadow", "soccer", "spring", "starwars", "summer", "sunshine",
        "superman", "superman1", "temp", "temppass", "test", "test123", "tester", "testing", "thomas", "tigger", "toor",
        "trustno1", "twitter", "welcome", "welcome1", "whatever", "whatever1", "windows", "winter", "yellow", "youtube",
        "zaq12wsx", "zxcvbnm",
    ]
}
