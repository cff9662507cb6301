import HeraldShared

/// Connections open, in all and per client address, shared by the server's loops.
final class HTTPConnectionCounter: Sendable {
    enum Admission: Equatable {
        case admitted
        /// The server has `limit` connections open; `victim` is the address that holds the
        /// most when it holds at least two more than the newcomer's would: a slot is taken
        /// from it, whatever its connections' age, so that no few addresses can hold the
        /// server however fast they reconnect.
        case full(victim: String?)
        /// This address has `perAddress` connections open.
        case addressFull
    }

    let limit: Int
    /// 0: no cap per address.
    let perAddress: Int
    private let state = Locked((total: 0, byAddress: [String: Int]()))

    init(limit: Int, perAddress: Int) {
        self.limit = limit
        self.perAddress = perAddress
    }

    /// Counts a connection from `address` in, unless a cap is reached.
    func admit(_ address: String) -> Admission {
        state.withLock { state in
            if perAddress > 0, state.byAddress[address, default: 0] >= perAddress { return .addressFull }
            guard state.total < limit else {
                let own = state.byAddress[address, default: 0]
                guard let top = state.byAddress.max(by: { $0.value < $1.value }), top.value >= own + 2 else {
                    return .full(victim: nil)
                }
                return .full(victim: top.key)
            }
            state.total += 1
            state.byAddress[address, default: 0] += 1
            return .admitted
        }
    }

    /// Counts a connection in past the limit, while another loop makes room for it.
    func forceAdmit(_ address: String) {
        state.withLock { state in
            state.total += 1
            state.byAddress[address, default: 0] += 1
        }
    }

    func release(_ address: String) {
        state.withLock { state in
            state.total -= 1
            let left = state.byAddress[address, default: 1] - 1
            state.byAddress[address] = left > 0 ? left : nil
        }
    }

    var open: Int { state.current.total }
}
