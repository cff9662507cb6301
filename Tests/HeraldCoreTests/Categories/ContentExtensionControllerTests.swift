import Testing

@testable import HeraldCore

/// A view that records what the extension showed and played; sounds end when the test says.
@MainActor
final class RecordingExtensionView: ContentExtensionView {
    var log: [String] = []
    var playing: [String: @MainActor () -> Void] = [:]

    func show(_ text: String) { log.append("show \(text)") }
    func play(sound: String, finished: @escaping @MainActor () -> Void) {
        log.append("play \(sound)")
        playing[sound] = finished
    }
    func stopSound() { log.append("stop") }

    func finish(_ sound: String) { playing.removeValue(forKey: sound)?() }
}

@Suite("Content extension: each action as data, on the clock")
@MainActor
struct ContentExtensionControllerTests {
    let clock = VirtualClock()
    let view = RecordingExtensionView()

    func controller(_ model: ContentExtensionModel = .post002()) -> ContentExtensionController {
        ContentExtensionController(model: model, view: view, clock: clock)
    }

    final class Endings {
        var values: [ActionBehavior.Ending] = []
    }

    @Test("open dismisses and not-interested forwards, at once: no 1.5 s delay")
    func immediate() {
        let c = controller(), endings = Endings()
        c.didReceive(NotificationContent(body: "Rates rise"))
        c.didReceive(action: "action-open") { endings.values.append($0) }
        c.didReceive(action: "action-cancel") { endings.values.append($0) }
        #expect(endings.values == [.dismiss, .dismissAndForward])
        #expect(view.log == ["show Rates rise"])
        #expect(clock.pendingCount == 0)
    }

    @Test("like plays the sound and dismisses when it ends, however long it is")
    func like() {
        let c = controller(), endings = Endings()
        c.didReceive(action: "action-like") { endings.values.append($0) }
        clock.advance(by: 3)
        #expect(endings.values.isEmpty)
        view.finish("like.m4a")
        #expect(endings.values == [.dismiss])
        #expect(view.log == ["play like.m4a"])
        #expect(clock.pendingCount == 0)
    }

    @Test("a sound that never reports its end is stopped after maxSoundWait")
    func silentPlayer() {
        let c = controller(), endings = Endings()
        c.didReceive(action: "action-like") { endings.values.append($0) }
        clock.advance(by: 4.99)
        #expect(endings.values.isEmpty)
        clock.advance(by: 0.01)
        #expect(endings.values == [.dismiss])
        #expect(view.log == ["play like.m4a", "stop"])
        view.finish("like.m4a")
        #expect(endings.values == [.dismiss])
    }

    @Test("collect shows 'saved' for the reading time, then dismisses")
    func collect() {
        let c = controller(.post002(readingTime: 0.8)), endings = Endings()
        c.didReceive(action: "action-collect") { endings.values.append($0) }
        #expect(view.log == ["show 收藏成功~"])
        clock.advance(by: 0.79)
        #expect(endings.values.isEmpty)
        clock.advance(by: 0.01)
        #expect(endings.values == [.dismiss])
    }

    @Test("comment shows the typed text, tells the app, and stays")
    func comment() {
        let c = controller(), endings = Endings()
        var forwarded: [String] = []
        c.onForward = { action, text in forwarded.append("\(action): \(text ?? "-")") }
        c.didReceive(action: "action-comment", text: "Great piece") { endings.values.append($0) }
        #expect(view.log == ["show Great piece"])
        #expect(forwarded == ["action-comment: Great piece"])
        #expect(endings.values == [.stay])
    }

    @Test("an unknown action goes to the app")
    func unknown() {
        let c = controller(), endings = Endings()
        c.didReceive(action: "something-new") { endings.values.append($0) }
        #expect(endings.values == [.dismissAndForward])
    }

    @Test("a new response while one runs ends the first once, with its own ending")
    func overlapping() {
        let c = controller(), endings = Endings()
        c.didReceive(action: "action-like") { endings.values.append($0) }
        c.didReceive(action: "action-collect") { endings.values.append($0) }
        #expect(endings.values == [.dismiss])
        #expect(view.log == ["play like.m4a", "stop", "show 收藏成功~"])
        view.finish("like.m4a")
        clock.advance(by: 10)
        #expect(endings.values == [.dismiss, .dismiss])
        #expect(clock.pendingCount == 0)
    }
}
