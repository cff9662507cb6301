@testable import HeraldStore

extension FlakyStore {
    func recordRoutePause(appID: String, _ pause: RoutePause) throws {
        try pass(base).recordRoutePause(appID: appID, pause)
    }

    func endRoutePause(appID: String, route: DeliveryRoute) throws -> Bool {
        try pass(base).endRoutePause(appID: appID, route: route)
    }

    func routePauses(appID: String) throws -> [RoutePause] {
        try pass(base).routePauses(appID: appID)
    }

    func waitingDeliveries(publishID: String) throws -> [DeliveryRoute: Int] {
        try pass(base).waitingDeliveries(publishID: publishID)
    }

    func targetReach(appID: String, target: PublishTarget) throws -> TargetReach {
        try pass(base).targetReach(appID: appID, target: target)
    }
}
