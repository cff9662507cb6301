import HeraldFCMModel

/// A service account with a fresh RSA key, as the JSON text of its key file (made once: a
/// 2048-bit key takes a moment).
enum FCMTestAccount {
    static let json: String = {
        let key = try! RSASigningKey.generate()
        let account = FCMServiceAccount(
            projectID: "demo-project", clientEmail: "herald@demo-project.iam.gserviceaccount.com", privateKeyID: "k1", privateKey: key,
            tokenURI: "https://oauth2.googleapis.com/token")
        return try! account.json()
    }()

    static func credentials(endpoint: String? = nil) throws -> FCMCredentials {
        try FCMCredentials(serviceAccountJSON: json, endpoint: endpoint)
    }
}
