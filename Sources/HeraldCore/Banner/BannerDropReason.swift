/// Why an item will never be shown; the queue reports every such item.
public enum BannerDropReason: String, Sendable, Hashable {
    /// Its id was on screen, waiting, or among the recently shown ids.
    case duplicate
    /// The line was full and the item did not outrank anything waiting (or it was
    /// the lowest waiting item, evicted for a higher one). `HeraldRuntime` posts each such
    /// item as a local notification that goes to the notification list only.
    case overflow
    /// It was waiting and a newer item of the same thread took its place in line.
    case superseded
    /// It was waiting when `removeAll()` cleared the line. `HeraldRuntime` clears it when
    /// the app leaves the foreground and posts each such item as a local notification.
    case removed
}
