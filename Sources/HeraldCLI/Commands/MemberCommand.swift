import Foundation
import HeraldCore
import HeraldGateway
import HeraldStore

/// `herald member invite`: an invite to an app made in the store itself, so the first
/// owner can be invited before anyone can sign in (later invites come from owners, in the
/// console or through the API).
enum MemberCommand: Command {
    static let name = "member"
    static let summary = "Invite a person to an app (the first owner, before anyone can sign in)"
    static let help = """
        Usage: herald member invite --app ID --email E --role owner|admin|sender|viewer [--console-url URL] [STORE]

        Prints {"email", "role", "invite", "url", "expiresAt"}: a one-time invite (hin_...) that
        lasts 72 hours, and the console page that takes it. The person opens the URL, sets a
        password (at least 12 characters, not a common one) and is signed in with that role.
        A person who has an account already gets the role at once ("invite": null).

        Options:
        \(OptionHelp.lines(spec.allOptions))

        Exit status: 0 done, 1 the store failed, 2 bad usage or input.
        """
    static let app = Option.text("app", "ID", "the app")
    static let email = Option.text("email", "E", "the person's e-mail address")
    static let role = Option.choice("role", "R", ["owner", "admin", "sender", "viewer"], default: "viewer", "the person's role in the app")
    static let consoleURL = Option.text(
        "console-url", "URL", "the console's address as people reach it (default http://127.0.0.1:8080/console)")

    static let spec = Arguments.Spec(actions: [
        .init("invite", StoreOptions.all + [app.descriptor, email.descriptor, role.descriptor, consoleURL.descriptor])
    ])

    static func run(_ arguments: Arguments, terminal: Terminal) async -> Int32 {
        guard arguments.positionals == ["invite"] else { return usage("expected: herald member invite --app ID --email E --role ROLE", terminal) }
        let location: StoreLocation
        do {
            location = try StoreOptions.location(arguments, environment: ProcessInfo.processInfo.environment, creating: false)
        } catch {
            return usage("\(error)", terminal)
        }
        guard let appID = arguments[Self.app] else { return usage("--app is required: --app ID", terminal) }
        guard let text = arguments[Self.email], let email = MemberInvites.email(text) else {
            return usage("--email is required and must be an e-mail address (name@example.com)", terminal)
        }
        let role = Role(rawValue: arguments[Self.role]) ?? .viewer
        do {
            let store = try location.open(connections: 2)
            guard try store.app(id: appID, includingCredentials: false) != nil else {
                return fail("--app: no app \(appID) in \(location); 'herald app list' shows them", terminal)
            }
            let now = Date().timeIntervalSince1970
            if let account = try store.account(email: email) {
                _ = try store.addMember(appID: appID, accountID: account.id, role: role.rawValue, now: now)
                guard try store.setRole(appID: appID, email: email, role: role.rawValue) else {
                    return fail("\(email) could not be made a member of \(appID)", terminal, status: 1)
                }
                terminal.print(JSONWriter.serialize(["email": .string(email), "role": .string(role.rawValue), "invite": .null]))
                return 0
            }
            let invite = try MemberInvites.make(store: store, appID: appID, email: email, role: role, now: now)
            let base = arguments[Self.consoleURL] ?? "http://127.0.0.1:8080/console"
            let json = MemberInvites.json(invite.record, token: invite.token, url: MemberInvites.url(base: base, token: invite.token))
            terminal.print(JSONWriter.serialize(.object(json)))
            return 0
        } catch let error as StoreError where error.reason == .conflict {
            return fail("\(error.message)", terminal)
        } catch {
            return fail("\(location): \(error)", terminal, status: 1)
        }
    }
}
