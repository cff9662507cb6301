import Testing

@testable import HeraldCore

@Suite("Categories: declared once, registered once, never replaced late")
@MainActor
struct CategoryRegistryTests {
    @Test("post 002's category2: five actions, options as the post sets them, custom dismiss")
    func post002() throws {
        let category = NotificationCategory.post002
        try CategoryRegistry.validate(category)
        #expect(category.options == .customDismissAction)
        #expect(category.action("action-open")?.options == .foreground)
        #expect(category.action("action-cancel")?.options == .authenticationRequired)
        #expect(category.action("action-collect")?.options == .destructive)
        let comment = try #require(category.action("action-comment"))
        #expect(comment.textInput == CategoryAction.TextInput(buttonTitle: "發送", placeholder: "輸入你的評論"))
    }

    @Test("registered once: the set keeps other SDKs' categories; ours win on the same identifier")
    func registerOnce() throws {
        let registry = CategoryRegistry()
        try registry.declare(.post002)
        try registry.declare(.post002)  // the same again is fine
        let chat = NotificationCategory("chat", actions: [.textInput("reply", title: "Reply", buttonTitle: "Send", placeholder: "Message")])
        try registry.declare(chat)
        let theirs = NotificationCategory("sdk_buttons", actions: [CategoryAction("buy", title: "Buy")])
        let stale = NotificationCategory("chat", actions: [])
        let set = try registry.register(keeping: [theirs, stale])
        #expect(set.map(\.identifier) == ["category2", "chat", "sdk_buttons"])
        #expect(set.first { $0.identifier == "chat" } == chat)
        #expect(throws: CategoryError(.alreadyRegistered)) { try registry.register() }
        #expect(throws: CategoryError(.lateDeclaration("late"))) { try registry.declare(NotificationCategory("late", actions: [])) }
    }

    @Test("malformed categories are refused with the reason")
    func invalid() {
        let registry = CategoryRegistry()
        #expect(throws: CategoryError(.emptyIdentifier)) { try registry.declare(NotificationCategory("", actions: [])) }
        #expect(throws: CategoryError(.duplicateAction(category: "c", action: "a"))) {
            try registry.declare(NotificationCategory("c", actions: [CategoryAction("a", title: "A"), CategoryAction("a", title: "B")]))
        }
        #expect(throws: CategoryError(.reservedAction(category: "c", action: NotificationAction.dismissIdentifier))) {
            try registry.declare(NotificationCategory("c", actions: [CategoryAction(NotificationAction.dismissIdentifier, title: "x")]))
        }
        #expect(throws: CategoryError(.emptyActionIdentifier(category: "c"))) {
            try registry.declare(NotificationCategory("c", actions: [CategoryAction("", title: "x")]))
        }
        #expect(throws: CategoryError(.emptyTextInputButton(category: "c", action: "t"))) {
            try registry.declare(NotificationCategory("c", actions: [.textInput("t", title: "T", buttonTitle: "", placeholder: "")]))
        }
        #expect(throws: CategoryError(.tooManyActions(category: "c", count: 11, limit: 10))) {
            try registry.declare(NotificationCategory("c", actions: (0..<11).map { CategoryAction("a\($0)", title: "A") }))
        }
        try? registry.declare(NotificationCategory("c", actions: [CategoryAction("a", title: "A")]))
        #expect(throws: CategoryError(.conflictingCategory("c"))) {
            try registry.declare(NotificationCategory("c", actions: [CategoryAction("a", title: "Other")]))
        }
        #expect(registry.declared.map(\.identifier) == ["c"])
    }
}
