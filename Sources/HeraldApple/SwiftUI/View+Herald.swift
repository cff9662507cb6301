#if canImport(UIKit) && canImport(SwiftUI)
import HeraldCore
import SwiftUI

extension View {
    /// Tells Herald the UI can navigate once this view appears (put it on the root
    /// view): a route held since a cold-start tap runs now.
    public func heraldReady(_ herald: Herald) -> some View {
        onAppear { herald.uiReady() }
    }

    /// Shows Herald's banners with a SwiftUI view of your own, in the banner's window
    /// above the status bar, with its touches, timing and VoiceOver announcement.
    ///
    /// ```swift
    /// ContentView().heraldBanner(herald) { item in
    ///     Label(item.notification.content.title ?? "", systemImage: "bell")
    /// }
    /// ```
    public func heraldBanner<Banner: View>(
        _ herald: Herald, @ViewBuilder content: @escaping @MainActor (BannerItem) -> Banner
    ) -> some View {
        onAppear {
            herald.banner.makeContent = { item in HostedBannerView(item: item, content: content) }
        }
    }
}
#endif
