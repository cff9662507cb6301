/// The view a content extension drives: the Apple adapter implements it with a
/// label and an audio player; tests with a recorder.
@MainActor
public protocol ContentExtensionView: AnyObject {
    /// Replaces the text on screen.
    func show(_ text: String)
    /// Starts a sound; calls `finished` once when it ends by itself.
    func play(sound: String, finished: @escaping @MainActor () -> Void)
    /// Stops the sound now (a later action, or the wait ran out).
    func stopSound()
}

/// Runs a `ContentExtensionModel` (`UNNotificationContentExtension`): shows the
/// body, then for each response runs the action's steps on the clock and calls
/// its completion exactly once with how the extension ends.
@MainActor
public final class ContentExtensionController {
    public let model: ContentExtensionModel
    let view: any ContentExtensionView
    let clock: any HeraldClock
    /// Steps of type `notifyApp`: the action and the typed text, for the app (App Group, server).
    public var onForward: (@MainActor (_ action: String, _ text: String?) -> Void)?

    private var running: Run?

    private final class Run {
        let action: String
        let text: String?
        var steps: ArraySlice<ActionBehavior.Step>
        let ending: ActionBehavior.Ending
        var completion: (@MainActor (ActionBehavior.Ending) -> Void)?
        var timer: ClockTimer?
        var soundPlaying = false

        init(action: String, text: String?, behavior: ActionBehavior, completion: @escaping @MainActor (ActionBehavior.Ending) -> Void) {
            self.action = action
            self.text = text
            self.steps = behavior.steps[...]
            self.ending = behavior.ending
            self.completion = completion
        }
    }

    public init(model: ContentExtensionModel, view: any ContentExtensionView, clock: any HeraldClock) {
        self.model = model
        self.view = view
        self.clock = clock
    }

    /// `didReceive(_ notification:)`: shows the body.
    public func didReceive(_ content: NotificationContent) {
        view.show(content.body ?? "")
    }

    /// `didReceive(_ response:completionHandler:)`. A response that arrives while
    /// another still runs ends that one at once (with its own ending), then runs.
    public func didReceive(action: String, text: String? = nil, completion: @escaping @MainActor (ActionBehavior.Ending) -> Void) {
        if let previous = running { end(previous) }
        let run = Run(action: action, text: text, behavior: model.behavior(for: action), completion: completion)
        running = run
        advance(run)
    }

    private func advance(_ run: Run) {
        guard running === run else { return }
        while let step = run.steps.popFirst() {
            switch step {
            case .show(let text):
                view.show(text)
            case .showTypedText:
                view.show(run.text ?? "")
            case .notifyApp:
                onForward?(run.action, run.text)
            case .hold(let seconds):
                run.timer = clock.schedule(after: seconds) { [weak self] in self?.advance(run) }
                return
            case .playSound(let name):
                var ended = false
                let next: @MainActor () -> Void = { [weak self] in
                    guard !ended else { return }
                    ended = true
                    run.timer?.cancel()
                    if run.soundPlaying {
                        run.soundPlaying = false
                        self?.view.stopSound()
                    }
                    self?.advance(run)
                }
                run.soundPlaying = true
                run.timer = clock.schedule(after: model.maxSoundWait) { next() }
                view.play(sound: name) {
                    run.soundPlaying = false
                    next()
                }
                return
            }
        }
        end(run)
    }

    private func end(_ run: Run) {
        run.timer?.cancel()
        if run.soundPlaying {
            run.soundPlaying = false
            view.stopSound()
        }
        if running === run { running = nil }
        let completion = run.completion
        run.completion = nil
        completion?(run.ending)
    }
}
