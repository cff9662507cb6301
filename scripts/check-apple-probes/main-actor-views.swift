// expect: main actor-isolated initializer 'init(frame:)'
// UIKit's views are @MainActor: building one off the main actor must not type-check.
import UIKit

nonisolated func makeView() -> UIView { UIView(frame: .zero) }
