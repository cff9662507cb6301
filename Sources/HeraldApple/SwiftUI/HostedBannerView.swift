#if canImport(UIKit) && canImport(SwiftUI)
import HeraldCore
import SwiftUI
import UIKit

/// A SwiftUI view as a banner's content, sized by Auto Layout from its ideal size.
@MainActor
final class HostedBannerView<Banner: View>: UIView, BannerContentView {
    private let host: UIHostingController<Banner>
    private let content: @MainActor (BannerItem) -> Banner
    private var item: BannerItem

    init(item: BannerItem, content: @escaping @MainActor (BannerItem) -> Banner) {
        self.item = item
        self.content = content
        host = UIHostingController(rootView: content(item))
        super.init(frame: .zero)
        if #available(iOS 16.0, *) { host.sizingOptions = .intrinsicContentSize }
        host.view.backgroundColor = .clear
        host.view.translatesAutoresizingMaskIntoConstraints = false
        addSubview(host.view)
        NSLayoutConstraint.activate([
            host.view.topAnchor.constraint(equalTo: topAnchor),
            host.view.leadingAnchor.constraint(equalTo: leadingAnchor),
            host.view.trailingAnchor.constraint(equalTo: trailingAnchor),
            host.view.bottomAnchor.constraint(equalTo: bottomAnchor),
        ])
    }

    required init?(coder: NSCoder) { nil }

    func show(_ item: BannerItem, style: BannerStyle) {
        self.item = item
        host.rootView = content(item)
    }

    var accessibilityText: String {
        let content = item.notification.content
        return [content.title, content.body].compactMap { $0 }.joined(separator: ". ")
    }
}
#endif
