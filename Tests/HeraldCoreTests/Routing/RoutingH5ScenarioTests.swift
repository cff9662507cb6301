import Testing

@testable import HeraldCore

/// Post 000's `urltype: h5` links, routed by pattern instead of a chain of string checks.
@Suite("Router: post 000's h5 pages")
struct RoutingH5ScenarioTests {
    enum Page: Sendable, Hashable {
        case store, goods, redPacket, trace, log, supportChat, web
    }

    let router: Router<Page>

    init() throws {
        router = try Router(
            [
                (pattern: "https://*.example.com/trace/:id", target: .trace),
                (pattern: "https://*.example.com/log/:id", target: .log),
                (pattern: "https://m.example.com/redpacket", target: .redPacket),
                (pattern: "https://shop.example.com/store/<int:storeId>", target: .store),
                (pattern: "https://shop.example.com/store/<int:storeId>/goods/<int:goodsId>", target: .goods),
                (pattern: "http://*.example.com/client/*", target: .supportChat),
            ],
            fallback: .web)
    }

    @Test("a trace page on any subdomain, with its id from the path")
    func trace() throws {
        let match = try #require(router.match("https://m.example.com/trace/T20240501"))
        #expect(match.target == .trace)
        #expect(match.parameters == ["id": "T20240501"])
        #expect(router.match("https://wap.example.com/log/88/")?.parameters == ["id": "88"])
        #expect(router.match("https://example.com/trace/1")?.target == .web)
    }

    @Test("a red packet takes its id from the query, not from the text after the last =")
    func redPacket() throws {
        let match = try #require(router.match("https://m.example.com/redpacket?id=3f9a&from=push"))
        #expect(match.target == .redPacket)
        #expect(match.pattern == "https://m.example.com/redpacket")
        // The post split the URL at "=" and took the last piece, which is "push" here.
        #expect(match.parameters == ["id": "3f9a", "from": "push"])
    }

    @Test("store and goods pages take numeric ids; anything else opens the web page")
    func storeAndGoods() {
        #expect(router.match("https://shop.example.com/store/12")?.parameters == ["storeId": "12"])
        let goods = router.match("https://SHOP.example.com/store/12/goods/3456?spm=push")
        #expect(goods?.target == .goods)
        #expect(goods?.parameters == ["storeId": "12", "goodsId": "3456", "spm": "push"])
        #expect(router.match("https://shop.example.com/store/abc")?.target == .web)
    }

    @Test("the support chat takes orgid and siteid from the query")
    func supportChat() {
        let match = router.match("http://kefu.example.com/client/index.html?orgid=12&siteid=34")
        #expect(match?.target == .supportChat)
        #expect(match?.parameters == ["orgid": "12", "siteid": "34"])
    }

    @Test("any other link opens the generic web page with the link and its query")
    func web() throws {
        let link = "https://news.example.org/2024/05/sale.html?title=%E5%A4%A7%E4%BF%83"
        let match = try #require(router.match(link))
        #expect(match == RouteMatch(
            target: .web, pattern: nil, parameters: ["title": "大促"], link: link, isFallback: true))
    }
}
