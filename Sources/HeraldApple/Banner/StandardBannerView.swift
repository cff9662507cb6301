#if canImport(UIKit)
import HeraldCore
import UIKit

/// The standard banner content: the rounded logo at the left, the bold title with the
/// relative time beside it, the body below in up to `bodyLines` lines, and a small
/// grabber at the bottom. Auto Layout throughout; text scales with Dynamic Type.
public final class StandardBannerView: UIView, BannerContentView {
    private let logo = UIImageView()
    private let title = UILabel()
    private let time = UILabel()
    private let body = UILabel()
    private let grabber = UIView()
    private let columns = UIStackView()
    private let lines = UIStackView()
    private let header = UIStackView()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        build()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        build()
    }

    public var accessibilityText: String {
        [title.text, body.text].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ". ")
    }

    public func show(_ item: BannerItem, style: BannerStyle) {
        let content = item.notification.content
        title.text = content.title
        body.text = content.body
        time.text = Date().formatted(.relative(presentation: .named))
        time.isHidden = !style.showsTime
        logo.image = style.logo
        logo.isHidden = style.logo == nil
        logo.layer.cornerRadius = style.logoCornerRadius
        title.font = style.titleFont
        time.font = style.timeFont
        body.font = style.bodyFont
        title.textColor = style.titleColor
        time.textColor = style.timeColor
        body.textColor = style.bodyColor
        body.numberOfLines = style.bodyLines
        grabber.backgroundColor = style.grabberColor
        columns.spacing = style.padding
        directionalLayoutMargins = NSDirectionalEdgeInsets(
            top: style.padding, leading: style.padding, bottom: style.padding + 6, trailing: style.padding)
        logoSize.forEach { $0.constant = style.logoSize }
    }

    private lazy var logoSize = [logo.widthAnchor.constraint(equalToConstant: 30), logo.heightAnchor.constraint(equalToConstant: 30)]

    private func build() {
        logo.contentMode = .scaleAspectFill
        logo.clipsToBounds = true
        for label in [title, time, body] {
            label.adjustsFontForContentSizeCategory = true
        }
        title.numberOfLines = 1
        time.numberOfLines = 1
        time.setContentHuggingPriority(.required, for: .horizontal)
        time.setContentCompressionResistancePriority(.required, for: .horizontal)
        title.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)

        header.axis = .horizontal
        header.spacing = 8
        header.alignment = .firstBaseline
        header.addArrangedSubview(title)
        header.addArrangedSubview(time)
        lines.axis = .vertical
        lines.spacing = 2
        lines.addArrangedSubview(header)
        lines.addArrangedSubview(body)
        columns.axis = .horizontal
        columns.alignment = .center
        columns.addArrangedSubview(logo)
        columns.addArrangedSubview(lines)

        grabber.layer.cornerRadius = 2.5
        for view in [columns, grabber] {
            view.translatesAutoresizingMaskIntoConstraints = false
            addSubview(view)
        }
        let margins = layoutMarginsGuide
        NSLayoutConstraint.activate(
            logoSize + [
                columns.topAnchor.constraint(equalTo: margins.topAnchor),
                columns.leadingAnchor.constraint(equalTo: margins.leadingAnchor),
                columns.trailingAnchor.constraint(equalTo: margins.trailingAnchor),
                columns.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
                grabber.widthAnchor.constraint(equalToConstant: 35),
                grabber.heightAnchor.constraint(equalToConstant: 5),
                grabber.centerXAnchor.constraint(equalTo: centerXAnchor),
                grabber.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -5),
            ])
        isAccessibilityElement = false
    }
}
#endif
