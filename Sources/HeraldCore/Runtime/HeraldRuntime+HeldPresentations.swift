extension HeraldRuntime {
    /// Presentations waiting for `uiReady()`.
    var heldPresentations: Int {
        buffer.filter { if case .present = $0 { true } else { false } }.count
    }

    /// Starts or stops the watch on presentations held for the UI: while the app is
    /// active, the UI is not ready and something waits to be shown, a timer of
    /// `heldPresentationWarning` seconds runs; when it runs out, the logger is told.
    func watchHeldPresentations() {
        guard !isUIReady, state == .active, heldPresentations > 0 else {
            heldWarning?.cancel()
            heldWarning = nil
            return
        }
        guard heldWarning == nil else { return }
        heldWarning = clock.schedule(after: configuration.heldPresentationWarning) { [weak self] in
            self?.warnHeldPresentations()
        }
    }

    private func warnHeldPresentations() {
        heldWarning = nil
        let held = heldPresentations
        guard !isUIReady, state == .active, held > 0 else { return }
        ports.logger.log(
            .warning,
            "herald: \(held) foreground presentation\(held == 1 ? "" : "s") held for \(configuration.heldPresentationWarning) s "
                + "of being active, waiting for uiReady(); call uiReady() once the root view controller exists")
    }
}
