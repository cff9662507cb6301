#if canImport(UIKit)
import UIKit

/// How the default banner looks. `standard` is Herald's own dark card; `system` follows
/// the system's materials. Colors are dynamic (light and dark), fonts scale with
/// Dynamic Type, and every value can be changed.
public struct BannerStyle {
    public var background: UIColor
    public var titleColor: UIColor
    public var timeColor: UIColor
    public var bodyColor: UIColor
    public var grabberColor: UIColor
    /// Fonts, scaled by `UIFontMetrics` for their text styles (Dynamic Type).
    public var titleFont: UIFont
    public var timeFont: UIFont
    public var bodyFont: UIFont
    /// The logo at the left, rounded; hidden when `nil`.
    public var logo: UIImage?
    public var logoSize: CGFloat
    public var logoCornerRadius: CGFloat
    /// The banner's own corner radius.
    public var cornerRadius: CGFloat
    /// Space around and between the parts.
    public var padding: CGFloat
    /// Space between the banner and the safe area's top and sides.
    public var margin: CGFloat
    /// The body's line limit (2 in `standard`).
    public var bodyLines: Int
    /// The banner's widest width (iPad, landscape).
    public var maxWidth: CGFloat
    /// Whether the banner shows the relative time ("now").
    public var showsTime: Bool
    /// Whether showing the banner plays a light haptic.
    public var haptics: Bool

    public init(
        background: UIColor, titleColor: UIColor, timeColor: UIColor, bodyColor: UIColor, grabberColor: UIColor,
        titleFont: UIFont, timeFont: UIFont, bodyFont: UIFont, logo: UIImage? = nil, logoSize: CGFloat = 30,
        logoCornerRadius: CGFloat = 7, cornerRadius: CGFloat = 14, padding: CGFloat = 12, margin: CGFloat = 8,
        bodyLines: Int = 2, maxWidth: CGFloat = 500, showsTime: Bool = true, haptics: Bool = true
    ) {
        self.background = background
        self.titleColor = titleColor
        self.timeColor = timeColor
        self.bodyColor = bodyColor
        self.grabberColor = grabberColor
        self.titleFont = titleFont
        self.timeFont = timeFont
        self.bodyFont = bodyFont
        self.logo = logo
        self.logoSize = logoSize
        self.logoCornerRadius = logoCornerRadius
        self.cornerRadius = cornerRadius
        self.padding = padding
        self.margin = margin
        self.bodyLines = bodyLines
        self.maxWidth = maxWidth
        self.showsTime = showsTime
        self.haptics = haptics
    }

    /// Herald's banner: a near-black card (a warm off-white in light mode), the app's
    /// `logo` image rounded at the left, a bold 12 pt title, the time in grey, a 13 pt
    /// body of two lines and a small brown grabber, at Dynamic Type's default size.
    public static var standard: BannerStyle {
        BannerStyle(
            background: .herald(light: 0xF7F5F2, dark: 0x0F0E0C), titleColor: .herald(light: 0x141414, dark: 0xFFFFFF),
            timeColor: .herald(light: 0x737373, dark: 0xAAAAAA), bodyColor: .herald(light: 0x1F1F1F, dark: 0xFFFFFF),
            grabberColor: .herald(light: 0x796551, dark: 0x796551),
            titleFont: UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: .boldSystemFont(ofSize: 12)),
            timeFont: UIFontMetrics(forTextStyle: .caption1).scaledFont(for: .systemFont(ofSize: 12)),
            bodyFont: UIFontMetrics(forTextStyle: .subheadline).scaledFont(for: .systemFont(ofSize: 13)),
            logo: UIImage(named: "logo"))
    }

    /// The system's look: secondary background, label colors and text-style fonts.
    public static var system: BannerStyle {
        BannerStyle(
            background: .secondarySystemBackground, titleColor: .label, timeColor: .secondaryLabel, bodyColor: .label,
            grabberColor: .tertiaryLabel, titleFont: .preferredFont(forTextStyle: .headline),
            timeFont: .preferredFont(forTextStyle: .caption1), bodyFont: .preferredFont(forTextStyle: .subheadline))
    }
}

extension UIColor {
    /// A color with one RGB value (0xRRGGBB) for light mode and one for dark mode.
    static func herald(light: UInt32, dark: UInt32) -> UIColor {
        UIColor { traits in
            let rgb = traits.userInterfaceStyle == .dark ? dark : light
            return UIColor(
                red: CGFloat((rgb >> 16) & 0xFF) / 255, green: CGFloat((rgb >> 8) & 0xFF) / 255, blue: CGFloat(rgb & 0xFF) / 255,
                alpha: 1)
        }
    }
}
#endif
