import HeraldCore
import SwiftUI

/// A banner drawn in SwiftUI; Herald's window, touches and timing stay the same.
struct DemoBanner: View {
    let item: BannerItem

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(item.notification.content.title ?? "").bold()
            Text(item.notification.content.body ?? "")
        }
        .padding()
    }
}
