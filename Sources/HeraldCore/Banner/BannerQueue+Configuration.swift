extension BannerQueue {
    /// The timings and limits of a banner queue. Negative durations count as zero.
    public struct Configuration: Sendable, Hashable {
        /// Seconds a banner stays after `didShow` before it hides itself (5, as in
        /// NotificationBanner). `.infinity` keeps each banner until it is dismissed.
        public var visibleDuration: Double
        /// Seconds of the show animation (`willShow` to `didShow`) and of the hide
        /// animation (`willHide` to `didHide`).
        public var animationDuration: Double
        /// Seconds of blank screen after a `didHide` before the next `willShow`. It
        /// applies to an item that arrives during the pause too, not only to one
        /// that was already waiting.
        public var gap: Double
        /// How many items may wait, not counting the banner on screen.
        ///
        /// When the line is full a new item gets in only by outranking what waits:
        /// the waiting item with the lowest priority leaves (`dropped(_, .overflow)`)
        /// if the new item's priority is strictly higher; among several of that
        /// lowest priority, the newest leaves, the one that would have shown last, so
        /// items that have waited longer keep their turn. Otherwise the new item
        /// itself is dropped with `.overflow`. Either way the loser is reported.
        public var capacity: Int
        /// How many shown ids are remembered for dropping duplicates (200). Ids
        /// coalesced into a banner and ids of waiting items replaced by their thread
        /// are remembered as well.
        public var recentIDLimit: Int
        /// When a pan that ends with `BannerQueue.swipe` dismisses the banner.
        public var swipeRule: SwipeDismissRule

        public init(
            visibleDuration: Double = 5, animationDuration: Double = 0.25, gap: Double = 0, capacity: Int = 8,
            recentIDLimit: Int = 200, swipeRule: SwipeDismissRule = SwipeDismissRule()
        ) {
            self.visibleDuration = visibleDuration
            self.animationDuration = animationDuration
            self.gap = gap
            self.capacity = capacity
            self.recentIDLimit = recentIDLimit
            self.swipeRule = swipeRule
        }
    }
}
