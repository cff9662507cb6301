import Foundation

extension GatewayAPI {
    /// The API's routes (the console's page, assets and session are in `consoleRoutes`).
    static let apiRoutes: [Route] = [
        Route(method: "GET", pattern: ["healthz"], name: "healthz", access: nil, scope: nil, place: .probe) { api, _ in api.healthCheck() },
        Route(method: "GET", pattern: ["metrics"], name: "metrics", access: nil, scope: nil, place: .loop) { try $0.scrapeMetrics($1) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "devices"], name: "register_device", access: .register, scope: .devices, audit: "device.register") {
            try $0.registerDevice($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "devices", ":device"], name: "get_device", access: .device, scope: .read) {
            try $0.getDevice($1)
        },
        Route(method: "DELETE", pattern: ["v1", "apps", ":app", "devices", ":device"], name: "delete_device", access: .device, scope: .devices, audit: "device.delete") {
            try $0.deleteDevice($1)
        },
        Route(method: "PUT", pattern: ["v1", "apps", ":app", "devices", ":device", "interests"], name: "set_interests", access: .device, scope: .devices, audit: "device.interests") {
            try $0.setInterests($1)
        },
        Route(method: "PUT", pattern: ["v1", "apps", ":app", "devices", ":device", "user"], name: "set_user", access: .device, scope: .devices, audit: "device.user") {
            try $0.setUser($1)
        },
        Route(method: "PUT", pattern: ["v1", "apps", ":app", "devices", ":device", "attributes"], name: "set_attributes", access: .device, scope: .devices, audit: "device.attributes") {
            try $0.setAttributes($1)
        },
        Route(
            method: "GET", pattern: ["v1", "apps", ":app", "devices", ":device", "live-activities"], name: "list_activities",
            access: .device, scope: .read
        ) {
            try $0.listActivities($1)
        },
        Route(
            method: "PUT", pattern: ["v1", "apps", ":app", "devices", ":device", "push-to-start", ":activityType"],
            name: "set_push_to_start",
            access: .device, scope: .devices, audit: "activity.push_to_start"
        ) { try $0.setPushToStartToken($1) },
        Route(
            method: "PUT", pattern: ["v1", "apps", ":app", "devices", ":device", "live-activities", ":activityId"],
            name: "set_activity_token",
            access: .device, scope: .devices, audit: "activity.token"
        ) { try $0.setActivityToken($1) },
        Route(
            method: "DELETE", pattern: ["v1", "apps", ":app", "devices", ":device", "live-activities", ":activityId"], name: "end_activity",
            access: .device, scope: .devices, audit: "activity.end"
        ) { try $0.endActivity($1) },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "devices", ":device", "inbox"], name: "get_device_inbox", access: .device, scope: .read) {
            try $0.getDeviceInbox($1)
        },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "devices", ":device", "inbox", "read"], name: "read_inbox", access: .device, scope: .inbox, audit: "inbox.read") {
            try $0.changeDeviceInbox($1, .read)
        },
        Route(
            method: "POST", pattern: ["v1", "apps", ":app", "devices", ":device", "inbox", "delete"], name: "delete_inbox", access: .device, scope: .inbox, audit: "inbox.delete"
        ) { try $0.changeDeviceInbox($1, .delete) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "publishes"], name: "publish", access: .server, scope: .publish, audit: "publish.create") { try $0.createPublish($1) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "audience"], name: "audience", access: .server, scope: .publish) { try $0.audience($1) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "publishes", "preview"], name: "preview_publish", access: .server, scope: .publish) {
            try $0.previewPublish($1)
        },
        Route(
            method: "GET", pattern: ["v1", "apps", ":app", "publishes", ":publish", "devices", ":device"], name: "explain_delivery", access: .server,
            scope: .read
        ) { try $0.explainDelivery($1) },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "publishes", ":publish"], name: "get_publish", access: .server, scope: .read) {
            try $0.getPublish($1)
        },
        Route(method: "DELETE", pattern: ["v1", "apps", ":app", "publishes", ":publish"], name: "cancel_publish", access: .server, scope: .publish, audit: "publish.cancel") {
            try $0.cancelPublish($1)
        },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "channels"], name: "create_channel", access: .server, scope: .admin, audit: "channel.create") {
            try $0.createChannel($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "channels"], name: "list_channels", access: .server, scope: .read) {
            try $0.listChannels($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "channels", ":channel"], name: "get_channel", access: .server, scope: .read) {
            try $0.getChannel($1)
        },
        Route(method: "DELETE", pattern: ["v1", "apps", ":app", "channels", ":channel"], name: "delete_channel", access: .server, scope: .admin, audit: "channel.delete") {
            try $0.deleteChannel($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "users", ":user", "export"], name: "export_user", access: .server, scope: .users, audit: "user.export") {
            try $0.exportUser($1)
        },
        Route(method: "DELETE", pattern: ["v1", "apps", ":app", "users", ":user"], name: "delete_user", access: .server, scope: .users, audit: "user.delete") {
            try $0.deleteUser($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "users", ":user", "inbox"], name: "get_user_inbox", access: .server, scope: .read) {
            try $0.getUserInbox($1)
        },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "users", ":user", "inbox"], name: "add_user_inbox", access: .server, scope: .inbox, audit: "inbox.add") {
            try $0.addUserInbox($1)
        },
        Route(
            method: "DELETE", pattern: ["v1", "apps", ":app", "users", ":user", "inbox", ":message"], name: "delete_user_inbox",
            access: .server, scope: .inbox, audit: "inbox.remove"
        ) { try $0.deleteUserInbox($1) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "events"], name: "events", access: .events, scope: .devices, audit: "receipts.record") { try $0.recordEvents($1) },
        // Events out (`GatewayAPI+EventFeed`, `GatewayAPI+Webhooks`).
        Route(method: "GET", pattern: ["v1", "apps", ":app", "event-feed"], name: "event_feed", access: .server, scope: .read) { try $0.getEventFeed($1) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "webhooks"], name: "create_webhook", access: .server, scope: .admin, audit: "webhook.create") {
            try $0.createWebhook($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "webhooks"], name: "list_webhooks", access: .server, scope: .admin) { try $0.listWebhooks($1) },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "webhooks", ":webhook"], name: "get_webhook", access: .server, scope: .admin) {
            try $0.getWebhook($1)
        },
        Route(method: "PATCH", pattern: ["v1", "apps", ":app", "webhooks", ":webhook"], name: "patch_webhook", access: .server, scope: .admin, audit: "webhook.update") {
            try $0.patchWebhook($1)
        },
        Route(method: "DELETE", pattern: ["v1", "apps", ":app", "webhooks", ":webhook"], name: "delete_webhook", access: .server, scope: .admin, audit: "webhook.delete") {
            try $0.deleteWebhook($1)
        },
        Route(
            method: "POST", pattern: ["v1", "apps", ":app", "webhooks", ":webhook", "rotate-secret"], name: "rotate_webhook_secret",
            access: .server, scope: .admin, audit: "webhook.rotate_secret"
        ) { try $0.rotateWebhookSecret($1) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "webhooks", ":webhook", "replay"], name: "replay_webhook", access: .server, scope: .admin, audit: "webhook.replay") {
            try $0.replayWebhook($1)
        },
        Route(
            method: "GET", pattern: ["v1", "apps", ":app", "webhooks", ":webhook", "attempts"], name: "webhook_attempts", access: .server, scope: .admin
        ) { try $0.webhookAttempts($1) },
        // Reads with the server key, which Herald Console's pages use (`GatewayAPI+Reads`).
        Route(method: "GET", pattern: ["v1", "apps", ":app", "publishes"], name: "list_publishes", access: .server, scope: .read) {
            try $0.listPublishes($1)
        },
        Route(
            method: "GET", pattern: ["v1", "apps", ":app", "publishes", ":publish", "failures"], name: "publish_failures", access: .server, scope: .read
        ) {
            try $0.publishFailures($1)
        },
        Route(
            method: "GET", pattern: ["v1", "apps", ":app", "publishes", ":publish", "timeline"], name: "publish_timeline", access: .server, scope: .read
        ) {
            try $0.publishTimeline($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "devices"], name: "find_devices", access: .server, scope: .read) { try $0.findDevices($1) },
        Route(
            method: "GET", pattern: ["v1", "apps", ":app", "devices", ":device", "deliveries"], name: "device_deliveries", access: .server, scope: .read
        ) {
            try $0.deviceDeliveries($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "settings"], name: "app_settings", access: .server, scope: .read) { try $0.appSettings($1) },
        // Scoped keys and the audit log (`GatewayAPI+Keys`, `GatewayAPI+Audit`).
        Route(method: "POST", pattern: ["v1", "apps", ":app", "keys"], name: "create_key", access: .server, scope: .admin, audit: "key.create") {
            try $0.createKey($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "keys"], name: "list_keys", access: .server, scope: .admin) { try $0.listKeys($1) },
        Route(
            method: "DELETE", pattern: ["v1", "apps", ":app", "keys", ":keyId"], name: "revoke_key", access: .server, scope: .admin,
            audit: "key.revoke"
        ) { try $0.revokeKey($1) },
        // Members (`GatewayAPI+Members`): owners only.
        Route(method: "POST", pattern: ["v1", "apps", ":app", "members"], name: "add_member", access: .server, scope: .members, audit: "member.add") {
            try $0.addMember($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "members"], name: "list_members", access: .server, scope: .members) {
            try $0.listMembers($1)
        },
        Route(
            method: "PUT", pattern: ["v1", "apps", ":app", "members", ":email"], name: "set_member_role", access: .server, scope: .members,
            audit: "member.role"
        ) { try $0.setMemberRole($1) },
        Route(
            method: "DELETE", pattern: ["v1", "apps", ":app", "members", ":email"], name: "remove_member", access: .server, scope: .members,
            audit: "member.remove"
        ) { try $0.removeMember($1) },
        Route(
            method: "DELETE", pattern: ["v1", "apps", ":app", "members", ":email", "totp"], name: "reset_member_totp", access: .server,
            scope: .members, audit: "member.reset_totp"
        ) { try $0.resetMemberTOTP($1) },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "audit"], name: "audit_log", access: .server, scope: .admin) { try $0.auditLog($1) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "lint"], name: "lint_publish", access: .server, scope: .publish) { try $0.lintPublish($1) },
    ]
}
