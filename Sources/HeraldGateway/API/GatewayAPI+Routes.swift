import Foundation

extension GatewayAPI {
    /// The API's routes (the console's page, assets and session are in `consoleRoutes`).
    static let apiRoutes: [Route] = [
        Route(method: "GET", pattern: ["healthz"], name: "healthz", access: nil, place: .probe) { api, _ in api.healthCheck() },
        Route(method: "GET", pattern: ["metrics"], name: "metrics", access: nil, place: .loop) { try $0.scrapeMetrics($1) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "devices"], name: "register_device", access: .register) {
            try $0.registerDevice($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "devices", ":device"], name: "get_device", access: .device) {
            try $0.getDevice($1)
        },
        Route(method: "DELETE", pattern: ["v1", "apps", ":app", "devices", ":device"], name: "delete_device", access: .device) {
            try $0.deleteDevice($1)
        },
        Route(method: "PUT", pattern: ["v1", "apps", ":app", "devices", ":device", "interests"], name: "set_interests", access: .device) {
            try $0.setInterests($1)
        },
        Route(method: "PUT", pattern: ["v1", "apps", ":app", "devices", ":device", "user"], name: "set_user", access: .device) {
            try $0.setUser($1)
        },
        Route(method: "PUT", pattern: ["v1", "apps", ":app", "devices", ":device", "attributes"], name: "set_attributes", access: .device) {
            try $0.setAttributes($1)
        },
        Route(
            method: "GET", pattern: ["v1", "apps", ":app", "devices", ":device", "live-activities"], name: "list_activities",
            access: .device
        ) {
            try $0.listActivities($1)
        },
        Route(
            method: "PUT", pattern: ["v1", "apps", ":app", "devices", ":device", "push-to-start", ":activityType"],
            name: "set_push_to_start",
            access: .device
        ) { try $0.setPushToStartToken($1) },
        Route(
            method: "PUT", pattern: ["v1", "apps", ":app", "devices", ":device", "live-activities", ":activityId"],
            name: "set_activity_token",
            access: .device
        ) { try $0.setActivityToken($1) },
        Route(
            method: "DELETE", pattern: ["v1", "apps", ":app", "devices", ":device", "live-activities", ":activityId"], name: "end_activity",
            access: .device
        ) { try $0.endActivity($1) },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "devices", ":device", "inbox"], name: "get_device_inbox", access: .device) {
            try $0.getDeviceInbox($1)
        },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "devices", ":device", "inbox", "read"], name: "read_inbox", access: .device) {
            try $0.changeDeviceInbox($1, .read)
        },
        Route(
            method: "POST", pattern: ["v1", "apps", ":app", "devices", ":device", "inbox", "delete"], name: "delete_inbox", access: .device
        ) { try $0.changeDeviceInbox($1, .delete) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "publishes"], name: "publish", access: .server) { try $0.createPublish($1) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "audience"], name: "audience", access: .server) { try $0.audience($1) },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "publishes", ":publish"], name: "get_publish", access: .server) {
            try $0.getPublish($1)
        },
        Route(method: "DELETE", pattern: ["v1", "apps", ":app", "publishes", ":publish"], name: "cancel_publish", access: .server) {
            try $0.cancelPublish($1)
        },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "channels"], name: "create_channel", access: .server) {
            try $0.createChannel($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "channels"], name: "list_channels", access: .server) {
            try $0.listChannels($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "channels", ":channel"], name: "get_channel", access: .server) {
            try $0.getChannel($1)
        },
        Route(method: "DELETE", pattern: ["v1", "apps", ":app", "channels", ":channel"], name: "delete_channel", access: .server) {
            try $0.deleteChannel($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "users", ":user", "export"], name: "export_user", access: .server) {
            try $0.exportUser($1)
        },
        Route(method: "DELETE", pattern: ["v1", "apps", ":app", "users", ":user"], name: "delete_user", access: .server) {
            try $0.deleteUser($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "users", ":user", "inbox"], name: "get_user_inbox", access: .server) {
            try $0.getUserInbox($1)
        },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "users", ":user", "inbox"], name: "add_user_inbox", access: .server) {
            try $0.addUserInbox($1)
        },
        Route(
            method: "DELETE", pattern: ["v1", "apps", ":app", "users", ":user", "inbox", ":message"], name: "delete_user_inbox",
            access: .server
        ) { try $0.deleteUserInbox($1) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "events"], name: "events", access: .events) { try $0.recordEvents($1) },
        // Events out (`GatewayAPI+EventFeed`, `GatewayAPI+Webhooks`).
        Route(method: "GET", pattern: ["v1", "apps", ":app", "event-feed"], name: "event_feed", access: .server) { try $0.getEventFeed($1) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "webhooks"], name: "create_webhook", access: .server) {
            try $0.createWebhook($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "webhooks"], name: "list_webhooks", access: .server) { try $0.listWebhooks($1) },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "webhooks", ":webhook"], name: "get_webhook", access: .server) {
            try $0.getWebhook($1)
        },
        Route(method: "PATCH", pattern: ["v1", "apps", ":app", "webhooks", ":webhook"], name: "patch_webhook", access: .server) {
            try $0.patchWebhook($1)
        },
        Route(method: "DELETE", pattern: ["v1", "apps", ":app", "webhooks", ":webhook"], name: "delete_webhook", access: .server) {
            try $0.deleteWebhook($1)
        },
        Route(
            method: "POST", pattern: ["v1", "apps", ":app", "webhooks", ":webhook", "rotate-secret"], name: "rotate_webhook_secret",
            access: .server
        ) { try $0.rotateWebhookSecret($1) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "webhooks", ":webhook", "replay"], name: "replay_webhook", access: .server) {
            try $0.replayWebhook($1)
        },
        Route(
            method: "GET", pattern: ["v1", "apps", ":app", "webhooks", ":webhook", "attempts"], name: "webhook_attempts", access: .server
        ) { try $0.webhookAttempts($1) },
        // Reads with the server key, which Herald Console's pages use (`GatewayAPI+Reads`).
        Route(method: "GET", pattern: ["v1", "apps", ":app", "publishes"], name: "list_publishes", access: .server) {
            try $0.listPublishes($1)
        },
        Route(
            method: "GET", pattern: ["v1", "apps", ":app", "publishes", ":publish", "failures"], name: "publish_failures", access: .server
        ) {
            try $0.publishFailures($1)
        },
        Route(
            method: "GET", pattern: ["v1", "apps", ":app", "publishes", ":publish", "timeline"], name: "publish_timeline", access: .server
        ) {
            try $0.publishTimeline($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "devices"], name: "find_devices", access: .server) { try $0.findDevices($1) },
        Route(
            method: "GET", pattern: ["v1", "apps", ":app", "devices", ":device", "deliveries"], name: "device_deliveries", access: .server
        ) {
            try $0.deviceDeliveries($1)
        },
        Route(method: "GET", pattern: ["v1", "apps", ":app", "settings"], name: "app_settings", access: .server) { try $0.appSettings($1) },
        Route(method: "POST", pattern: ["v1", "apps", ":app", "lint"], name: "lint_publish", access: .server) { try $0.lintPublish($1) },
    ]
}
