extension HeraldRuntime {
    /// Sets an `async` presentation hook; like `presentationHook`, it has
    /// `RuntimeConfiguration.hookTimeout` to answer before the policy decides.
    public func setPresentationHook(_ hook: @escaping @MainActor (PresentationContext) async -> PresentationDecision?) {
        presentationHook = { context, decide in
            Task { @MainActor in decide(await hook(context)) }
        }
    }
}
