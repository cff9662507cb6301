import HeraldAPNsModel

/// Connections open, in all and per client address, shared by the server's loops.
final class HTTPConnectionCounter: Sendable {
    enum Admission: Equatable {
        case admitted
        /// The server has `limit` connections open.
        case full
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
            guard state.total < limit else { return .full }
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
