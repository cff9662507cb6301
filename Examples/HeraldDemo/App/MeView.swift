import HeraldApple
import HeraldCore
import SwiftUI

/// The "me" tab, in SwiftUI inside the UIKit app: log in (a route waiting for login
/// runs now), log out (it is dropped), clear the badge (post 004).
struct MeView: View {
    let herald: Herald?

    var body: some View {
        VStack(spacing: 16) {
            Text("Routes to Profit need a login (post 000).")
            Button("Log in") { herald?.login() }
            Button("Log out") { herald?.logout() }
            Button("Clear the badge") { herald?.clearBadge() }
        }
    }
}
