import HeraldShared

/// The bytes of request bodies the server holds at once, across every connection, shared
/// so that no one caller can take the room the others need. A body's room is reserved as
/// its bytes arrive (`Reservation.grow`), not by the length its head declares, and given
/// back when its handler is done with it (or the body is cut off); a body that no longer
/// fits is answered 503 `busy` and its room released, so memory stays bounded whatever
/// clients send, and a client that declares large bodies and sends them slowly holds
/// next to nothing. Within the budget:
/// - bodies of requests without a key (the console's sign-in) share a small allowance;
/// - a quarter is kept for the server key (a team's backend): other keys never use it;
/// - bodies with other keys (the client key, which ships in every copy of an app, and
///   device keys) hold at most an eighth from one client address and half for one app
///   (bodies without a key are bounded by their allowance instead).
package final class HTTPBodyBudget: Sendable {
    let capacity: Int
    /// What bodies of requests without a key may hold together (at most `capacity`).
    let unkeyedCapacity: Int
    /// What only server-key bodies may use.
    let serverReserve: Int
    /// What other bodies from one client address, and for one app, may hold.
    let addressShare: Int
    let appShare: Int

    private struct Used {
        var all = 0
        var unkeyed = 0
        /// Bodies without the server key (keyed or not).
        var shared = 0
        var byAddress: [String: Int] = [:]
        var byApp: [String: Int] = [:]
    }
    private let used = Locked(Used())

    /// `largestBody`: the largest body a request may have; a share never holds less, so
    /// one such body always fits a share of an otherwise idle budget.
    package init(capacity: Int, unkeyedCapacity: Int? = nil, largestBody: Int = 0) {
        self.capacity = capacity
        self.unkeyedCapacity = min(capacity, unkeyedCapacity ?? capacity)
        serverReserve = capacity / 4
        addressShare = min(capacity, max(1, capacity / 8, largestBody))
        appShare = min(capacity, max(1, capacity / 2, largestBody))
    }

    /// Room for one body, grown as it arrives and held until `release` (or until the
    /// reservation is let go: a body handed to a worker is given back when the worker is
    /// done with it, or when its job is dropped unrun, whoever holds it last).
    final class Reservation: Sendable {
        let owner: HTTPBodyOwner
        /// The client address the room is counted against (the owner's, or the connection's).
        let address: String
        private let budget: HTTPBodyBudget
        /// The bytes held; nil once released.
        private let held: Locked<Int?>

        fileprivate init(bytes: Int, owner: HTTPBodyOwner, address: String, budget: HTTPBodyBudget) {
            self.owner = owner
            self.address = address
            self.budget = budget
            held = Locked(bytes)
        }

        /// The bytes held now.
        var bytes: Int { held.current ?? 0 }

        /// Holds `more` bytes besides; false (holding what it held) when they do not fit.
        func grow(by more: Int) -> Bool {
            guard more > 0 else { return true }
            return held.withLock { held in
                guard let bytes = held, budget.take(more, owner: owner, address: address) else { return false }
                held = bytes + more
                return true
            }
        }

        /// Gives the bytes back (once, however often it is called).
        func release() {
            let bytes = held.withLock { held -> Int in
                defer { held = nil }
                return held ?? 0
            }
            budget.give(bytes, owner: owner, address: address)
        }

        deinit { release() }
    }

    /// Room for `bytes` if they fit (see the type's rules), counted against `address` for
    /// a body without the server key.
    func reserve(_ bytes: Int, owner: HTTPBodyOwner, address: String) -> Reservation? {
        let address = owner.address ?? address
        guard take(bytes, owner: owner, address: address) else { return nil }
        return Reservation(bytes: bytes, owner: owner, address: address, budget: self)
    }

    /// Why a body does not fit: the whole budget, the allowance without a key, or a share.
    func refusal(for owner: HTTPBodyOwner) -> HTTPProtocolError {
        owner.keyed ? .busy : .busyUnkeyed
    }

    private func take(_ bytes: Int, owner: HTTPBodyOwner, address: String) -> Bool {
        guard bytes > 0 else { return true }
        return used.withLock { used in
            guard used.all + bytes <= capacity else { return false }
            if !owner.keyed, used.unkeyed + bytes > unkeyedCapacity { return false }
            if !owner.server {
                guard used.shared + bytes <= capacity - serverReserve else { return false }
                if owner.keyed {
                    guard used.byAddress[address, default: 0] + bytes <= addressShare else { return false }
                    if let app = owner.app, used.byApp[app, default: 0] + bytes > appShare { return false }
                    used.byAddress[address, default: 0] += bytes
                    if let app = owner.app { used.byApp[app, default: 0] += bytes }
                }
                used.shared += bytes
            }
            used.all += bytes
            if !owner.keyed { used.unkeyed += bytes }
            return true
        }
    }

    private func give(_ bytes: Int, owner: HTTPBodyOwner, address: String) {
        guard bytes > 0 else { return }
        used.withLock { used in
            used.all -= bytes
            if !owner.keyed { used.unkeyed -= bytes }
            guard !owner.server else { return }
            used.shared -= bytes
            guard owner.keyed else { return }
            Self.subtract(bytes, from: &used.byAddress, address)
            if let app = owner.app { Self.subtract(bytes, from: &used.byApp, app) }
        }
    }

    /// Takes `bytes` off `key`'s count, forgetting a key that holds none (memory stays
    /// bounded by the bodies held, not the callers seen).
    private static func subtract(_ bytes: Int, from counts: inout [String: Int], _ key: String) {
        let left = (counts[key] ?? 0) - bytes
        counts[key] = left > 0 ? left : nil
    }

    /// Bytes reserved now.
    var inUse: Int { used.current.all }

    /// Bytes reserved now by requests without a key.
    var unkeyedInUse: Int { used.current.unkeyed }

    /// Client addresses and apps holding room now (tests: none is kept once released).
    var tracked: (addresses: Int, apps: Int) { used.withLock { ($0.byAddress.count, $0.byApp.count) } }
}

/// Whose a request body is, for its share of the body memory (`HTTPBodyBudget`).
public struct HTTPBodyOwner: Sendable, Hashable {
    /// The request carries a valid key.
    public var keyed: Bool
    /// The key is an app's server key (the team's backend): its bodies may use the room
    /// kept for it, and are not held to a client address's share.
    public var server: Bool
    /// The app whose key it is, held to an app's share.
    public var app: String?
    /// The client address the body counts against (as the API tells clients apart, behind
    /// a trusted proxy the forwarded one); nil: the connection's peer address.
    public var address: String?

    public init(keyed: Bool, server: Bool = false, app: String? = nil, address: String? = nil) {
        self.keyed = keyed
        self.server = server
        self.app = app
        self.address = address
    }

    /// A request without a key.
    public static let unkeyed = HTTPBodyOwner(keyed: false)
}
