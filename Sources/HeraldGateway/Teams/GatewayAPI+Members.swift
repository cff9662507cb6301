import HeraldAuth
import HeraldHTTP
import HeraldShared
import HeraldStore

/// An app's members (the `members` scope: owners): added by e-mail (an invite for a new
/// person), listed, their role changed, removed, their TOTP reset. The app keeps an owner:
/// the last one can be neither removed nor demoted.
extension GatewayAPI {
    /// POST /v1/apps/{app}/members `{"email", "role"}`: 201 `{"email", "role", "invite"}`; a
    /// person with an account gets the role at once (`invite` null), another an invite.
    func addMember(_ context: Context) throws -> HTTPResponse {
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["email", "role"])
        let email = try Self.memberEmail(try reader.string("email", required: true, maxLength: 254) ?? "", field: "email")
        let role = try Self.role(try reader.string("role", required: true, maxLength: 20) ?? "", field: "role")
        AuditDraft.nameTarget(email)
        let now = now()
        if let account = try store.account(email: email) {
            guard try store.addMember(appID: context.appID, accountID: account.id, role: role.rawValue, now: now) else {
                throw APIError(409, "conflict", "\(email) is a member of app \(context.appID) already: PUT …/members/\(email) changes the role")
            }
            return .json(201, ["email": .string(email), "role": .string(role.rawValue), "invite": .null])
        }
        let invite = try MemberInvites.make(store: store, appID: context.appID, email: email, role: role, now: now)
        let json = MemberInvites.json(invite.record, token: invite.token, url: inviteURL(invite.token, context.request))
        var response = HTTPResponse.json(201, .object(json))
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    /// The console page that takes the invite: `--console-url`, or this gateway's own.
    func inviteURL(_ token: String, _ request: HTTPRequest) -> String {
        let base =
            console.publicURL
            ?? ((secureCookie(request) ? "https://" : "http://") + (request.header("host") ?? "127.0.0.1:8080") + "/console")
        return MemberInvites.url(base: base, token: token)
    }

    /// GET /v1/apps/{app}/members: `{"members": [{"email", "role", "since", "totpEnabled"}], "invites": [...]}`.
    func listMembers(_ context: Context) throws -> HTTPResponse {
        let members = try store.members(appID: context.appID).map { member -> JSONValue in
            [
                "email": .string(member.email), "role": .string(member.role), "since": .double(member.since),
                "totpEnabled": .bool(member.totpEnabled),
            ]
        }
        let invites = try store.pendingInvites(appID: context.appID, now: now()).map { invite -> JSONValue in
            ["email": .string(invite.email), "role": .string(invite.role), "expiresAt": .double(invite.expiresAt)]
        }
        return .json(200, ["members": .array(members), "invites": .array(invites)])
    }

    /// PUT /v1/apps/{app}/members/{email} `{"role"}`.
    func setMemberRole(_ context: Context) throws -> HTTPResponse {
        let email = try Self.memberEmail(context.parameters["email"] ?? "", field: "email")
        let reader = try JSONObjectReader(try body(context))
        try reader.allow(["role"])
        let role = try Self.role(try reader.string("role", required: true, maxLength: 20) ?? "", field: "role")
        guard try store.setRole(appID: context.appID, email: email, role: role.rawValue) else { throw Self.noMember(email, context.appID) }
        return .json(200, ["email": .string(email), "role": .string(role.rawValue)])
    }

    /// DELETE /v1/apps/{app}/members/{email}: 204; their next request to the app is refused.
    func removeMember(_ context: Context) throws -> HTTPResponse {
        let email = try Self.memberEmail(context.parameters["email"] ?? "", field: "email")
        guard try store.removeMember(appID: context.appID, email: email) else { throw Self.noMember(email, context.appID) }
        return HTTPResponse(status: 204)
    }

    /// DELETE /v1/apps/{app}/members/{email}/totp: the member signs in without a code until
    /// they turn TOTP on again (a lost phone).
    func resetMemberTOTP(_ context: Context) throws -> HTTPResponse {
        let email = try Self.memberEmail(context.parameters["email"] ?? "", field: "email")
        guard try store.resetTOTP(appID: context.appID, email: email, now: now()) else { throw Self.noMember(email, context.appID) }
        return HTTPResponse(status: 204)
    }

    static func memberEmail(_ text: String, field: String) throws -> String {
        guard let email = EmailAddress.normalized(text) else {
            throw ValidationError(field, "\"\(text.prefix(60))\" is not an e-mail address (name@example.com)")
        }
        return email
    }

    static func role(_ text: String, field: String) throws -> Role {
        guard let role = Role(rawValue: text) else {
            throw ValidationError(field, "\"\(text.prefix(20))\" is no role: give owner, admin, sender or viewer")
        }
        return role
    }

    static func noMember(_ email: String, _ app: String) -> APIError {
        .notFound("\(email) is no member of app \(app): GET /v1/apps/\(app)/members lists them")
    }
}
