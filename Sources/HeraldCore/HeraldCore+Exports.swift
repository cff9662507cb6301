// The app runtime speaks in the payload model's and the shared target's types (JSON,
// PushNotification, ServerClock...): an app that imports HeraldCore sees them without
// importing the lower targets by name. Server targets import those targets alone and
// never link the runtime.
@_exported import HeraldPayload
@_exported import HeraldShared
